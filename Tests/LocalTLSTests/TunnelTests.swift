import Foundation
import HTTPServer
import LocalTLS
import Locking
import TestSupport
import Testing

/// The HTTP server's TLS seam with OpenSSL behind it: a handler answers CONNECT with a tunnel, and
/// what goes through the tunnel is parsed, answered, timed out and faulted exactly as plain HTTP is.
@Suite struct TunnelTests {
    /// A CA in a temporary folder and a context per host, with every handshake outcome recorded.
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let certificates: InterceptionCertificates
        let events = Locked<[String]>([])

        init() throws {
            directory = try TemporaryDirectory()
            certificates = InterceptionCertificates(
                folder: CAFolder(path: directory.url.path + "/ca", origin: .option))
        }

        var authority: Certificate { get throws { try certificates.authority().certificate } }

        /// Answers CONNECT with a tunnel recording its handshakes; inside, describes what it was asked.
        var handler: HTTPHandlerFunction {
            HTTPHandlerFunction { [self] request in
                if request.method == "CONNECT" {
                    var response = HTTPResponse(status: 200)
                    let host = String(request.target.split(separator: ":")[0])
                    response.tunnel = Recording(base: try! certificates.context(forHost: host), events: events)
                    return .respond(response)
                }
                if request.path == "/big" {
                    return .respond(HTTPResponse(body: Array(repeating: UInt8(ascii: "x"), count: 3_000_000)))
                }
                let tls = request.tls
                return .respond(
                    HTTPResponse(
                        text: "\(request.method) \(request.path) host=\(request.host ?? "-") "
                            + "tunnel=\(tls?.tunnelAuthority ?? "-") sni=\(tls?.handshake.serverName ?? "-") "
                            + "version=\(tls?.handshake.version ?? "-") body=\(request.body.count)"))
            }
        }

