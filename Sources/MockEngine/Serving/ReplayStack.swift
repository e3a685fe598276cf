package import HTTPServer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything between a parsed request and its answer: replay (or record mode's strategies), the
/// admin API, the journal and the request log. `mockweather serve` and the in-process server run one
/// behind a socket; the URLProtocol mode and the tests' router mode call ``handle(_:)`` directly, so
/// every mode matches, shapes bodies, plays sequences, delays, faults and diagnoses near misses with
/// the same code.
package final class ReplayStack: Sendable {
    /// The cassettes being served.
    package let store: CassetteStore
    let journal: RequestJournal
    let handler: ReplayHandler
    let logger: RequestLogger?
    /// The mock clock every request of this stack reads on arrival.
    package let clock: MockClock
    private let random: SeededRandom
    /// The world unmatched requests are answered from (``SynthesizingResponder``).
    package let world: WorldBoard
    /// Answers `CONNECT` and counts HTTPS tunnels (``TunnelGate``).
    package let tunnels: TunnelGate

    /// The stack over `store` with `options`; request lines go to `log` (nil: none), written by a
    /// background thread unless `logsAtOnce` (tests read a line right after its request), reload and
    /// record messages to `diagnostics`. `unmatched` replaces the fail-closed answer (tests).
    package init(
        options: ServeOptions, store: CassetteStore, log: (any LogSink)?, diagnostics: any LogSink,
        unmatched: (any UnmatchedRequestStrategy)? = nil, logsAtOnce: Bool = false
    ) {
        self.store = store
        let clock = MockClock(options.clock)
        self.clock = clock
        let logger = log.map { RequestLogger(sink: $0, format: options.logFormat, inBackground: !logsAtOnce) }
        self.logger = logger
        let journal = RequestJournal(capacity: options.journalCapacity)
        self.journal = journal
        let random = SeededRandom(seed: options.chaos.seed)
        self.random = random
        var scrubber = options.scrubber
        let world = WorldBoard(
            options: options.synthesis, clockStart: Int64(clock.now.timeIntervalSince1970.rounded(.down)))
        self.world = world
        var unmatched =
            unmatched
            ?? SynthesizingResponder(
                board: world, fallback: FailClosedResponder(status: options.unmatchedStatus, scrubber: scrubber))
        var forwarder: (any RequestForwarder)?
        let access = LocalAccessPolicy(
            boundHost: options.host, allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins,
            providerHosts: store.providers.hosts)
        if let recording = options.recording {
            scrubber = (scrubber ?? KeyScrubber(secretParameters: store.providers.secretParameters))
                .adding(secrets: recording.secrets)
            let made = recording.makeForwarder(store) { line in diagnostics.write(line: line) }
            forwarder = made
            if !recording.forwardsEverything {
                unmatched = ForwardingUnmatchedStrategy(forwarder: made, access: access)
            }
        }
        let replay = ReplayResponder(
            unmatched: unmatched, chaos: options.chaos, random: random,
            screening: ScreeningContext(requireKey: options.requireKey, providerSettings: options.providerSettings))
        let responder: any Responder =
            if let forwarder, options.recording?.forwardsEverything == true {
                ForwardingResponder(forwarder: forwarder, access: access)
            } else {
                replay
            }
        let admin = AdminAPI(
            store: store, journal: journal, random: random, startedAt: .now, access: access,
            shownDirectory: options.cassetteDirectoryAsGiven, clock: clock, world: world
        ) { line in
            diagnostics.write(line: "mockweather: \(line)")
        }
        let scrubbing = scrubber?.nilWhenTrivial
        let tunnels = TunnelGate(
            certificates: options.interception, hosts: Set(store.providers.hosts + options.tunnelHosts),
            activity: admin.tlsActivity
        ) { line in
            diagnostics.write(line: "mockweather: \(line)")
            diagnostics.flush()
        }
        self.tunnels = tunnels
        handler = ReplayHandler(
            store: store, clock: clock, shiftsTimes: options.shiftTimes, responder: responder, admin: admin,
            journal: journal, logger: logger, scrubber: scrubbing,
            memo: options.keepsAnswers && options.recording == nil && scrubbing == nil ? AnswerMemo() : nil,
            tunnels: tunnels)
    }

    /// Answers one request as `mockweather serve` would; never blocks (a response's delay and fault are
    /// for the caller to act out).
    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        handler.handle(request)
    }

    /// The journal, for the in-process modes' `ReplayJournal`.
    package var requestJournal: RequestJournal { journal }

    /// The answers kept for requests seen before, nil where none are kept (``AnswerMemo``).
    package var answerMemo: AnswerMemo? { handler.memo }

    /// The request log, stopped by whoever stops the stack.
    package var requestLogger: RequestLogger? { logger }

    /// Sequences back to their first response, the journal emptied and the seeded generator rewound,
    /// as `POST /__admin/reset` does.
    package func reset() {
        journal.clear()
        store.library.resetSequences()
        random.reset()
    }
}

/// A log that drops everything (in-process modes keep the journal and need no log lines).
package struct NoLog: LogSink {
    /// A log that drops everything.
    package init() {}
    package func write(line: String) {}
    package func write(lines: [UInt8]) {}
    package func flush() {}
}
