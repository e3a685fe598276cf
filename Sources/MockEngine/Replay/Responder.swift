package import HTTPServer

/// What the replay layer decided for one request, with what the journal and the log need to know.
/// The answer is said once: its status, delay and fault are the response's own.
package struct ReplayOutcome: Sendable {
    /// The answer, now or later.
    enum Answer: Sendable {
        /// The response to send.
        case now(HTTPResponse)
        /// An outcome that waits on something (record mode's upstream fetch): the handler awaits it
        /// off the event loop and journals the outcome it produces, whose answer must be `now`.
        case later(@Sendable () async -> ReplayOutcome)
    }

    /// Who answered.
    package enum Source: Sendable {
        /// A cassette interaction, a provider's rule or the upstream, as the journal labels it
        /// (`openweathermap/current/seoul`, `name#1 [2/3]`, `upstream → recorded/current/q-seoul`).
        case answered(String)
        /// Nothing did: the closest interaction and what differed (or why there was none), and its
        /// rules one by one.
        case unmatched(closest: String, rules: [RuleOutcome])
    }

    var answer: Answer
    var source: Source
    /// The fault acted out, if any.
    var fault: ServedFault?
    /// The interaction of lower precedence that the answering one overrode (`CassetteSet.overridden(by:)`).
    var overridden: String?
    /// The body as the journal, log and HAR show it when it differs from the one sent (a secret the
    /// API echoes); nil shows the body sent.
    var shownBody: [UInt8]?
    /// Whether the same request would get the same answer for as long as the library is the same,
    /// unless it read the clock: an interaction's only response, its delay fixed, no chaos. Such an
    /// answer may be kept in the ``AnswerMemo``.
    var isRepeatable = false

    init(answer: Answer, source: Source, fault: ServedFault? = nil, shownBody: [UInt8]? = nil) {
        self.answer = answer
        self.source = source
        self.fault = fault
        self.shownBody = shownBody
    }

    /// An answer now by `source`.
    package init(_ response: HTTPResponse, _ source: Source, fault: ServedFault? = nil) {
        self.init(answer: .now(response), source: source, fault: fault)
    }

    /// An outcome decided later by `produce`.
    package static func later(_ produce: @escaping @Sendable () async -> ReplayOutcome) -> ReplayOutcome {
        ReplayOutcome(answer: .later(produce), source: .answered("(pending)"))
    }

    /// The response, when the answer is at hand.
    var response: HTTPResponse? {
        if case .now(let response) = answer { return response }
        return nil
    }

    /// Whether no interaction, rule or upstream answered.
    var isUnmatched: Bool {
        if case .unmatched = source { return true }
        return false
    }
}

/// Answers requests outside `/__admin/`. Replay is one strategy; record mode (`--record all`) is
/// another that forwards everything upstream.
package protocol Responder: Sendable {
    /// The outcome for `request`, answered from `library`: the store's set when the request arrived,
    /// read once by the handler, so one request never sees two sets.
    func respond(to request: ReplayRequest, from library: CassetteLibrary) -> ReplayOutcome
}

/// Decides what happens to a request no cassette matches. Replay fails closed (`FailClosedResponder`),
/// or answers from the world first (`SynthesizingResponder`); record mode (`--record new`) forwards to
/// the upstream instead and adds what it captures to the store. The near miss is worked out only when
/// asked (`nearMiss()`): only the fail-closed answer says it, and finding it examines up to
/// ``CassetteLibrary/nearMissExaminationLimit`` interactions.
package protocol UnmatchedRequestStrategy: Sendable {
    /// The outcome for `request`, which no cassette matched; `nearMiss` finds the closest interaction.
    func respond(to request: ReplayRequest, nearMiss: () -> NearMiss?) -> ReplayOutcome
}