        /// Waits (up to 30 s) for a recorded event containing `text`.
        func event(containing text: String) async throws -> String? {
            for _ in 0..<300 {
                if let found = events.withLock({ $0.first { $0.contains(text) } }) { return found }
                try await Task.sleep(for: .milliseconds(100))
            }
            return nil
        }
    }

    struct Recording: TLSServerContext {
        let base: any TLSServerContext
        let events: Locked<[String]>
        func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession {
            try base.makeSession(on: descriptor)
        }
        func handshakeCompleted(_ handshake: TLSHandshake, peer: String) {
            events.withLock { $0.append("completed \(handshake.version) \(handshake.serverName ?? "-")") }
        }
        func handshakeFailed(_ failure: TLSFailure, peer: String) {
            events.withLock { $0.append("failed \(failure.kind) \(failure.message)") }
        }
    }

    @Test func aRequestInsideATunnelReachesTheHandlerWithItsTLSFactsAndKeepsAlive() async throws {
        let fixture = try Fixture()
        let authority = try fixture.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            let (first, second) = try await offTheCooperativePool {
                let client = try TLSTestClient.connect(port: port, host: "api.openweathermap.org", trusting: authority)
                let first = try client.get("/data/2.5/weather?q=Seoul", host: "api.openweathermap.org")
                let second = try client.get("/data/2.5/forecast?q=Busan", host: "api.openweathermap.org")
                return (first, second)
            }
            #expect(first.status == 200)
            #expect(
                first.body == "GET /data/2.5/weather host=api.openweathermap.org tunnel=api.openweathermap.org:443 "
                    + "sni=api.openweathermap.org version=TLSv1.3 body=0")
            #expect(second.body.hasPrefix("GET /data/2.5/forecast host=api.openweathermap.org"))
            #expect(try await fixture.event(containing: "completed TLSv1.3 api.openweathermap.org") != nil)
        }
    }

    @Test func largeAnswersAndBodiesCrossTheTunnelWhole() async throws {
        let fixture = try Fixture()
        let authority = try fixture.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            let (big, posted) = try await offTheCooperativePool {
                let client = try TLSTestClient.connect(port: port, host: "dapi.kakao.com", trusting: authority)
                let big = try client.get("/big", host: "dapi.kakao.com")
                let body = [UInt8](repeating: UInt8(ascii: "b"), count: 200_000)
                try client.write(
                    Array("POST /upload HTTP/1.1\r\nHost: dapi.kakao.com\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                        + body)
                return (big, try client.readResponse())
            }
            #expect(big.body.utf8.count == 3_000_000)
            #expect(posted.body.hasSuffix("body=200000"))
        }
    }

    @Test func pipelinedRequestsInsideATunnelAreAnsweredInOrder() async throws {
        let fixture = try Fixture()
        let authority = try fixture.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            let answers = try await offTheCooperativePool {
                let client = try TLSTestClient.connect(port: port, host: "apis.data.go.kr", trusting: authority)
                let requests = (1...3).map { "GET /p\($0) HTTP/1.1\r\nHost: apis.data.go.kr\r\n\r\n" }.joined()
                try client.write(Array(requests.utf8))
                return try (1...3).map { _ in try client.readResponse().body }
            }
            #expect(answers.map { $0.split(separator: " ")[1] } == ["/p1", "/p2", "/p3"])
        }
    }

    @Test func aClientThatDoesNotTrustTheCARefusesTheCertificateAndTheServerIsTold() async throws {
        let fixture = try Fixture()
        let stranger = try Fixture()
        let otherAuthority = try stranger.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            let outcome = try await offTheCooperativePool {
                Result {
                    _ = try TLSTestClient.connect(port: port, host: "api.openweathermap.org", trusting: otherAuthority)
                }
            }
            guard case .failure(let error) = outcome, case .handshake(let failure)? = error as? TLSTestClient.Failure
            else {
                Issue.record("the handshake should have failed on the client, got \(outcome)")
                return
            }
            #expect(failure.message.contains("certificate verify failed"))
            let told = try await fixture.event(containing: "failed")
            #expect(told?.contains("certificateRefused") == true)
            #expect(told?.contains("unknown ca") == true)
        }
    }

    @Test func plainHTTPSentIntoATunnelIsReportedAsNotTLS() async throws {
        let fixture = try Fixture()
        _ = try fixture.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            let closed = try await offTheCooperativePool {
                let raw = try RawClient(port: port)
                try raw.send("CONNECT api.openweathermap.org:443 HTTP/1.1\r\nHost: api.openweathermap.org:443\r\n\r\n")
                _ = try raw.readResponse()
                try raw.send("GET /data/2.5/weather?q=Seoul HTTP/1.1\r\nHost: api.openweathermap.org\r\n\r\n")
                // Closed after a TLS alert, or reset when the close meets the unread request; never
                // left open (the socket's timeout).
                do {
                    _ = try raw.readToEOF()
                    return true
                } catch {
                    return error as? RawClientError == .connectionReset
                }
            }
            #expect(closed)
            let told = try await fixture.event(containing: "failed")
            #expect(told?.contains("notTLS") == true)
        }
    }

    @Test func aClientThatLeavesInTheMiddleOfTheHandshakeIsReported() async throws {
        let fixture = try Fixture()
        _ = try fixture.authority
        try await withMock(.handler(fixture.handler), mode: .live) { mock in
            let port = try mock.port
            try await offTheCooperativePool {
                let raw = try RawClient(port: port)
                try raw.send("CONNECT dapi.kakao.com:443 HTTP/1.1\r\nHost: dapi.kakao.com:443\r\n\r\n")
                _ = try raw.readResponse()
                // The first bytes of a ClientHello record, then nothing more: the client goes away.
                try raw.send(String(decoding: [0x16, 0x03, 0x01, 0x00, 0x80, 0x01], as: UTF8.self))
            }
            let told = try await fixture.event(containing: "failed")
            #expect(told?.contains("closedInHandshake") == true)
        }
    }
}
