/// How ``withMock(_:mode:_:)`` runs a mock: HummingbirdTesting's `.router` and `.live`, and the three
/// ways an app's test meets the product.
package enum MockMode: String, CaseIterable, Sendable {
    /// No socket: each request goes straight to the engine's stack or the handler, its answer as given
    /// (a fault or a delay is on the response, not acted out); for everything about what is answered.
    case router
    /// The engine as `mockweather serve` runs it (`MockWeatherServer`), or the handler behind the HTTP
    /// server, on 127.0.0.1, port 0; for what only a socket shows (faults on the wire, keep-alive,
    /// streams).
    case live
    /// The real `mockweather serve` binary in a child process, on port 0, with `--exit-on-stdin-eof`
    /// and a standard input only the test process holds: if the test runner dies, the server exits.
    case binary = "mockweather serve"
    /// `InProcessMockWeather`: the product's HTTP server inside the test process.
    case inProcess = "in-process server"
    /// `MockWeatherReplayer`: no socket, a URLProtocol attached to the client's session.
    case urlProtocol = "URLProtocol"

    /// The product's modes, those an app's tests meet; the contract suite runs every case in each.
    package static let products: [MockMode] = [.binary, .inProcess, .urlProtocol]

    /// `router`, `live`, `serve`, `in-process`, `urlprotocol` (the names `MOCKWEATHER_CONTRACT_MODES`
    /// and `Scripts/contract.sh --modes` take).
    package var shortName: String {
        switch self {
        case .router: "router"
        case .live: "live"
        case .binary: "serve"
        case .inProcess: "in-process"
        case .urlProtocol: "urlprotocol"
        }
    }
}

/// Runs `body` with a client of the mock `setup` describes, run in `mode`, and stops whatever was
/// started whatever `body` does: the one way a test starts a mock, as HummingbirdTesting's
/// `app.test(.router | .live) { client in }` is.
///
/// ```swift
/// try await withMock(.cassettes(files), mode: .router) { mock in
///     let response = try await mock.respond("/data/2.5/weather?q=Seoul")
///     #expect(response.status == 200)
///     #expect(try mock.journal.entries().count == 1)
/// }
/// try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { mock in
///     let transport = URLSessionTransport(session: try mock.session)
///     let client = OpenWeatherClient(apiKey: "k", baseURL: mock.baseURL, transport: transport)
/// }
/// ```
///
/// The client (``MockClient``) is the same type in every mode: ``MockClient/respond(_:method:headers:body:loopback:)``
/// works everywhere, and what a mode has (a port, a URLSession, the engine's journal, the child
/// process) is there when it has one and a ``HarnessError/notInMode(_:_:)`` when it has not.
///
/// Inside a ``MockPools/sharing(cassettes:_:)`` scope, a ``MockSetup/replay(_:clock:synthesis:arguments:environment:currentDirectory:launcher:running:)``
/// setup that asks for nothing but the scope's cassettes gets a backend the pool keeps between callers,
/// rewound before each (sequences, journal, seeded faults), instead of starting one.
///
/// - Throws: ``HarnessError/modeNotOffered(_:setup:offered:)`` when `setup` does not run in `mode`, why the
///   mock could not start (a cassette problem, ``HarnessError/serverDidNotStart(status:output:)``),
///   or what `body` threw.
package func withMock<T>(_ setup: MockSetup, mode: MockMode, _ body: (MockClient) async throws -> T)
    async throws -> T
{
    guard setup.modes.contains(mode) else {
        throw HarnessError.modeNotOffered(mode, setup: setup.summary, offered: setup.modes)
    }
    guard let limit = setup.limit else { return try await runMock(setup, mode: mode, body) }
    return try await limit.run { try await runMock(setup, mode: mode, body) }
}

private func runMock<T>(_ setup: MockSetup, mode: MockMode, _ body: (MockClient) async throws -> T)
    async throws -> T
{
    if let pool = MockPools.current?.pool(for: mode, serving: setup) {
        return try await pool.lend { running in try await running.withClient(body) }
    }
    let running = try await RunningMock.start(setup, mode: mode)
    let result: Result<T, any Error>
    do {
        result = .success(try await running.withClient(body))
    } catch {
        result = .failure(error)
    }
    await running.stop()
    return try result.get()
}
