import Basics
import HTTPServer

/// The HTTP handler `mockweather serve` runs: `/__admin/` to the admin API, everything else to the
/// responder (replay, or record mode's strategies); one journal entry and one log line per request.
struct MockWeatherHandler: HTTPHandler {
    let responder: any Responder
    let admin: AdminAPI
    let journal: RequestJournal
    let logger: RequestLogger?
    /// Set in record mode or with `--scrub`: masks secrets in journal entries and log lines beyond the
    /// key parameters (which are always masked).
    var scrubber: KeyScrubber?

    func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let started = ContinuousClock.now
        let replayRequest = ReplayRequest(method: request.method, path: request.path, query: request.query)
        if AdminAPI.handles(replayRequest.path) {
            return admin.respond(to: request, path: replayRequest.path)
        }
        let outcome = responder.respond(to: request, as: replayRequest)
        if let deferred = outcome.deferred {
            // Journalled once the answer is known, with its real status and what became of it.
            return .respondLater { [self] in
                let final = await deferred()
                record(final, for: replayRequest, started: started)
                guard case .respond(let response) = final.result else { return HTTPResponse(status: 500) }
                return response
            }
        }
        record(outcome, for: replayRequest, started: started)
        return outcome.result
    }

    private func record(_ outcome: ReplayOutcome, for replayRequest: ReplayRequest, started: ContinuousClock.Instant) {
        let elapsed = started.duration(to: .now)
        var entry = JournalEntry(
            sequenceNumber: 0, timestampMilliseconds: Timestamp.nowMilliseconds(), method: replayRequest.method,
            path: replayRequest.path, query: replayRequest.scrubbedQuery,
            status: outcome.status, matched: outcome.matched, nearMiss: outcome.nearMiss,
            durationMicroseconds: elapsed.inMicroseconds,
            delayMilliseconds: outcome.delayMilliseconds, fault: outcome.fault, isUnmatched: outcome.isUnmatched,
            nearMissRules: outcome.nearMissRules, coordinate: replayRequest.coordinate)
        if case .respond(let response) = outcome.result { entry.response = response }
        var displayText = outcome.isUnmatched ? replayRequest.displayText : ""
        if let scrubber {
            let scrubber = scrubber.adding(secrets: replayRequest.clientKeys)
            entry.path = scrubber.scrub(entry.path)
            entry.query = entry.query.map(scrubber.scrub)
            entry.matched = entry.matched.map(scrubber.scrub)
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
        let unmatchedLine =
            outcome.isUnmatched ? "\(displayText) → \(outcome.status) (closest: \(entry.nearMiss ?? "none"))" : nil
        journal.record(entry, unmatchedLine: unmatchedLine)
        logger?.log(entry)
    }
}
