import Foundation
import Testing
import WeatherClient

/// The real URLSession transport against a socket server on 127.0.0.1: what status, headers and
/// bodies come through, and which failure kind each fault becomes on this platform.
@Suite(.serialized)
struct URLSessionLoopbackTests {
    private func send(to server: LoopbackServer, timeout: Duration = .seconds(5)) async throws(TransportFailure)
        -> TransportResponse
    {
        let url = URL(string: "http://127.0.0.1:\(server.port)/data/2.5/weather?q=Seoul&appid=\(Fixtures.apiKey)")!
        return try await URLSessionTransport.shared.send(TransportRequest(url: url, timeout: timeout))
    }

    /// A 404 answer comes back as a response with its status, headers and body.
    @Test func errorStatusComesBackAsAResponseWithHeadersAndBody() async throws {
        let body = Fixtures.notFoundBody
        let server = try LoopbackServer(
            .respond(
                "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nRetry-After: 7\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
        )
        defer { server.stop() }

        let response = try await send(to: server)

        #expect(response.status == 404)
        #expect(response.header("retry-after") == "7")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    /// The client decodes a real HTTP answer end to end.
    @Test func clientDecodesOverLoopback() async throws {
        let body = Fixtures.seoul
        let server = try LoopbackServer(
            .respond("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        )
        defer { server.stop() }
        let client = OpenWeatherClient(
            apiKey: Fixtures.apiKey,
            baseURL: URL(string: "http://127.0.0.1:\(server.port)")!,
            units: .standard,
            environment: [:]
        )

        let weather = try await client.currentWeather(city: "Seoul")

        #expect(weather.main.temperature.formatted(in: .celsius) == "-2.3°C")
    }

    /// A server that never answers fails with timeout once the request's own deadline passes.
    @Test func hangingServerFailsWithTimeoutAtTheRequestsDeadline() async throws {
        let server = try LoopbackServer(.hang)
        defer { server.stop() }

        // FoundationNetworking ignores a request's timeoutInterval; the transport's own deadline
        // must fire (before this, the send waited for the session's 60-second resource timeout).
        let failure = await #expect(throws: TransportFailure.self) {
            try await send(to: server, timeout: .milliseconds(300))
        }

        #expect(failure?.kind == .timeout)
        #expect(failure?.message.contains(Fixtures.apiKey) == false)
    }

    /// Cancelling the calling task ends a hanging request with cancelled, long before its deadline.
    @Test func cancellationEndsAHangingRequest() async throws {
        let server = try LoopbackServer(.hang)
        defer { server.stop() }
        let pending = Task { () async throws(TransportFailure) -> TransportResponse in
            try await send(to: server, timeout: .seconds(60))
        }

        pending.cancel()

        let failure = await #expect(throws: TransportFailure.self) { try await pending.value }
        #expect(failure?.kind == .cancelled)
    }

    /// A server that closes without answering fails with connectionLost.
    @Test func closedWithoutResponseIsConnectionLost() async throws {
        let server = try LoopbackServer(.closeWithoutResponse)
        defer { server.stop() }

        let failure = await #expect(throws: TransportFailure.self) { try await send(to: server) }

        #expect(failure?.kind == .connectionLost)
    }

    /// A connection reset fails with connectionLost.
    @Test func resetIsConnectionLost() async throws {
        let server = try LoopbackServer(.reset)
        defer { server.stop() }

        let failure = await #expect(throws: TransportFailure.self) { try await send(to: server) }

        #expect(failure?.kind == .connectionLost)
    }

    /// A body cut short of its Content-Length fails with connectionLost.
    @Test func truncatedBodyIsConnectionLost() async throws {
        let server = try LoopbackServer(
            .respond("HTTP/1.1 200 OK\r\nContent-Length: 500\r\nConnection: close\r\n\r\n{\"coord\":")
        )
        defer { server.stop() }

        let failure = await #expect(throws: TransportFailure.self) { try await send(to: server) }

        #expect(failure?.kind == .connectionLost)
        #expect(failure?.message.contains("transfer closed") == true)
    }
}
