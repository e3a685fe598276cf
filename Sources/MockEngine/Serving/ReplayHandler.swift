import Basics
package import HTTPServer

/// The HTTP handler every mode runs: `/__admin/` to the admin API, everything else to the responder
/// (replay, or record mode's strategies); one journal entry and one log line per request.
package struct ReplayHandler: HTTPHandler {
    let responder: any Responder
    let admin: AdminAPI
    let journal: RequestJournal
    let logger: RequestLogger?
    /// What "now" is for the requests' answers.
    let clock: MockClock
    /// `--shift-times`: recorded times are moved to the clock's now unless a cassette says otherwise.
    var shiftsTimes = false
    /// Set in record mode or with `--scrub`: masks secrets in journal entries and log lines beyond the
    /// secret parameters (which are always masked).
    var scrubber: KeyScrubber?
    /// Answers to requests seen before; nil where answers are not kept (record mode, `--scrub`, whose
    /// journal entries are scrubbed per request).
    var memo: AnswerMemo?

    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let started = ContinuousClock.now
        // Read only where answers are kept (one lock less per request in record mode and with --scrub).
        let library = memo == nil ? nil : admin.store.library
        if let memo, let library, let answer = memo.answer(for: request, from: library) {
            let recorded = RecordedEntry(
                repeating: answer.entry, timestampMilliseconds: Timestamp.nowMilliseconds(),
                durationMicroseconds: started.duration(to: .now).inMicroseconds)
            journal.record(recorded, unmatchedLine: nil)
            logger?.log(recorded)
            return .respond(answer.response)
        }
        let replayRequest = ReplayRequest(
            request, providers: admin.store.providers, now: clock.now, shiftsTimesByDefault: shiftsTimes)
        if AdminAPI.handles(replayRequest.path) {
            return admin.respond(to: request, path: replayRequest.path)
        }
        let outcome = responder.respond(to: request, as: replayRequest)
        switch outcome.answer {
        case .now(var response):
            let outcome = echoingSecrets(outcome, into: &response, for: replayRequest)
            let entry = record(outcome, response, for: replayRequest, started: started)
            // The library read before matching: one reloaded meanwhile must not be credited with it.
            if let memo, let library, outcome.isRepeatable, !replayRequest.readTheClock,
                library === admin.store.library
            {
                memo.remember(
                    AnswerMemo.Answer(for: request, response: response, entry: entry), for: request, from: library)
            }
            return .respond(response)
        case .later(let produce):
            // Journalled once the answer is known, with its real status and what became of it.
            return .respondLater { [self] in
                let produced = await produce()
                guard var response = produced.response else { return HTTPResponse(status: 500) }
                let final = echoingSecrets(produced, into: &response, for: replayRequest)
                record(final, response, for: replayRequest, started: started)
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
