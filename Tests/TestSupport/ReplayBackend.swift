package import Foundation
package import MockWeather
package import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// One started replay in a ``ReplayMode``: a `mockweather serve` child, an ``InProcessMockWeather`` or a
/// ``MockWeatherReplayer``, with its cassettes loaded. ``withReplaySession(_:cassettes:running:clock:_:)``
/// starts one per call; ``ReplaySessionPool`` keeps them between cases and rewinds them with ``reset()``.
package enum ReplayBackend: Sendable {
    case server(MockServer)
    case inProcess(InProcessMockWeather)
    case replayer(MockWeatherReplayer)

    /// Starts `mode` over `cassettes`, its mock clock at `clock` when one is given, answering what no
    /// cassette matches from the world `synthesis` names when one is given.
    package static func start(
        _ mode: ReplayMode, cassettes: URL, clock: Date? = nil, synthesis: Synthesis? = nil
    ) async throws -> ReplayBackend {
        var options = ReplayOptions()
        options.clock = clock
        options.synthesis = synthesis
        switch mode {
        case .serve:
            var arguments = clock.map { ["--clock", ISO8601DateFormatter().string(from: $0)] } ?? []
            if let synthesis {
                arguments += ["--synthesize", "--scenario", synthesis.scenario, "--seed", String(synthesis.seed)]
            }
            return .server(try await MockServer.start(cassettes: cassettes, arguments: arguments))
        case .inProcessServer:
            return .inProcess(try InProcessMockWeather.start(.directory(cassettes), options: options))
        case .urlProtocol:
            return .replayer(try MockWeatherReplayer(.directory(cassettes), options: options))
        }
    }

    /// Runs `body` with the base URL a client uses and a session of its own, invalidated afterwards.
    ///
    /// A fresh session each time: URLSession quietly retries a request whose reused connection dies,
    /// which would hide a `reset` fault; on a fresh connection the client sees it as an app would.
    package func withSession<T>(_ body: (URL, URLSession) async throws -> T) async throws -> T {
        let (baseURL, session): (URL, URLSession) =
            switch self {
            case .server(let server): (server.baseURL, URLSession(configuration: .ephemeral))
            case .inProcess(let mock): (mock.baseURL, URLSession(configuration: .ephemeral))
            // The live API's address: the session's protocol answers before anything is resolved.
            case .replayer(let replayer): (URL(string: "https://api.openweathermap.org")!, replayer.makeSession())
            }
        defer { session.finishTasksAndInvalidate() }
        return try await body(baseURL, session)
    }

    /// Every sequence back to its first response, the journal emptied and the seeded faults restarted,
    /// as a fresh start would have them (`POST /__admin/reset` for the child, `reset()` in process).
    ///
    /// - Throws: ``HarnessError/resetFailed(_:)`` when the child does not answer the reset with a 200
    ///   (it died, or hangs): a pool then stops it rather than hand it to the next case.
    package func reset() async throws {
        switch self {
        case .server(let server):
            var request = URLRequest(url: server.baseURL.appendingPathComponent("__admin/reset"))
            request.httpMethod = "POST"
            request.timeoutInterval = 30
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let status: Int
            do {
                let (_, response) = try await session.data(for: request)
                status = (response as? HTTPURLResponse)?.statusCode ?? 0
            } catch {
                throw HarnessError.resetFailed("POST \(request.url!.absoluteString): \(error)")
            }
            guard status == 200 else {
                throw HarnessError.resetFailed("POST \(request.url!.absoluteString) answered \(status), not 200")
            }
        case .inProcess(let mock): mock.reset()
        case .replayer(let replayer): replayer.reset()
        }
    }

    /// Stops what was started (gracefully for the child and the in-process server).
    package func stop() async {
        switch self {
        case .server(let server): await server.stop()
        case .inProcess(let mock): await mock.stop()
        case .replayer: break
        }
    }
}
