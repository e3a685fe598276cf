public import Foundation
public import MockWeather
public import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The mock a test runs against, in either in-process mode, with one way in for both: where to send
/// requests (``baseURL``), a session that reaches it (``makeSession(configuration:)``), its journal
/// and its clock. Under the ``MockWeatherTrait`` the test body reads it from ``current``.
///
/// ```swift
/// @Test(.mockWeather(mode: .urlProtocol))
/// func showsSeoul() async throws {
///     let mock = try #require(MockWeatherHandle.current)
///     let app = WeatherViewModel(baseURL: mock.baseURL, session: mock.makeSession())
///     #expect(try await app.load(city: "Seoul").name == "Seoul")
/// }
/// ```
public struct MockWeatherHandle: Sendable {
    /// The mock of the running test, set by ``MockWeatherTrait`` for the test's whole task tree; nil
    /// outside such a test.
    @TaskLocal public static var current: MockWeatherHandle?

    /// Which in-process mode this is.
    public let mode: MockWeatherMode
    let backend: Backend

    enum Backend: Sendable {
        case server(InProcessMockWeather)
        case replayer(MockWeatherReplayer)
    }

    init(_ backend: Backend) {
        self.backend = backend
        mode =
            switch backend {
            case .server: .server
            case .replayer: .urlProtocol
            }
    }

    /// Where an app sends its requests: the in-process server's `http://127.0.0.1:PORT`, or, in
    /// URLProtocol mode (which answers every host of its sessions), OpenWeatherMap's own
    /// `https://api.openweathermap.org`, so the app's production URL works unchanged.
    public var baseURL: URL {
        switch backend {
        case .server(let server): server.baseURL
        case .replayer: URL(string: "https://api.openweathermap.org")!
        }
    }

    /// A session that reaches the mock: in URLProtocol mode one the replayer answers (ephemeral by
    /// default), for the server a plain session of `configuration`.
    public func makeSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        switch backend {
        case .server: URLSession(configuration: configuration)
        case .replayer(let replayer): replayer.makeSession(configuration: configuration)
        }
    }

    /// The requests answered so far (keys masked), and those no cassette matched.
    public var journal: ReplayJournal {
        switch backend {
        case .server(let server): server.journal
        case .replayer(let replayer): replayer.journal
        }
    }

    /// The mock's clock, to set or advance while the test runs.
    public var clock: ReplayClock {
        switch backend {
        case .server(let server): server.clock
        case .replayer(let replayer): replayer.clock
        }
    }

    /// Sequences back to their first response and the journal emptied.
    public func reset() {
        switch backend {
        case .server(let server): server.reset()
        case .replayer(let replayer): replayer.reset()
        }
    }

    /// The in-process server, nil in URLProtocol mode.
    public var server: InProcessMockWeather? {
        if case .server(let server) = backend { return server }
        return nil
    }

    /// The URLProtocol replayer, nil for the server.
    public var replayer: MockWeatherReplayer? {
        if case .replayer(let replayer) = backend { return replayer }
        return nil
    }
}

/// Where a test's mock runs.
public enum MockWeatherMode: String, Sendable, CaseIterable {
    /// The in-process HTTP server on 127.0.0.1 (``InProcessMockWeather``): any client reaches it by URL.
    case server
    /// A URLProtocol on the sessions the test makes (``MockWeatherReplayer``): no socket.
    case urlProtocol
}
