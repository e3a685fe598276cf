import Basics
package import HTTPServer

/// The HTTP handler every mode runs: each request is read once into a ``ReplayRequest`` against the
/// store's library of the moment, then `/__admin/` goes to the admin API and everything else to the
/// responder (replay, or record mode's strategies); one journal entry and one log line per request.
package struct ReplayHandler: HTTPHandler {
    /// The cassettes answered from: its library is read once per request, so matching, the answer
    /// memo and the strategies all see one set.
    let store: CassetteStore
    /// The APIs requests are read for: the store's, so requests and cassettes are read alike.
    let providers: ProviderSet
    /// What "now" is for the requests' answers.
    let clock: MockClock
    /// `--shift-times`: recorded times are moved to the clock's now unless a cassette says otherwise.
    let shiftsTimes: Bool
    let responder: any Responder
    /// Answers `/__admin/`: a peer of the responder, with the same store.
    let admin: AdminAPI
    let journal: RequestJournal
    let logger: RequestLogger?
    /// Set in record mode or with `--scrub`: masks secrets in journal entries and log lines beyond the
    /// secret parameters (which are always masked).
    let scrubber: KeyScrubber?
    /// Answers to requests seen before; nil where answers are not kept (record mode, `--scrub`, whose
    /// journal entries are scrubbed per request).
    let memo: AnswerMemo?
    /// Answers `CONNECT` (HTTPS interception); nil refuses it.
    let tunnels: TunnelGate?

    /// The handler answering from `store` at `clock`'s time with `responder`, `/__admin/` with `admin`;
    /// see the properties for the rest.
    init(
        store: CassetteStore, clock: MockClock, shiftsTimes: Bool, responder: any Responder, admin: AdminAPI,
        journal: RequestJournal, logger: RequestLogger?, scrubber: KeyScrubber?, memo: AnswerMemo?,
        tunnels: TunnelGate? = nil
    ) {
        self.tunnels = tunnels
        self.store = store
        self.providers = store.providers
        self.clock = clock
        self.shiftsTimes = shiftsTimes
        self.responder = responder
        self.admin = admin
        self.journal = journal
        self.logger = logger
        self.scrubber = scrubber
        self.memo = memo
    }

    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let started = ContinuousClock.now
        if request.method == "CONNECT" {
            return .respond(tunnels?.answer(request) ?? TunnelGate.refusalWithoutInterception(request))
        }
        let library = store.library
        // An HTTPS request's entry names its host, so it is never answered from (or kept in) the memo,
        // whose entries are plain HTTP's.
        let memo = request.tls == nil ? memo : nil
        if let memo, let answer = memo.answer(for: request, from: library) {
            let recorded = RecordedEntry(
                repeating: answer.entry, timestampMilliseconds: Timestamp.nowMilliseconds(),
                durationMicroseconds: started.duration(to: .now).inMicroseconds)
            journal.record(recorded, unmatchedLine: nil)
            logger?.log(recorded)
            return .respond(answer.response)
        }
        // From here on the request is this one value, the raw request inside it (``ReplayRequest/http``).
        let request = ReplayRequest(request, providers: providers, now: clock.now, shiftsTimesByDefault: shiftsTimes)
        if AdminAPI.handles(request.path) {
            if let tunnel = request.http.tls?.tunnelAuthority {
                return .respond(
                    HTTPResponse(
                        status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"],
                        text: "404 Not Found: the admin API is not served inside the tunnel to \(tunnel); "
                            + "ask the mock itself (http://127.0.0.1:PORT/__admin/)\n"))
            }
            return admin.respond(to: request)
        }
        let outcome = responder.respond(to: request, from: library)
        switch outcome.answer {
        case .now(var response):
            let outcome = echoingSecrets(outcome, into: &response, for: request)
            let entry = record(outcome, response, for: request, started: started)
            // Kept only if the library it came from is still the store's: after a reload meanwhile it
            // would set the memo back to the old set.
            if let memo, outcome.isRepeatable, !request.readTheClock, library === store.library {
                memo.remember(
                    AnswerMemo.Answer(for: request.http, response: response, entry: entry), for: request.http,
                    from: library)
            }
            return .respond(response)
        case .later(let produce):
            // Journalled once the answer is known, with its real status and what became of it.
            return .respondLater { [self] in
                let produced = await produce()
                guard var response = produced.response else { return HTTPResponse(status: 500) }
                let final = echoingSecrets(produced, into: &response, for: request)
                record(final, response, for: request, started: started)
                return response
            }
        }
    }

    /// `outcome` once its provider has written the client's own secret into `response` where the API
    /// repeats it (``Provider/echoSecrets(into:for:)``); the journal then shows the body as it was.
    private func echoingSecrets(
        _ outcome: consuming ReplayOutcome, into response: inout HTTPResponse, for request: ReplayRequest
    ) -> ReplayOutcome {
        guard let provider = request.provider,
            let shown = provider.provider.echoSecrets(into: &response, for: request)
        else { return outcome }
        outcome.shownBody = outcome.shownBody ?? shown
        return outcome
    }

    /// Journals and logs `outcome`, answered with `response`; returns the entry as recorded.
    @discardableResult
    private func record(
        _ outcome: ReplayOutcome, _ response: HTTPResponse, for replayRequest: ReplayRequest,
        started: ContinuousClock.Instant
    ) -> RecordedEntry {
        let elapsed = started.duration(to: .now)
        var entry = JournalEntry(
            sequenceNumber: 0, timestampMilliseconds: Timestamp.nowMilliseconds(), method: replayRequest.method,
            path: replayRequest.path, query: replayRequest.scrubbedQuery, status: response.status,
            durationMicroseconds: elapsed.inMicroseconds,
            delayMilliseconds: Int(response.delay?.inMilliseconds ?? 0), fault: outcome.fault)
        if let tls = replayRequest.http.tls {
            entry.secureHost = TunnelAuthority.host(of: replayRequest.http.host ?? tls.tunnelAuthority ?? "")
        }
        switch outcome.source {
        case .answered(let label):
            entry.matched = label
            entry.overridden = outcome.overridden
        case .unmatched(let closest, let rules):
            entry.nearMiss = closest
            entry.nearMissRules = rules
            entry.isUnmatched = true
        }
        entry.response = response
        if let shown = outcome.shownBody { entry.response?.body = shown }
        var displayText = outcome.isUnmatched ? replayRequest.displayText : ""
        if let scrubber {
            let scrubber = scrubber.adding(secrets: replayRequest.clientSecrets)
            entry.path = scrubber.scrub(entry.path)
            entry.query = entry.query.map(scrubber.scrub)
            entry.matched = entry.matched.map(scrubber.scrub)
            entry.overridden = entry.overridden.map(scrubber.scrub)
            entry.nearMiss = entry.nearMiss.map(scrubber.scrub)
            entry.nearMissRules = entry.nearMissRules.map { rule in
                var rule = rule
                rule.difference = scrubber.scrub(rule.difference)
                rule.requested = rule.requested.map(scrubber.scrub)
                rule.expected = rule.expected.map(scrubber.scrub)
                return rule
            }
            if let body = entry.response?.body { entry.response?.body = scrubber.scrub(body) }
            displayText = scrubber.scrub(displayText)
        }
        // The `--fail-on-unmatched` report prints this line as it is: escaped here, once.
        let unmatchedLine =
            outcome.isUnmatched
            ? LogText.escapingControlCharacters(
                "\(displayText) → \(response.status) (closest: \(entry.nearMiss ?? "none"))") : nil
        let recorded = RecordedEntry(entry)
        journal.record(recorded, unmatchedLine: unmatchedLine)
        logger?.log(recorded)
        return recorded
    }
}
