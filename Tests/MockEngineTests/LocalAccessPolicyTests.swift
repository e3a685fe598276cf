import HTTPServer
import Testing

@testable import MockEngine

/// Which requests may drive the admin API and record mode: programs on this machine and the
/// dashboard, never a web page of another origin (DNS rebinding, `no-cors` requests, `<img>`).
@Suite struct LocalAccessPolicyTests {
    private func request(_ method: String, _ target: String, _ headers: HTTPHeaders) -> HTTPRequest {
        HTTPRequest(method: method, target: target, headers: headers)
    }

    private func request(_ headers: HTTPHeaders) -> HTTPRequest {
        request("GET", "/__admin/health", headers)
    }

    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8080", "localhost:8080", "LOCALHOST", "localhost.:1", "app.localhost:3000",
        "127.1.2.3:9", "[::1]:8080", "[::ffff:127.0.0.1]:80",
    ])
    func loopbackNamesAreThisServer(host: String) {
        #expect(LocalAccessPolicy.loopback.refusal(ofAdmin: request(["Host": host])) == nil)
    }

    @Test(arguments: ["evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1", "[::2]"])
    func anyOtherHostIsMisdirectedEvenForReads(host: String) {
        let refusal = LocalAccessPolicy.loopback.refusal(ofAdmin: request(["Host": host]))
        #expect(refusal == .foreignHost(host))
        #expect(refusal?.status == 421)
        #expect(refusal?.description.contains("DNS rebinding") == true)
    }

    @Test func theBoundAddressAndAllowedNamesAreThisServerButAWildcardBindNamesNothing() {
        let bound = LocalAccessPolicy(boundHost: "192.168.1.5", allowedHosts: ["mockweather"])
        #expect(bound.refusal(ofAdmin: request(["Host": "192.168.1.5:8080"])) == nil)
        #expect(bound.refusal(ofAdmin: request(["Host": "mockweather:8080"])) == nil)
        #expect(bound.refusal(ofAdmin: request(["Host": "192.168.1.6:8080"])) != nil)
        // A mocked API's host: the URLProtocol mode and proxy clients name it, and no page can rebind it.
        let providers = LocalAccessPolicy(boundHost: "127.0.0.1", providerHosts: ["api.openweathermap.org"])
        #expect(providers.refusal(ofAdmin: request(["Host": "api.openweathermap.org"])) == nil)
        let wildcard = LocalAccessPolicy(boundHost: "0.0.0.0")
        #expect(wildcard.refusal(ofAdmin: request(["Host": "0.0.0.0:8080"])) != nil)
        #expect(wildcard.refusal(ofAdmin: request(["Host": "localhost:8080"])) == nil)
    }

    @Test func aStateChangeFromAnotherOriginIsForbiddenAndFromTheDashboardsOwnIsNot() {
        let policy = LocalAccessPolicy.loopback
        let foreign = policy.refusal(
            ofAdmin: request("POST", "/__admin/reset", ["Host": "127.0.0.1:8080", "Origin": "https://evil.example"]))
        #expect(foreign == .foreignOrigin("https://evil.example"))
        #expect(foreign?.status == 403)
        let opaque = policy.refusal(ofAdmin: request("POST", "/__admin/reset", ["Origin": "null"]))
        #expect(opaque == .foreignOrigin("null"))
        let crossSite = policy.refusal(ofAdmin: request("DELETE", "/__admin/route", ["Sec-Fetch-Site": "cross-site"]))
        #expect(crossSite == .foreignOrigin("Sec-Fetch-Site: cross-site"))
        let dashboard: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin",
        ]
        #expect(policy.refusal(ofAdmin: request("POST", "/__admin/reset", dashboard)) == nil)
        #expect(policy.refusal(ofAdmin: request("POST", "/__admin/reset", ["Host": "127.0.0.1:8080"])) == nil)
        // Reads are the same-origin policy's to guard: a page cannot read them without the Host check failing.
        #expect(policy.refusal(ofAdmin: request(["Origin": "https://evil.example"])) == nil)
    }

    @Test(arguments: [
        "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ])
    func aStateChangeTakesNoBodyTypeAPageMaySendWithoutAPreflight(type: String) {
        let refusal = LocalAccessPolicy.loopback.refusal(
            ofAdmin: request("PUT", "/__admin/route", ["Content-Type": type]))
        #expect(refusal == .unacceptableContentType(type))
        #expect(refusal?.status == 415)
        #expect(
            LocalAccessPolicy.loopback.refusal(
                ofAdmin: request("PUT", "/__admin/route", ["Content-Type": "application/json; charset=utf-8"])) == nil)
    }

    @Test func recordModeForwardsForThisServerOrAMockedAPIButNotForAPageOfAnotherOrigin() {
        let policy = LocalAccessPolicy(boundHost: "127.0.0.1", providerHosts: ["api.openweathermap.org"])
        let target = "/data/2.5/weather?q=X"
        #expect(policy.refusal(ofForwarding: request("GET", target, ["Host": "127.0.0.1:8080"])) == nil)
        #expect(
            policy.refusal(ofForwarding: request("GET", "http://api.openweathermap.org\(target)", ["Host": "x"])) == nil
        )
        #expect(
            policy.refusal(ofForwarding: request("GET", target, ["Host": "evil.example"]))
                == .foreignHost("evil.example"))
        // `<img src>` on a page of another origin: no Origin, but the fetch metadata and the referrer.
        let image: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
            "Sec-Fetch-Dest": "image", "Referer": "https://evil.example/page.html",
        ]
        #expect(
            policy.refusal(ofForwarding: request("GET", target, image))
                == .foreignOrigin("https://evil.example/page.html"))
        let olderBrowser: HTTPHeaders = ["Host": "127.0.0.1", "Referer": "https://evil.example/"]
        #expect(policy.refusal(ofForwarding: request("GET", target, olderBrowser)) != nil)
        let noReferrer: HTTPHeaders = ["Host": "127.0.0.1", "Sec-Fetch-Site": "cross-site"]
        #expect(policy.refusal(ofForwarding: request("GET", target, noReferrer)) != nil)
        let localApp: HTTPHeaders = [
            "Host": "127.0.0.1", "Origin": "http://localhost:3000", "Sec-Fetch-Site": "same-site",
        ]
        #expect(policy.refusal(ofForwarding: request("GET", target, localApp)) == nil)
    }

    @Test func anAllowedOriginMayRecordAndDriveTheAdminAPI() {
        let policy = LocalAccessPolicy(boundHost: "127.0.0.1", allowedOrigins: ["http://MyApp.test:3000/"])
        let app: HTTPHeaders = [
            "Host": "127.0.0.1", "Origin": "http://myapp.test:3000", "Sec-Fetch-Site": "cross-site",
        ]
        #expect(policy.refusal(ofForwarding: request("GET", "/data/2.5/weather?q=X", app)) == nil)
        #expect(policy.refusal(ofAdmin: request("POST", "/__admin/reset", app)) == nil)
        let image: HTTPHeaders = [
            "Host": "127.0.0.1", "Referer": "http://myapp.test:3000/x", "Sec-Fetch-Site": "cross-site",
        ]
        #expect(policy.refusal(ofForwarding: request("GET", "/data/2.5/weather?q=X", image)) == nil)
        let other: HTTPHeaders = ["Host": "127.0.0.1", "Origin": "http://myapp.test:3001"]
        #expect(policy.refusal(ofForwarding: request("GET", "/data/2.5/weather?q=X", other)) != nil)
    }

    @Test(arguments: [("http://localhost:3000", true), ("null", true), ("localhost:3000", false), ("http://", false)])
    func allowOriginTakesOnlyOrigins(text: String, isOrigin: Bool) {
        #expect(LocalAccessPolicy.isOrigin(text) == isOrigin)
    }

    /// Each of these once passed: the check read past userinfo or junk to a loopback name in it.
    @Test(arguments: [
        "127.0.0.1:8080@evil.example", "[::1]evil", "[::1]:80evil", "localhost:80:80", "127.0.0.1:8o", "127.0.0.1 x",
        "evil.example#@127.0.0.1", "user@127.0.0.1", "127.0.0.1:123456", "[evil]", "", ":8080", "::1",
    ])
    func aHostWithUserinfoOrJunkIsNoHostOfThisServer(host: String) {
        let refusal = LocalAccessPolicy.loopback.refusal(ofAdmin: request(["Host": host]))
        #expect(refusal == .foreignHost(host))
        #expect(LocalAccessPolicy.hostName(host) == nil)
    }

    @Test(arguments: [
        "http://evil.example@127.0.0.1", "http://127.0.0.1@evil.example", "http://127.0.0.1:80@x", "http://[::1]x",
    ])
    func anOriginWithUserinfoOrJunkIsForeign(origin: String) {
        let refusal = LocalAccessPolicy.loopback.refusal(
            ofAdmin: request("POST", "/__admin/reset", ["Host": "127.0.0.1:8080", "Origin": origin]))
        #expect(refusal == .foreignOrigin(origin))
        #expect(!LocalAccessPolicy.isOrigin(origin))
    }

    /// RFC 9112 §3.2.2: the authority of an absolute-form target wins over `Host`, so it is checked too.
    @Test func anAbsoluteFormTargetForAnotherHostIsRefusedWhateverTheHostHeaderSays() {
        let policy = LocalAccessPolicy(boundHost: "127.0.0.1", providerHosts: ["api.openweathermap.org"])
        let reset = request("POST", "http://evil.example/__admin/reset", ["Host": "127.0.0.1"])
        #expect(policy.refusal(ofAdmin: reset) == .foreignHost("evil.example"))
        let withUser = request("POST", "http://evil.example@127.0.0.1/__admin/reset", ["Host": "127.0.0.1"])
        #expect(policy.refusal(ofAdmin: withUser) == .foreignHost("evil.example@127.0.0.1"))
        let read = request("GET", "http://evil.example:8080/__admin/requests", ["Host": "127.0.0.1"])
        #expect(policy.refusal(ofAdmin: read) == .foreignHost("evil.example:8080"))
        let forward = request("GET", "http://evil.example/data/2.5/weather?q=X", ["Host": "127.0.0.1"])
        #expect(policy.refusal(ofForwarding: forward) == .foreignHost("evil.example"))
        let own = request("POST", "http://127.0.0.1:8080/__admin/reset", ["Host": "127.0.0.1:8080"])
        #expect(policy.refusal(ofAdmin: own) == nil)
        let proxied = request(
            "GET", "http://api.openweathermap.org/data/2.5/weather?q=X", ["Host": "api.openweathermap.org"])
        #expect(policy.refusal(ofForwarding: proxied) == nil)
    }
}
