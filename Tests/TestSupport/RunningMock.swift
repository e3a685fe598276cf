import Foundation
import HTTPServer
import Locking
import MockEngine
import MockWeather
import MockWeatherURLProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One mock ``withMock(_:mode:_:)`` started (or a pool keeps): what a ``MockClient`` talks to, rewound
/// by ``reset()`` between pooled callers and stopped once by ``stop()``.
final class RunningMock: Sendable {
    /// What runs, by mode.
    enum Backend: Sendable {
        /// `.router`: the engine's stack or the handler, called directly.
        case router(@Sendable (HTTPRequest) -> HTTPHandlerResult, engine: Engine?)
        /// `.live` over the engine: `MockWeatherServer` on `port`.
        case engine(MockWeatherServer, port: Int, Engine)
        /// `.live` over a handler: the HTTP server on `port`.
        case handler(HTTPServer, port: Int)
        /// `.binary`: a `mockweather serve` child listening at `baseURL`.
        case binary(RunningProcess, baseURL: URL, port: Int)
        /// `.binary` over a server the test did not start.
        case external(URL)
        /// `.inProcess`.
        case inProcess(InProcessMockWeather)
        /// `.urlProtocol`.
        case replayer(MockWeatherReplayer)
    }

    /// The engine's parts a test looks at.
    struct Engine: Sendable {
        let stack: ReplayStack
        let log: CollectedLog
        let diagnostics: CollectedLog
    }

    let mode: MockMode
    let backend: Backend
    private let stopped = Locked(false)

    private init(_ mode: MockMode, _ backend: Backend) {
        self.mode = mode
        self.backend = backend
    }

    /// Starts `setup` in `mode` (which the caller checked it offers).
    static func start(_ setup: MockSetup, mode: MockMode) async throws -> RunningMock {
        switch setup.kind {
        case .engine(let source, let options): try startEngine(source, options: options, mode: mode)
        case .handler(let handler, let server): try startHandler(handler, server: server, mode: mode)
        case .product(let product): try await startProduct(product, mode: mode)
        }
    }

    private static func startEngine(_ source: MockSetup.EngineSource, options: ServeOptions, mode: MockMode) throws
        -> RunningMock
    {
        let log = CollectedLog()
        let diagnostics = CollectedLog()
        let store: CassetteStore
        switch source {
        case .files(let files, let providers, let directory):
            store = CassetteStore(library: try library(files, providers: providers), directory: directory)
        case .store(let given):
            store = given
        case .directory:
            store = try CassetteStore(
                directory: options.cassetteDirectory, providers: options.providers, snapshots: options.snapshots,
                diagnostics: { line in
                    diagnostics.write(line: line)
                    diagnostics.flush()
                })
        }
        guard mode == .live else {
            // Log lines written at once, so a test reads a request's line right after its answer.
            let stack = ReplayStack(
                options: options, store: store, log: log, diagnostics: diagnostics, logsAtOnce: true)
            return RunningMock(
                mode, .router({ stack.handle($0) }, engine: Engine(stack: stack, log: log, diagnostics: diagnostics)))
        }
        var options = options
        options.port = 0
        let server = MockWeatherServer(options: options, store: store, log: log, diagnostics: diagnostics)
        let port = try server.start()
        return RunningMock(
            mode, .engine(server, port: port, Engine(stack: server.stack, log: log, diagnostics: diagnostics)))
    }

    private static func startHandler(
        _ handler: any HTTPHandler, server settings: MockSetup.HandlerServer, mode: MockMode
    )
        throws -> RunningMock
    {
        guard mode == .live else { return RunningMock(mode, .router({ handler.handle($0) }, engine: nil)) }
        var configuration = HTTPServerConfiguration(
            host: settings.host, port: settings.port, eventLoopCount: settings.eventLoopCount,
            limits: settings.limits, log: settings.log)
        if let clock = settings.clock { configuration.clock = clock }
        let server = HTTPServer(configuration: configuration, handler: handler)
        settings.clock?.drive(server)
        return RunningMock(mode, .handler(server, port: try server.start()))
    }

