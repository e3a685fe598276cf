package import Foundation
package import HTTPServer
package import MockEngine
import MockProviders
package import MockWeather

/// What a test's mock serves, for ``withMock(_:mode:_:)`` to run in a ``MockMode``. Three kinds:
///
/// - **the engine** (``cassettes(_:options:providers:directory:)``, ``store(_:options:)``,
///   ``serve(_:)``): the replay stack every mode builds, over cassettes in memory, a store, or a
///   directory read as `mockweather serve` reads it, with `ServeOptions`; modes `.router` and `.live`.
/// - **the product** (``replay(_:clock:synthesis:arguments:environment:currentDirectory:launcher:running:)``):
///   a cassette directory replayed the way an app meets it; modes `.binary`, `.inProcess` and
///   `.urlProtocol`.
/// - **any HTTP handler** (``handler(_:limits:eventLoopCount:host:port:clock:log:)``): the HTTP
///   server's own tests and stand-ins such as ``FakeUpstream``; modes `.router` and `.live`.
///
/// A mode a setup does not offer is ``HarnessError/modeNotOffered(_:setup:offered:)``, thrown before anything
/// starts.
package struct MockSetup: Sendable {
    enum Kind: Sendable {
        case engine(EngineSource, options: ServeOptions)
        case product(Product)
        case handler(any HTTPHandler, HandlerServer)
    }

    /// Where the engine's cassettes come from.
    enum EngineSource: Sendable {
        case files([(String, String)], providers: ProviderSet, directory: URL)
        case store(CassetteStore)
        case directory
    }

    /// The product's settings: what `mockweather serve` is given on its command line, and what the
    /// in-process modes are given as `ReplayOptions`.
    struct Product: Sendable {
        var cassettes: URL?
        var clock: Date?
        var synthesis: Synthesis?
        var arguments: [String]
        var environment: [String: String]
        var currentDirectory: URL?
        var launcher: [String]
        var running: URL?

        /// Whether a backend from a pool over `directory` serves this setup in `mode` as well as a fresh
        /// one: it asks for nothing but the cassettes (a running server counts only in `.binary`).
        func isPlain(over directory: URL, in mode: MockMode) -> Bool {
            cassettes == directory && clock == nil && synthesis == nil && !hasCommandLine
                && (running == nil || mode != .binary)
        }

        /// Whether the setup says how to start `mockweather serve` (what only `.binary` does).
        var hasCommandLine: Bool {
            !arguments.isEmpty || !environment.isEmpty || currentDirectory != nil || !launcher.isEmpty
        }
    }

    /// The HTTP server's configuration for a handler.
    struct HandlerServer: Sendable {
        var limits: HTTPLimits
        var eventLoopCount: Int
        var host: String
        var port: Int
        var clock: ManualServerClock?
        var log: @Sendable (String) -> Void
    }

    let kind: Kind
    /// At most this many mocks of setups that share the limit run at once (start, body and stop).
    var limit: ConcurrencyLimit?

    /// The engine over in-memory cassette files (`(relative path, JSON text)`), read with `providers`;
    /// a file problem fails the test naming it (``CassetteFixtureError``). `directory` is where reloads
    /// read. Without `options`, `mockweather serve`'s defaults on one event loop (all a test's server
    /// needs).
    package static func cassettes(
        _ files: [(String, String)], options: ServeOptions? = nil, providers: ProviderSet = Providers.all,
        directory: URL = URL(fileURLWithPath: "/nonexistent")
    ) -> MockSetup {
        var defaults = ServeOptions(cassetteDirectory: directory, providers: providers)
        defaults.eventLoopCount = 1
        return MockSetup(
            kind: .engine(.files(files, providers: providers, directory: directory), options: options ?? defaults))
    }

    /// The engine over `store` (cassettes on disk, for tests that reload) with `options`.
    package static func store(_ store: CassetteStore, options: ServeOptions) -> MockSetup {
        MockSetup(kind: .engine(.store(store), options: options))
    }

    /// The engine over `options.cassetteDirectory`, read at start as `mockweather serve` reads it (record
    /// mode, reloads, the summary). A directory that does not validate throws the loader's error. In
    /// `.live` every mode of the engine listens on 127.0.0.1, port 0, with `options`' event loops (nil:
    /// one per core, as `serve`).
    package static func serve(_ options: ServeOptions) -> MockSetup {
        MockSetup(kind: .engine(.directory, options: options))
    }

    /// The cassettes in `cassettes` (nil: the bundled set, as a user gets it) replayed by the product.
    ///
    /// - Parameters:
    ///   - clock: the mock clock stands at this instant (`--clock`, ``ReplayOptions/clock``).
    ///   - synthesis: what no cassette matches is answered from this world (`--synthesize`).
    ///   - arguments: `.binary` only: more `mockweather serve` arguments.
    ///   - environment: `.binary` only: added to the child's environment (``RunningProcess``).
    ///   - currentDirectory: `.binary` only: where the child starts.
    ///   - launcher: `.binary` only: a command the binary is run through (its path and arguments
    ///     follow), such as a shell that changes the signals it inherits.
    ///   - running: a server the test did not start (a CI job's service), which `.binary` uses as it is
    ///     and never stops (the in-process modes start their own); its sequences are rewound once,
    ///     before its first use in this test run (the cases share it, so a rewind per case would break
    ///     another case's sequence).
    ///
    /// In `.inProcess` and `.urlProtocol`, `arguments`, `environment`, `currentDirectory` or `launcher`
    /// is ``HarnessError/notInMode(_:_:)``: they would be ignored.
    package static func replay(
        _ cassettes: URL?, clock: Date? = nil, synthesis: Synthesis? = nil, arguments: [String] = [],
        environment: [String: String] = [:], currentDirectory: URL? = nil, launcher: [String] = [],
        running: URL? = nil
    ) -> MockSetup {
        MockSetup(
            kind: .product(
                Product(
                    cassettes: cassettes, clock: clock, synthesis: synthesis, arguments: arguments,
                    environment: environment, currentDirectory: currentDirectory, launcher: launcher,
                    running: running)))
    }

    /// `handler`, answering each request itself (`.router`) or behind the HTTP server (`.live`) on
    /// `host`, `port` (0: one the system picks), with `eventLoopCount` loops, `limits`, and the
    /// server's own log lines to `log`. With a `clock`, the server's timeouts read it.
    package static func handler(
        _ handler: some HTTPHandler, limits: HTTPLimits = HTTPLimits(), eventLoopCount: Int = 2,
        host: String = "127.0.0.1", port: Int = 0, clock: ManualServerClock? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) -> MockSetup {
        MockSetup(
            kind: .handler(
                handler,
                HandlerServer(
                    limits: limits, eventLoopCount: eventLoopCount, host: host, port: port, clock: clock, log: log)
            ))
    }

    /// This setup, with at most `limit`'s count of the mocks that share it running at once: a waiting
    /// caller starts nothing until a slot is free.
    package func limited(by limit: ConcurrencyLimit) -> MockSetup {
        var limited = self
        limited.limit = limit
        return limited
    }

    /// The modes this setup runs in.
    package var modes: [MockMode] {
        switch kind {
        case .engine, .handler: [.router, .live]
        case .product: MockMode.products
        }
    }

    /// The setup in a few words, for errors.
    var summary: String {
        switch kind {
        case .engine(.files(let files, _, _), _): "the engine over \(files.count) in-memory cassette files"
        case .engine(.store, _): "the engine over a cassette store"
        case .engine(.directory, let options): "the engine over \(options.cassetteDirectory.path)"
        case .product(let product):
            "the product over \(product.cassettes?.path ?? "the bundled cassettes")"
        case .handler(let handler, _): "the handler \(type(of: handler))"
        }
    }
}
