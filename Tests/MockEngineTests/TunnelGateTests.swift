import Basics
import HTTPServer
import Locking
import Testing

@testable import MockEngine

/// Which `CONNECT`s the mock intercepts, what it says to the rest, and how handshakes are counted and
/// explained (the TLS itself is LocalTLS's, tested there).
@Suite struct TunnelGateTests {
    /// Contexts that make no sessions: the gate only hands them to the server.
    struct FakeCertificates: TLSContextProvider {
        var failure: TLSFailure?
        func context(forHost host: String) throws(TLSFailure) -> any TLSServerContext {
            if let failure { throw failure }
            return FakeContext(host: host)
        }
        func directContext(forHosts hosts: [String]) throws(TLSFailure) -> any TLSServerContext {
            try context(forHost: hosts.joined(separator: ","))
        }
        var authorityLocation: String? { "/home/me/.local/share/mockweather/ca/ca.pem" }
    }

    struct FakeContext: TLSServerContext {
        let host: String
        func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession {
            throw TLSFailure(.unavailable, "not in these tests")
        }
        func handshakeCompleted(_ handshake: TLSHandshake, peer: String) {}
        func handshakeFailed(_ failure: TLSFailure, peer: String) {}
    }

    let logged = Locked<[String]>([])

    func gate(_ certificates: FakeCertificates? = FakeCertificates()) -> TunnelGate {
        TunnelGate(
            certificates: certificates, hosts: ["api.openweathermap.org", "dapi.kakao.com", "apis.data.go.kr"],
            activity: TLSActivity()
        ) { [logged] line in logged.withLock { $0.append(line) } }
    }

    func connect(_ target: String) -> HTTPRequest {
        HTTPRequest(method: "CONNECT", target: target, headers: ["Host": target])
    }

    @Test func aTunnelToAnAPIsHostIsOpenedWithThatHostsContextAndCounted() throws {
        let gate = gate()
        let response = gate.answer(connect("API.OpenWeatherMap.org:443"))
        #expect(response.status == 200)
        let observed = try #require(response.tunnel as? ObservedTLSContext)
        #expect((observed.base as? FakeContext)?.host == "api.openweathermap.org")
        #expect(gate.activity.snapshot["api.openweathermap.org"]?.tunnels == 1)
    }

    @Test func anyOtherHostIsRefused403NamingTheHostsThatAreIntercepted() {
        let response = gate().answer(connect("example.com:443"))
        #expect(response.status == 403)
        #expect(response.tunnel == nil)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("it does not tunnel to example.com"))
        #expect(text.contains("api.openweathermap.org, apis.data.go.kr, dapi.kakao.com"))
        #expect(text.contains("--tls-host"))
    }

    @Test(arguments: ["api.openweathermap.org", "api.openweathermap.org:https", ":443", "host:0", "host:70000"])
    func aTargetThatIsNotHostAndPortIsRefused400(target: String) {
        let response = gate().answer(connect(target))
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("host:port"))
    }

    @Test func anIPv6TargetIsReadWithoutItsBrackets() {
        #expect(TunnelAuthority("[::1]:443") == TunnelAuthority("[::1]:443"))
        #expect(TunnelAuthority("[::1]:443")?.host == "::1")
        #expect(TunnelAuthority.host(of: "Dapi.Kakao.com:443") == "dapi.kakao.com")
        #expect(TunnelAuthority.host(of: "apis.data.go.kr") == "apis.data.go.kr")
    }

    @Test func withoutOpenSSLTheTunnelIsRefused501SayingWhatIsMissingAndTheLogSaysSoToo() {
        let missing = TLSFailure(.unavailable, "HTTPS needs OpenSSL 3, which could not be loaded")
        let response = gate(FakeCertificates(failure: missing)).answer(connect("dapi.kakao.com:443"))
        #expect(response.status == 501)
        #expect(String(decoding: response.body, as: UTF8.self).contains("HTTPS needs OpenSSL 3"))
        #expect(logged.withLock { $0 }.contains { $0.contains("cannot intercept HTTPS for dapi.kakao.com") })
    }

    @Test func aServerMadeWithoutInterceptionRefusesConnect501() {
        let response = gate(nil).answer(connect("apis.data.go.kr:443"))
        #expect(response.status == 501)
        #expect(String(decoding: response.body, as: UTF8.self).contains("HTTPS interception is off"))
    }

    @Test func aRefusedCertificateIsLoggedWithTheTrustCommandAndCounted() throws {
        let gate = gate()
        let observed = try #require(gate.answer(connect("api.openweathermap.org:443")).tunnel)
        observed.handshakeFailed(TLSFailure(.certificateRefused, "tlsv1 alert unknown ca"), peer: "127.0.0.1")
        let line = try #require(logged.withLock { $0.last })
        #expect(line.contains("TLS handshake for api.openweathermap.org from 127.0.0.1 failed"))
        #expect(line.contains("the client did not trust the mock's CA: run `mockweather ca trust`"))
        #expect(line.contains("/home/me/.local/share/mockweather/ca/ca.pem"))
        let counts = try #require(gate.activity.snapshot["api.openweathermap.org"])
        #expect(counts.failures == 1 && counts.handshakes == 0)
        #expect(counts.lastFailure?.contains("unknown ca") == true)
    }

    @Test func plainHTTPIntoATunnelIsExplainedAsSuchNotAsDistrust() {
        let explanation = ObservedTLSContext.explain(
            TLSFailure(.notTLS, "http request"), host: "dapi.kakao.com", caLocation: nil)
        #expect(explanation.contains("the client sent something other than TLS to dapi.kakao.com"))
        #expect(!explanation.contains("ca trust"))
    }

    @Test func healthShowsTotalsAndEachHostSorted() {
        let activity = TLSActivity()
        activity.tunnelOpened(for: "dapi.kakao.com")
        activity.tunnelOpened(for: "api.openweathermap.org")
        activity.handshakeCompleted(for: "api.openweathermap.org")
        #expect(
            String(decoding: activity.json.compactBytes, as: UTF8.self)
                == #"{"tunnels":2,"handshakes":1,"failures":0,"hosts":[{"host":"api.openweathermap.org","tunnels":1,"handshakes":1,"failures":0},{"host":"dapi.kakao.com","tunnels":1,"handshakes":0,"failures":0}]}"#
        )
    }
}
