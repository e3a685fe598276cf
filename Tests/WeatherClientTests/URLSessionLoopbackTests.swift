import Foundation
import HTTPServer
import TestSupport
import Testing
import WeatherClient

/// The real URLSession transport against a socket server on 127.0.0.1 (the package's HTTP server,
/// through the one test harness): what status, headers and bodies come through, and which failure
/// kind each fault becomes on this platform.
@Suite(.serialized)
struct URLSessionLoopbackTests {
    private func send(toPort port: Int, timeout: Duration = .seconds(5)) async throws(TransportFailure)
        -> TransportResponse
    {
        let url = URL(string: "http://127.0.0.1:\(port)/data/2.5/weather?q=Seoul&appid=\(Fixtures.apiKey)")!
        return try await URLSessionTransport.shared.send(TransportRequest(url: url, timeout: timeout))
    }

    /// Runs `body` with the port of a server answering every request with `response`.
    private func answering<T: Sendable>(_ response: HTTPResponse, _ body: (Int) async throws -> T)
        async throws -> T
    {
        try await withMock(.handler(HTTPHandlerFunction { _ in .respond(response) }), mode: .live) {
            try await body(try $0.port)
        }
    }

    /// A 404 answer comes back as a response with its status, headers and body.
    @Test func errorStatusComesBackAsAResponseWithHeadersAndBody() async throws {
        let body = Fixtures.notFoundBody
        let answer = HTTPResponse(
            status: 404, headers: ["Content-Type": "application/json", "Retry-After": "7"], text: body)

        let response = try await answering(answer) { try await send(toPort: $0) }

        #expect(response.status == 404)
        #expect(response.header("retry-after") == "7")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    /// The client decodes a real HTTP answer end to end.
    @Test func clientDecodesOverLoopback() async throws {
        let weather = try await answering(HTTPResponse(text: Fixtures.seoul)) { port in
            let client = OpenWeatherClient(
                apiKey: Fixtures.apiKey, baseURL: URL(string: "http://127.0.0.1:\(port)")!, units: .standard,
                environment: [:])
            return try await client.currentWeather(city: "Seoul")
        }

        #expect(weather.main.temperature.formatted(in: .celsius) == "-2.3°C")
    }

    /// A server that never answers fails with timeout once the request's own deadline passes.
    @Test func hangingServerFailsWithTimeoutAtTheRequestsDeadline() async throws {
        // FoundationNetworking ignores a request's timeoutInterval; the transport's own deadline
        // must fire (before this, the send waited for the session's 60-second resource timeout).
        let failure = try await answering(HTTPResponse(fault: .hang)) { port in
            await #expect(throws: TransportFailure.self) {
                try await send(toPort: port, timeout: .milliseconds(300))
            }
        }

        #expect(failure?.kind == .timeout)
        #expect(failure?.message.contains(Fixtures.apiKey) == false)
    }

    /// Cancelling the calling task ends a hanging request with cancelled, long before its deadline.
    @Test func cancellationEndsAHangingRequest() async throws {
        let failure = try await answering(HTTPResponse(fault: .hang)) { port in
            let pending = Task { () async throws(TransportFailure) -> TransportResponse in
                try await send(toPort: port, timeout: .seconds(60))
            }
            pending.cancel()
            return await #expect(throws: TransportFailure.self) { try await pending.value }
        }

        #expect(failure?.kind == .cancelled)
    }

    /// A server that closes without answering fails with connectionLost.
    @Test func closedWithoutResponseIsConnectionLost() async throws {
        let failure = try await answering(HTTPResponse(fault: .closeWithoutResponse)) { port in
            await #expect(throws: TransportFailure.self) { try await send(toPort: port) }
        }

        #expect(failure?.kind == .connectionLost)
    }

    /// A connection reset fails with connectionLost.
    @Test func resetIsConnectionLost() async throws {
        let failure = try await answering(HTTPResponse(fault: .reset)) { port in
            await #expect(throws: TransportFailure.self) { try await send(toPort: port) }
        }

        #expect(failure?.kind == .connectionLost)
    }

    /// A body cut short of its Content-Length fails with connectionLost.
    @Test func truncatedBodyIsConnectionLost() async throws {
        var cut = HTTPResponse(text: String(repeating: "{\"coord\":", count: 50))
        cut.fault = .truncateBody(keepingBytes: 9, announcingFullLength: true)
        let failure = try await answering(cut) { port in
            await #expect(throws: TransportFailure.self) { try await send(toPort: port) }
        }

        #expect(failure?.kind == .connectionLost)
        #expect(failure?.message.contains("transfer closed") == true)
    }
}
