import Foundation
import Locking
import WeatherClient

/// An ``HTTPTransport`` that answers from a script and records every request, so tests see
/// exactly what the client sent without any network.
final class InMemoryTransport: HTTPTransport {
    enum Reply: Sendable {
        case response(TransportResponse)
        case failure(TransportFailure)
    }

    private struct State {
        var replies: [Reply]
        var requests: [TransportRequest] = []
    }

    private let state: Locked<State>

    /// Replies in order; the last one repeats.
    init(_ replies: [Reply]) {
        precondition(!replies.isEmpty, "a transport needs at least one reply")
        state = Locked(State(replies: replies))
    }

    convenience init(_ reply: Reply) { self.init([reply]) }

    var requests: [TransportRequest] { state.withLock { $0.requests } }
    var requestCount: Int { state.withLock { $0.requests.count } }

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        let reply = state.withLock { state in
            state.requests.append(request)
            return state.replies.count > 1 ? state.replies.removeFirst() : state.replies[0]
        }
        switch reply {
        case .response(let response): return response
        case .failure(let failure): throw failure
        }
    }
}

extension InMemoryTransport.Reply {
    static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        var headers = headers
        headers["Content-Type"] = "application/json; charset=utf-8"
        return .response(TransportResponse(status: status, headers: headers, body: Data(body.utf8)))
    }

    static func text(_ body: String, status: Int, contentType: String = "text/html") -> Self {
        .response(TransportResponse(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8)))
    }

    static func fail(_ kind: TransportFailure.Kind, _ message: String = "simulated") -> Self {
        .failure(TransportFailure(kind, message: message))
    }
}

extension OpenWeatherClient {
    /// A client for tests: a fixed fake key, no environment, the given transport.
    static func testing(
        _ transport: InMemoryTransport,
        apiKey: String? = Fixtures.apiKey,
        units: Units = .standard,
        language: String? = nil,
        logger: (@Sendable (String) -> Void)? = nil
    ) -> OpenWeatherClient {
        OpenWeatherClient(
            apiKey: apiKey,
            baseURL: URL(string: "http://127.0.0.1:8080")!,
            units: units,
            language: language,
            transport: transport,
            environment: [:],
            logger: logger
        )
    }
}
