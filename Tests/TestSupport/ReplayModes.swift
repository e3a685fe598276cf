package import Foundation
package import MockWeather

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
/// (`--clock` for `serve`, ``ReplayOptions/clock`` in process); a `running` server keeps its own. With
/// `synthesis`, what no cassette matches is answered from that world (`--synthesize` for `serve`).
/// (``ReplaySessionPool`` reuses backends between callers that need nothing of their own.)
///
/// Each call has a session of its own: URLSession quietly retries a request whose reused connection
/// dies, which would hide a `reset` fault; on a fresh connection the client sees it as an app would.
package func withReplaySession<T>(
    _ mode: ReplayMode, cassettes: URL, running: URL? = nil, clock: Date? = nil, synthesis: Synthesis? = nil,
    _ body: (URL, URLSession) async throws -> T
) async throws -> T {
    if mode == .serve, let running {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return try await body(running, session)
    }
    let backend = try await ReplayBackend.start(mode, cassettes: cassettes, clock: clock, synthesis: synthesis)
    let result: Result<T, any Error>
    do {
        result = .success(try await backend.withSession(body))
    } catch {
        result = .failure(error)
    }
    await backend.stop()
    return try result.get()
}
