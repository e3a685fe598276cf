import HTTPServer

/// The HTTP handler `mockweather serve` runs: `/__admin/` to the admin API, everything else to the
/// responder (replay, or record mode's strategies); one journal entry and one log line per request.
struct MockWeatherHandler: HTTPHandler {
    let responder: any Responder
    let admin: AdminAPI
    let journal: RequestJournal
    let logger: RequestLogger?

    func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let started = ContinuousClock.now
        let replayRequest = ReplayRequest(method: request.method, path: request.path, query: request.query)
        if AdminAPI.handles(replayRequest.path) {
            return admin.respond(to: request, path: replayRequest.path)
        }
        let outcome = responder.respond(to: request, as: replayRequest)
        let elapsed = started.duration(to: .now).components
        let entry = JournalEntry(
            sequenceNumber: 0, timestampMilliseconds: Timestamp.nowMilliseconds(), method: replayRequest.method,
            path: replayRequest.path, query: replayRequest.scrubbedQuery,
            status: outcome.status, matched: outcome.matched, nearMiss: outcome.nearMiss,
            durationMicroseconds: Int(elapsed.seconds) * 1_000_000 + Int(elapsed.attoseconds / 1_000_000_000_000),
            delayMilliseconds: outcome.delayMilliseconds, fault: outcome.fault, isUnmatched: outcome.isUnmatched)
        let unmatchedLine =
            outcome.isUnmatched
            ? "\(replayRequest.displayText) → \(outcome.status) (closest: \(outcome.nearMiss ?? "none"))" : nil
        journal.record(entry, unmatchedLine: unmatchedLine)
        logger?.log(entry)
        return outcome.result
    }
}
