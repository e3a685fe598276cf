import Foundation
import HTTPServer
import LocalTLS
import TestSupport
import Testing

/// `mockweather serve`'s HTTPS interception on the real binary, with its CA in a temporary folder
/// (never the user's) made beforehand as `mockweather ca` would: a tunnel to each API, `--tls`, the
/// log's explanation of a refused certificate, and a machine without OpenSSL.
@Suite struct HTTPSCommandLineTests {
    /// A CA made in a temporary folder, and the environment that points `serve` at it.
    static func authority() throws -> (TemporaryDirectory, Certificate, [String: String]) {
        let directory = try TemporaryDirectory()
        let folder = directory.url.path + "/ca"
        let authority = try CertificateAuthority.loadOrCreate(in: CAFolder(path: folder, origin: .option), now: Date())
        return (directory, authority.certificate, ["MOCKWEATHER_CA_DIR": folder])
    }

    @Test func aTunnelToEachAPIIsAnsweredFromTheBundledSetAndJournalledAsHTTPS() async throws {
        let (directory, authority, environment) = try Self.authority()
        defer { directory.cleanUp() }
        try await withMock(.replay(PackageLayout.bundledCassettes, environment: environment), mode: .binary) { mock in
            let port = try mock.port
            let answers = try await offTheCooperativePool {
                let weather = try TLSTestClient.connect(port: port, host: "api.openweathermap.org", trusting: authority)
                    .get("/data/2.5/weather?q=Seoul&appid=any", host: "api.openweathermap.org")
                let kakao = try TLSTestClient.connect(port: port, host: "dapi.kakao.com", trusting: authority)
                    .get(
                        "/v2/local/geo/coord2address.json?x=126.9779&y=37.5663", host: "dapi.kakao.com",
                        headers: ["Authorization": "KakaoAK 00000000000000000000000000000000"])
                return [weather, kakao]
            }
            #expect(answers.map(\.status) == [200, 200])
            #expect(answers[0].body.contains("\"name\":\"Seoul\""))
            #expect(answers[1].body.contains("태평로1가"))
            let (journal, health) = try await offTheCooperativePool {
                (
                    try RawClient.roundTrip(port: port, "GET /__admin/requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        .text,
                    try RawClient.roundTrip(port: port, "GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").text
                )
            }
            #expect(journal.contains(#""scheme":"https","host":"api.openweathermap.org""#))
            #expect(journal.contains(#""scheme":"https","host":"dapi.kakao.com""#))
            #expect(health.contains(#""tls":{"tunnels":2,"handshakes":2,"failures":0"#))
        }
    }

    @Test func aClientThatDoesNotTrustTheCAIsNamedInTheLogWithTheFix() async throws {
        let (directory, _, environment) = try Self.authority()
        defer { directory.cleanUp() }
        let (strangerDirectory, stranger, _) = try Self.authority()
        defer { strangerDirectory.cleanUp() }
        try await withMock(.replay(PackageLayout.bundledCassettes, environment: environment), mode: .binary) { mock in
            let port = try mock.port
            let refused = try await offTheCooperativePool {
                (try? TLSTestClient.connect(port: port, host: "apis.data.go.kr", trusting: stranger)) == nil
            }
            #expect(refused)
            let process = try mock.process
            var logged = ""
            for _ in 0..<300 where !logged.contains("did not trust") {
                try await Task.sleep(for: .milliseconds(100))
                logged = process.standardError.text
            }
            #expect(logged.contains("TLS handshake for apis.data.go.kr from 127.0.0.1 failed"))
            #expect(logged.contains("the client did not trust the mock's CA: run `mockweather ca trust`"))
        }
    }

    @Test func withTLSTheSamePortAnswersHTTPSAndPlainHTTP() async throws {
        let (directory, _, environment) = try Self.authority()
        defer { directory.cleanUp() }
        try await withMock(
            .replay(PackageLayout.bundledCassettes, arguments: ["--tls"], environment: environment), mode: .binary
        ) { mock in
            let plain = try await mock.respond("/data/2.5/weather?q=Seoul&appid=any")
            #expect(plain.status == 200)
            let health = try await mock.respond("/__admin/health")
            #expect(String(decoding: health.body, as: UTF8.self).contains(#""tls":{"#))
        }
    }

    @Test func withoutOpenSSLServeAnswersPlainHTTPAndConnectSaysWhatIsMissing() async throws {
        let (directory, _, environment) = try Self.authority()
        defer { directory.cleanUp() }
        let empty = directory.url.appendingPathComponent("no-openssl")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var withoutOpenSSL = environment
        withoutOpenSSL["MOCKWEATHER_OPENSSL_DIR"] = empty.path
        try await withMock(.replay(PackageLayout.bundledCassettes, environment: withoutOpenSSL), mode: .binary) {
            mock in
            let port = try mock.port
            #expect(try await mock.respond("/data/2.5/weather?q=Seoul&appid=any").status == 200)
            let refusal = try await offTheCooperativePool {
                try RawClient.roundTrip(
                    port: port,
                    "CONNECT api.openweathermap.org:443 HTTP/1.1\r\nHost: api.openweathermap.org:443\r\n\r\n")
            }
            #expect(refusal.status == 501)
            #expect(refusal.text.contains("HTTPS needs OpenSSL 3"))
            #expect(refusal.text.contains("MOCKWEATHER_OPENSSL_DIR"))
        }
        let refusedStart = try await RunningProcess.run(
            "mockweather", ["serve", "--port", "0", "--tls", "--cassettes", PackageLayout.bundledCassettes.path],
            environment: withoutOpenSSL)
        #expect(refusedStart.status == 69)
        #expect(refusedStart.standardError.contains("--tls cannot serve HTTPS"))
        #expect(refusedStart.standardError.contains("HTTPS needs OpenSSL 3"))
    }

    @Test func aTLSHostWithAPortIsAUsageErrorNamingTheOption() async throws {
        let result = try await RunningProcess.run(
            "mockweather", ["serve", "--port", "0", "--tls-host", "api.example.com:443"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--tls-host"))
        #expect(result.standardError.contains("api.example.com:443"))
    }
}
