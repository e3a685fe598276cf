public import Foundation
import MockEngine
import Synchronization

/// The mock server inside the calling process: the same HTTP server, matching and replay as
/// `mockweather serve`, on a port of its own (127.0.0.1, chosen by the system), so any client
/// (URLSession, a WebView, an app under XCUITest on the same host) can reach it by URL. Any number
/// can run at once in one process; each has its own cassettes, sequence positions and journal.
///
/// ```swift
/// try await InProcessMockWeather.run(.bundled) { mock in
///     let url = mock.baseURL.appending(path: "data/2.5/weather").appending(queryItems: [.init(name: "q", value: "Seoul")])
///     let (data, _) = try await URLSession.shared.data(from: url)
///     // ...
///     #expect(mock.journal.unmatchedRequests.isEmpty)
/// }
/// ```
public final class InProcessMockWeather: Sendable {
    /// `http://127.0.0.1:PORT`, the server's base URL (no trailing slash).
    public let baseURL: URL
    /// The bound port.
    public let port: Int
    private let server: MockWeatherServer
    private let running = Atomic<Bool>(true)

    private init(server: MockWeatherServer, port: Int) {
        self.server = server
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// A server nobody stopped stops when the last reference goes, so a forgotten one does not keep
    /// its port and thread for the rest of the test run.
    deinit {
        guard running.load(ordering: .relaxed) else { return }
        let server = server
        Task { _ = await server.stop() }
    }

    /// Loads `cassettes`, binds a free port on 127.0.0.1 and serves until ``stop()``.
    ///
    /// - Throws: ``MockWeatherSetupError`` naming every cassette problem, or why the server could not start.
    public static func start(_ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions())
        throws(MockWeatherSetupError) -> InProcessMockWeather
    {
        let store = try cassettes.makeStore()
        var serveOptions = try options.serveOptions(directory: store.directory)
        serveOptions.port = 0
        // One loop is plenty for a test and keeps many servers in one process cheap.
        serveOptions.eventLoopCount = 1
        let server = MockWeatherServer(options: serveOptions, store: store, log: nil, diagnostics: NoLog())
        do {
            try server.prepareTLS()
        } catch {
            throw .httpsUnavailable(reason: "\(error)")
        }
        do {
            return InProcessMockWeather(server: server, port: try server.start())
        } catch {
            throw .serverDidNotStart(reason: "\(error)")
        }
    }

    /// Starts a server, runs `body` with it, and stops it whatever `body` does (returns, throws, or is
    /// cancelled).
    @discardableResult
    public static func run<T>(
        _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(),
        isolation: isolated (any Actor)? = #isolation, _ body: (InProcessMockWeather) async throws -> T
    ) async throws -> T {
        let mock = try start(cassettes, options: options)
        do {
            let result = try await body(mock)
            await mock.stop()
            return result
        } catch {
            await mock.stop()
            throw error
        }
    }

    /// The requests answered so far (keys masked), and those no cassette matched.
    public var journal: ReplayJournal { ReplayJournal(server.stack.requestJournal) }

    /// Sequences back to their first response and the journal emptied (`POST /__admin/reset`).
    public func reset() { server.stack.reset() }

    /// The server's mock clock, to set or advance while it runs (``ReplayClock``); the admin API's
    /// `/__admin/clock` moves the same clock.
    public var clock: ReplayClock { ReplayClock(server.stack.clock) }

    /// Stops accepting, lets in-flight answers finish and closes every connection; a second call waits
    /// for the same shutdown.
    public func stop() async {
        running.store(false, ordering: .relaxed)
        _ = await server.stop()
    }

    /// False once ``stop()`` was called.
    public var isRunning: Bool { running.load(ordering: .relaxed) }
}
