import Basics
import HTTPServer
import Synchronization

/// `mockweather serve` as a library: loads the cassettes, serves them over HTTP, and summarises the
/// run when stopped. The executable only parses arguments and prints.
public final class MockWeatherServer: Sendable {
    /// The cassettes being served.
    public let store: CassetteStore
    private let options: ServeOptions
    let stack: ReplayStack
    private let server: HTTPServer
    private let watcher: CassetteWatcher?
    private let diagnostics: any LogSink
    private let startedAt = ContinuousClock.now

    /// Loads the cassettes and prepares the server; nothing is bound until `start()`.
    ///
    /// - Parameters:
    ///   - log: where request lines go (nil for none).
    ///   - diagnostics: where reload and watch messages go.
    /// - Throws: `CassetteLoadError` with every problem when the cassettes do not validate.
    public convenience init(options: ServeOptions, log: (any LogSink)?, diagnostics: any LogSink)
        throws(CassetteLoadError)
    {
        let store = try CassetteStore(directory: options.cassetteDirectory)
        self.init(options: options, store: store, log: log, diagnostics: diagnostics)
    }

    init(
        options: ServeOptions, store: CassetteStore, log: (any LogSink)?, diagnostics: any LogSink,
        unmatched: (any UnmatchedRequestStrategy)? = nil
    ) {
        self.options = options
        self.store = store
        self.diagnostics = diagnostics
        let stack = ReplayStack(
            options: options, store: store, log: log, diagnostics: diagnostics, unmatched: unmatched)
        self.stack = stack
        var configuration = HTTPServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        if let loops = options.eventLoopCount { configuration.eventLoopCount = loops }
        server = HTTPServer(configuration: configuration, handler: stack.handler)
        let events = stack.handler.admin.events
        watcher =
            options.watch
            ? CassetteWatcher(store: store) { event in
                events.publish("cassettes", data: .object(["reloaded": .bool(event.isReload)]))
                switch event {
                case .reloaded(let cassettes, let interactions):
                    diagnostics.write(
                        line:
                            "mockweather: cassettes changed; reloaded \(cassettes) cassettes (\(interactions) interactions)"
                    )
                case .refused(let reason):
                    diagnostics.write(
                        line:
                            "mockweather: cassettes changed but are invalid; still serving the previous set:\n\(reason)"
                    )
                }
                diagnostics.flush()
            } : nil
    }

    /// Binds and starts serving; returns the bound port (the chosen one for port 0).
    ///
    /// - Throws: `HTTPServerError` when the address cannot be bound or the server cannot start.
    public func start() throws -> Int {
        let port = try server.start()
        watcher?.start()
        return port
    }

    /// Stops accepting, finishes in-flight responses, flushes the log, and returns the run's summary.
    public func stop() async -> ServeSummary {
        watcher?.stop()
        await server.stop()
        stack.logger?.stop()
        diagnostics.flush()
        return summary
    }

    /// The run so far: request counts and every unmatched request.
    public var summary: ServeSummary {
        let counts = stack.journal.counts
        let unmatched = stack.journal.unmatchedRequests
        return ServeSummary(
            requests: counts.total, matched: counts.matched, unmatched: counts.unmatched,
            unmatchedRequests: unmatched.lines, unlistedUnmatched: unmatched.dropped,
            duration: startedAt.duration(to: .now))
    }
}

/// What a `mockweather serve` run did, printed at shutdown.
public struct ServeSummary: Sendable, CustomStringConvertible {
    /// Requests answered outside the admin API.
    public var requests: Int
    /// Requests a cassette answered.
    public var matched: Int
    /// Requests no cassette matched.
    public var unmatched: Int
    /// Each unmatched request (key masked) with its closest cassette, in order.
    public var unmatchedRequests: [String]
    /// Unmatched requests beyond the listing limit.
    public var unlistedUnmatched: Int
    /// How long the server ran.
    public var duration: Duration

    /// `mockweather: served 12 requests (10 matched, 2 unmatched) in 3.2 s`.
    public var description: String {
        let seconds = duration.inSeconds
        let noun = requests == 1 ? "request" : "requests"
        return "mockweather: served \(requests) \(noun) (\(matched) matched, \(unmatched) unmatched) in "
            + "\((seconds * 10).rounded() / 10) s"
    }

    /// The `--fail-on-unmatched` report: one line per unmatched request.
    public var unmatchedReport: String {
        var lines = ["mockweather: \(unmatched) unmatched \(unmatched == 1 ? "request" : "requests"):"]
        lines += unmatchedRequests.map { "  " + $0 }
        if unlistedUnmatched > 0 { lines.append("  ... and \(unlistedUnmatched) more") }
        return lines.joined(separator: "\n")
    }
}
