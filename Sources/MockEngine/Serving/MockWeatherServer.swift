import Basics
package import HTTPServer
import Synchronization

/// `mockweather serve` as a library: loads the cassettes, serves them over HTTP, and summarises the
/// run when stopped. The executable only parses arguments and prints.
package final class MockWeatherServer: Sendable {
    /// The cassettes being served.
    package let store: CassetteStore
    private let options: ServeOptions
    package let stack: ReplayStack
    private let server: HTTPServer
    /// `--tls`: HTTPS on the same port; nil serves plain HTTP only.
    private let directTLS: DirectTLSContext?
    private let watcher: CassetteWatcher?
    private let diagnostics: any LogSink
    private let startedAt = ContinuousClock.now

    /// Loads the cassettes and prepares the server; nothing is bound until `start()`.
    ///
    /// - Parameters:
    ///   - log: where request lines go (nil for none).
    ///   - diagnostics: where reload and watch messages go.
    /// - Throws: `CassetteLoadError` with every problem when the cassettes do not validate.
    package convenience init(options: ServeOptions, log: (any LogSink)?, diagnostics: any LogSink)
        throws(CassetteLoadError)
    {
        let store = try CassetteStore(
            directory: options.cassetteDirectory, providers: options.providers, snapshots: options.snapshots,
            diagnostics: { line in
                diagnostics.write(line: line)
                diagnostics.flush()
            })
        self.init(options: options, store: store, log: log, diagnostics: diagnostics)
    }

    /// The server over `store` (cassettes built in code, the in-process modes); see the other initialiser.
    package init(
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
        let boundName = options.host == "0.0.0.0" || options.host == "::" ? [] : [options.host.lowercased()]
        directTLS =
            options.servesTLSDirectly
            ? stack.tunnels.directContext(extraHosts: boundName + options.allowedHosts.map { $0.lowercased() }) : nil
        configuration.directTLS = directTLS
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
                for entry in store.lastReload?.skipped ?? [] {
                    diagnostics.write(line: "mockweather: \(entry.logText)")
                }
                diagnostics.flush()
            } : nil
    }

    /// With `--tls`, makes the certificate HTTPS is served with (reading or making the local CA); call
    /// it before ``start()`` to stop on its reason. Nothing to do without `--tls`.
    ///
    /// - Throws: ``TLSFailure`` when HTTPS cannot be served (OpenSSL missing, the CA refused).
    package func prepareTLS() throws(TLSFailure) {
        try directTLS?.prepare()
    }

    /// Binds and starts serving; returns the bound port (the chosen one for port 0).
    ///
    /// - Throws: `HTTPServerError` when the address cannot be bound or the server cannot start.
    package func start() throws -> Int {
        let port = try server.start()
        watcher?.start()
        return port
    }

    /// Stops accepting, finishes in-flight responses and a start-up snapshot being written, flushes
    /// the log, and returns the run's summary.
    package func stop() async -> ServeSummary {
        watcher?.stop()
        // A pending `/__admin/requests/wait` would otherwise hold the shutdown for its whole timeout.
        stack.requestJournal.endWaits()
        await server.stop()
        store.finishSnapshotWrites()
        stack.logger?.stop()
        diagnostics.flush()
        return summary
    }

    /// The run so far: request counts and every unmatched request.
    package var summary: ServeSummary {
        let counts = stack.journal.counts
        let unmatched = stack.journal.unmatchedRequests
        return ServeSummary(
            requests: counts.total, matched: counts.matched, unmatched: counts.unmatched,
            unmatchedRequests: unmatched.lines, unlistedUnmatched: unmatched.dropped,
            duration: startedAt.duration(to: .now))
    }
}

/// What a `mockweather serve` run did, printed at shutdown.
package struct ServeSummary: Sendable, CustomStringConvertible {
    /// Requests answered outside the admin API.
    package var requests: Int
    /// Requests a cassette answered.
    package var matched: Int
    /// Requests no cassette matched.
    package var unmatched: Int
    /// Each unmatched request (key masked) with its closest cassette, in order.
    package var unmatchedRequests: [String]
    /// Unmatched requests beyond the listing limit.
    package var unlistedUnmatched: Int
    /// How long the server ran.
    package var duration: Duration

    /// `mockweather: served 12 requests (10 matched, 2 unmatched) in 3.2 s`.
    package var description: String {
        let seconds = duration.inSeconds
        let noun = requests == 1 ? "request" : "requests"
        return "mockweather: served \(requests) \(noun) (\(matched) matched, \(unmatched) unmatched) in "
            + "\((seconds * 10).rounded() / 10) s"
    }

    /// The `--fail-on-unmatched` report: one line per unmatched request.
    package var unmatchedReport: String {
        var lines = ["mockweather: \(unmatched) unmatched \(unmatched == 1 ? "request" : "requests"):"]
        lines += unmatchedRequests.map { "  " + $0 }
        if unlistedUnmatched > 0 { lines.append("  ... and \(unlistedUnmatched) more") }
        return lines.joined(separator: "\n")
    }
}
