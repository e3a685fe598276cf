import Foundation
import LocalTLS
import MockWeather
import TestSupport
import Testing

/// ``ReplayOptions/https``: the in-process server intercepts HTTPS as `mockweather serve` does, so a
/// UI test can point an app's proxy at it.
@Suite struct HTTPSInterceptionTests {
    @Test func anAppsHTTPSRequestThroughTheInProcessServerIsAnsweredFromTheBundledSetAndJournalledAsHTTPS()
        async throws
    {
        let directory = try TemporaryDirectory()
        var options = ReplayOptions()
        options.https = HTTPSInterception(certificateAuthorityDirectory: directory.url.appendingPathComponent("ca"))
        // The CA the user trusted (`mockweather ca` made it), which the server then uses.
        let authority = try CertificateAuthority.loadOrCreate(
            in: CAFolder(path: directory.url.path + "/ca", origin: .option), now: Date()
        ).certificate
        try await InProcessMockWeather.run(.bundled, options: options) { mock in
            let answer = try await offTheCooperativePool {
                let client = try TLSTestClient.connect(
                    port: mock.port, host: "api.openweathermap.org", trusting: authority)
                return try client.get("/data/2.5/weather?q=Seoul&appid=any", host: "api.openweathermap.org")
            }
            #expect(answer.status == 200)
            #expect(answer.body.contains("\"name\":\"Seoul\""))
            let entry = try #require(mock.journal.requests.last)
            #expect(entry.path == "/data/2.5/weather")
            #expect(entry.secureHost == "api.openweathermap.org")
        }
    }

    @Test func withoutHTTPSOptionsACONNECTIsRefusedSayingInterceptionIsOff() async throws {
        try await InProcessMockWeather.run(.bundled) { mock in
            let outcome = try await offTheCooperativePool {
                let raw = try RawClient(port: mock.port)
                try raw.send("CONNECT api.openweathermap.org:443 HTTP/1.1\r\nHost: api.openweathermap.org:443\r\n\r\n")
                return try raw.readResponse()
            }
            #expect(outcome.status == 501)
            #expect(outcome.text.contains("HTTPS interception is off"))
        }
    }

    @Test func aCAFolderThatCannotBeMadeStopsTheStartNamingIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("occupied", "a file where the CA's folder would be")
        var options = ReplayOptions()
        options.https = HTTPSInterception(
            certificateAuthorityDirectory: directory.url.appendingPathComponent("occupied"), servesHTTPSDirectly: true)
        #expect {
            _ = try InProcessMockWeather.start(.bundled, options: options)
        } throws: { error in
            guard case .httpsUnavailable(let reason) = error as? MockWeatherSetupError else { return false }
            return reason.contains("occupied")
        }
    }

    @Test func anAdditionalHostNoCertificateCanNameStopsTheStartNamingIt() throws {
        var options = ReplayOptions()
        options.https = HTTPSInterception(additionalHosts: ["api.example.com:443"])
        #expect {
            _ = try InProcessMockWeather.start(.bundled, options: options)
        } throws: { error in
            guard case .httpsUnavailable(let reason) = error as? MockWeatherSetupError else { return false }
            return reason.contains("api.example.com:443")
        }
    }
}
