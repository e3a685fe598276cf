package import HTTPServer

/// Everything between a parsed request and its answer: replay (or record mode's strategies), the
/// admin API, the journal and the request log. `mockweather serve` and the in-process server run one
/// behind a socket; the URLProtocol mode calls ``handle(_:)`` directly, so every mode matches,
/// converts units, plays sequences, delays, faults and diagnoses near misses with the same code.
package final class ReplayStack: Sendable {
    /// The cassettes being served.
    package let store: CassetteStore
    let journal: RequestJournal
    let handler: MockWeatherHandler
    let logger: RequestLogger?
    private let random: SeededRandom

    init(
        options: ServeOptions, store: CassetteStore, log: (any LogSink)?, diagnostics: any LogSink,
        unmatched: (any UnmatchedRequestStrategy)? = nil
    ) {
        self.store = store
        let logger = log.map { RequestLogger(sink: $0, format: options.logFormat, inBackground: true) }
        self.logger = logger
        let journal = RequestJournal(capacity: options.journalCapacity)
        self.journal = journal
        let random = SeededRandom(seed: options.chaos.seed)
        self.random = random
        var scrubber = options.scrubber
        var unmatched =
            unmatched ?? FailClosedResponder(status: options.unmatchedStatus, scrubber: scrubber.nilWhenTrivial)
        var recorder: Recorder?
        if let recording = options.recording {
            scrubber = scrubber.adding(secrets: [recording.access.apiKey.revealed])
            let created = Recorder(
                transport: recording.access.transport(scrubber: scrubber), directory: options.cassetteDirectory,
                scrubber: scrubber, store: store
            ) { line in
                diagnostics.write(line: line)
            }
            recorder = created
            if recording.mode == .new { unmatched = RecordUnmatchedStrategy(recorder: created) }
        }
        let replay = ReplayResponder(
            store: store, unmatched: unmatched, chaos: options.chaos, random: random, requireKey: options.requireKey)
        let responder: any Responder =
            if let recorder, options.recording?.mode == .all { RecordingResponder(recorder: recorder) } else { replay }
        let admin = AdminAPI(store: store, journal: journal, random: random, startedAt: .now) { line in
            diagnostics.write(line: "mockweather: \(line)")
        }
        handler = MockWeatherHandler(
            responder: responder, admin: admin, journal: journal, logger: logger, scrubber: scrubber.nilWhenTrivial)
    }

    /// Replay's options without a socket or a directory of their own (in-process modes).
    package convenience init(store: CassetteStore, options: ReplayOptions) {
        self.init(
            options: options.serveOptions(directory: store.directory), store: store, log: nil, diagnostics: NoLog())
    }

    /// Answers one request as `mockweather serve` would; never blocks (a response's delay and fault are
    /// for the caller to act out).
    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        handler.handle(request)
    }

    /// What was asked so far, in a form for tests.
    package var requestLog: ReplayJournal { ReplayJournal(journal) }

    /// Sequences back to their first response, the journal emptied and the seeded generator rewound,
    /// as `POST /__admin/reset` does.
    package func reset() {
        journal.clear()
        store.library.resetSequences()
        random.reset()
    }
}

/// A log that drops everything (in-process modes keep the journal and need no log lines).
struct NoLog: LogSink {
    func write(line: String) {}
    func write(lines: [UInt8]) {}
    func flush() {}
}