    private static func startProduct(_ product: MockSetup.Product, mode: MockMode) async throws -> RunningMock {
        var options = ReplayOptions()
        options.clock = product.clock
        options.synthesis = product.synthesis
        let cassettes = product.cassettes.map(CassetteSet.directory) ?? .bundled
        if mode != .binary, product.hasCommandLine {
            throw HarnessError.notInMode("mockweather serve command line (arguments, environment, launcher)", mode)
        }
        switch mode {
        case .inProcess:
            return RunningMock(mode, .inProcess(try InProcessMockWeather.start(cassettes, options: options)))
        case .urlProtocol: return RunningMock(mode, .replayer(try MockWeatherReplayer(cassettes, options: options)))
        default: break
        }
        if let running = product.running {
            try await ExternalServers.rewindOnce(running)
            return RunningMock(mode, .external(running))
        }
        var arguments = ["serve", "--port", "0", "--exit-on-stdin-eof"]
        if let directory = product.cassettes { arguments += ["--cassettes", directory.path] }
        if let clock = product.clock { arguments += ["--clock", ISO8601DateFormatter().string(from: clock)] }
        if let synthesis = product.synthesis {
            arguments += ["--synthesize", "--scenario", synthesis.scenario, "--seed", String(synthesis.seed)]
        }
        arguments += product.arguments
        let process: RunningProcess
        if let launcher = product.launcher.first {
            process = try RunningProcess.start(
                executable: URL(fileURLWithPath: launcher),
                product.launcher.dropFirst() + [try PackageLayout.executable(named: "mockweather").path] + arguments,
                environment: product.environment, currentDirectory: product.currentDirectory, standardInput: .pipe)
        } else {
            process = try RunningProcess.start(
                "mockweather", arguments, environment: product.environment,
                currentDirectory: product.currentDirectory, standardInput: .pipe)
        }
        let (baseURL, port) = try await listening(process)
        return RunningMock(mode, .binary(process, baseURL: baseURL, port: port))
    }

    /// Waits for `process`, a `mockweather serve` starting up, to print its listening line.
    ///
    /// - Throws: ``HarnessError/serverDidNotStart(status:output:)`` with everything the server printed
    ///   when it exits first or does not listen within a minute (a sanitized build over a large set).
    private static func listening(_ process: RunningProcess) async throws -> (URL, Int) {
        let prefix = "mockweather listening on "
        let output = process.standardOutput
        let line = await withTimeLimit(.seconds(60)) { await output.firstLine(startingWith: prefix) } ?? nil
        guard let line, let url = URL(string: String(line.dropFirst(prefix.count))), let port = url.port else {
            let ended = await process.stop()
            throw HarnessError.serverDidNotStart(
                status: ended.status, output: ended.standardOutput + ended.standardError)
        }
        return (url, port)
    }

    /// Runs `body` with a client of this mock and, where the mode has one, a URLSession of its own,
    /// invalidated afterwards.
    ///
    /// A fresh session each time: URLSession quietly retries a request whose reused connection dies,
    /// which would hide a `reset` fault; on a fresh connection the client sees it as an app would.
    func withClient<T>(_ body: (MockClient) async throws -> T) async throws -> T {
        let session: URLSession? =
            switch backend {
            case .router: nil
            case .replayer(let replayer): replayer.makeSession()
            default: URLSession(configuration: .ephemeral)
            }
        defer { session?.finishTasksAndInvalidate() }
        return try await body(MockClient(self, session: session))
    }

    /// The base URL a client joins paths to, nil in `.router` mode.
    var baseURL: URL? {
        switch backend {
        case .router: nil
        case .engine(_, let port, _), .handler(_, let port): URL(string: "http://127.0.0.1:\(port)")
        case .binary(_, let baseURL, _), .external(let baseURL): baseURL
        case .inProcess(let mock): mock.baseURL
        // The live API's address: the session's protocol answers before anything is resolved.
        case .replayer: URL(string: "https://api.openweathermap.org")
        }
    }

    /// Every sequence back to its first response, the journal emptied and the seeded faults restarted,
    /// as a fresh start would have them (`POST /__admin/reset` for the child, `reset()` in process).
    ///
    /// - Throws: ``HarnessError/resetFailed(_:)`` when the child does not answer the reset with a 200
    ///   (it died, or hangs): a pool then stops it rather than hand it to the next caller.
    func reset() async throws {
        switch backend {
        case .binary(_, let baseURL, _): try await Self.postReset(to: baseURL)
        case .inProcess(let mock): mock.reset()
        case .replayer(let replayer): replayer.reset()
        case .router(_, let engine?): engine.stack.reset()
        case .engine(_, _, let engine): engine.stack.reset()
        case .router(_, nil), .handler, .external: throw HarnessError.resetFailed("\(mode.rawValue) is not rewound")
        }
    }

    /// `POST /__admin/reset` to the server at `baseURL`, which must answer 200.
    static func postReset(to baseURL: URL) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__admin/reset"))
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
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { stopped.withLock { $0 } }

    /// Stops what was started, once (gracefully for the child and the servers); a server the test did
    /// not start is left running.
    func stop() async {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        switch backend {
        case .router, .external, .replayer: break
        case .engine(let server, _, _): _ = await server.stop()
        case .handler(let server, _): await server.stop()
        case .binary(let process, _, _): await process.stop()
        case .inProcess(let mock): await mock.stop()
        }
    }
}

/// Servers the tests did not start, each rewound once per test run before its first use.
private enum ExternalServers {
    private static let rewinds = Locked<[URL: Task<Void, any Error>]>([:])

    static func rewindOnce(_ baseURL: URL) async throws {
        let rewind = rewinds.withLock { rewinds in
            if let started = rewinds[baseURL] { return started }
            let started = Task { try await RunningMock.postReset(to: baseURL) }
            rewinds[baseURL] = started
            return started
        }
        try await rewind.value
    }
}
