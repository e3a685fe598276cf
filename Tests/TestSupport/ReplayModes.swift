package import Foundation
import MockWeather
import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// The three ways an app's test meets the mock, through the products it would use: the real
/// `mockweather serve` binary, the in-process server (``InProcessMockWeather``) and the URLProtocol
/// replayer (``MockWeatherReplayer``). With ``ReplayHarness``'s router and live modes, the one place
/// every test starts a replay from; the contract suite runs each case in all three, so they must agree.
package enum ReplayMode: String, CaseIterable, Sendable {
    /// The real `mockweather serve` binary in a child process.
    case serve = "mockweather serve"
    /// ``InProcessMockWeather``: the same HTTP server inside the test process.
    case inProcessServer = "in-process server"
    /// ``MockWeatherReplayer``: no socket, a URLProtocol attached to the session's configuration.
    case urlProtocol = "URLProtocol"

    /// `serve`, `in-process`, `urlprotocol`.
    package var shortName: String {
        switch self {
        case .serve: "serve"
        case .inProcessServer: "in-process"
        case .urlProtocol: "urlprotocol"
        }
    }
}

/// Runs `body` with a base URL and the session a client uses in `mode` over `cassettes`, and stops
/// whatever was started. `serve` starts a fresh `mockweather serve` unless `running` names one the
/// caller already runs (a CI job's service). With `clock`, the mock clock stands at that instant
/// (`--clock` for `serve`, ``ReplayOptions/clock`` in process); a `running` server keeps its own.
///
/// Each call has a session of its own: URLSession quietly retries a request whose reused connection
/// dies, which would hide a `reset` fault; on a fresh connection the client sees it as an app would.
package func withReplaySession<T>(
    _ mode: ReplayMode, cassettes: URL, running: URL? = nil, clock: Date? = nil,
    _ body: (URL, URLSession) async throws -> T
) async throws -> T {
    var options = ReplayOptions()
    options.clock = clock
    switch mode {
    case .serve:
        if let running {
            return try await withEphemeralSession { session in try await body(running, session) }
        }
        let arguments = clock.map { ["--clock", ISO8601DateFormatter().string(from: $0)] } ?? []
        return try await withMockServer(cassettes: cassettes, arguments: arguments) { server in
            try await withEphemeralSession { session in try await body(server.baseURL, session) }
        }
    case .inProcessServer:
        return try await InProcessMockWeather.run(.directory(cassettes), options: options) { mock in
            try await withEphemeralSession { session in try await body(mock.baseURL, session) }
        }
    case .urlProtocol:
        let replayer = try MockWeatherReplayer(.directory(cassettes), options: options)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        // The live API's address: the session's protocol answers before anything is resolved.
        return try await body(URL(string: "https://api.openweathermap.org")!, session)
    }
}

private func withEphemeralSession<T>(_ body: (URLSession) async throws -> T) async throws -> T {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    return try await body(session)
}
