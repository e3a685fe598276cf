import HTTPServer

/// What the replay layer decided for one request, with what the log and journal need to know.
struct ReplayOutcome: Sendable {
    var result: HTTPHandlerResult
    var status: Int
    /// The interaction that answered, nil when none did.
    var matched: String?
    /// For an unmatched request: the closest interaction and what differed.
    var nearMiss: String?
    var isUnmatched: Bool
    var delayMilliseconds: Int = 0
    var fault: String?
    /// Set when the answer waits on something (record mode's upstream fetch): the handler awaits it
    /// off the event loop and journals the outcome it produces instead of this one.
    var deferred: (@Sendable () async -> ReplayOutcome)?
    /// For an unmatched request: the closest interaction's rules one by one (the admin API's table).
    var nearMissRules: [RuleOutcome] = []

    /// An outcome decided later by `produce`, whose result must be `.respond`.
    static func later(_ produce: @escaping @Sendable () async -> ReplayOutcome) -> ReplayOutcome {
        ReplayOutcome(
            result: .respondLater {
                guard case .respond(let response) = await produce().result else { return HTTPResponse(status: 500) }
                return response
            }, status: 0, matched: nil, isUnmatched: false, deferred: produce)
    }
}

/// Answers requests outside `/__admin/`. Replay is one strategy; record mode (`--record all`) is
/// another that forwards everything upstream.
protocol Responder: Sendable {
    func respond(to request: HTTPRequest, as replayRequest: ReplayRequest) -> ReplayOutcome
}

/// Decides what happens to a request no cassette matches. Replay fails closed (`FailClosedResponder`);
/// record mode (`--record new`) forwards to the upstream instead and adds what it captures to the store.
protocol UnmatchedRequestStrategy: Sendable {
    func respond(
        to request: HTTPRequest, as replayRequest: ReplayRequest, nearMiss: NearMiss?,
        library: CassetteLibrary
    ) -> ReplayOutcome
}
