package import MockEngine

/// The requests an in-process replay has answered, for a test to read: the same journal
/// `GET /__admin/requests` shows, with keys masked.
public struct ReplayJournal: Sendable {
    private let journal: RequestJournal

    /// The journal `journal` shows.
    package init(_ journal: RequestJournal) {
        self.journal = journal
    }

    /// The retained requests (the latest `journalCapacity`), oldest first.
    public var requests: [ReplayedRequest] { journal.entries().map(ReplayedRequest.init) }

    /// The retained requests no cassette matched, oldest first.
    public var unmatchedRequests: [ReplayedRequest] { requests.filter(\.isUnmatched) }

    /// Requests answered since the start (admin requests aside), matched and unmatched; unlike
    /// ``requests`` these count every request even when the journal has wrapped.
    public var counts: ReplayCounts {
        let counts = journal.counts
        return ReplayCounts(total: counts.total, matched: counts.matched, unmatched: counts.unmatched)
    }
}

/// How many requests a replay has answered, and how many of them no cassette matched.
public struct ReplayCounts: Sendable, Equatable {
    /// Every request outside the admin API.
    public var total: Int
    /// Requests a cassette answered.
    public var matched: Int
    /// Requests no cassette matched (each got the fail-closed answer).
    public var unmatched: Int

    /// Counts as given.
    public init(total: Int, matched: Int, unmatched: Int) {
        self.total = total
        self.matched = matched
        self.unmatched = unmatched
    }
}

/// One request as the journal keeps it. The query never holds a key.
public struct ReplayedRequest: Sendable, Equatable, CustomStringConvertible {
    /// Arrival order, from 1.
    public var sequenceNumber: Int
    /// The method, e.g. `GET`.
    public var method: String
    /// The path, e.g. `/data/2.5/weather`.
    public var path: String
    /// The raw query with keys masked (`q=Seoul&key=***`), or nil.
    public var query: String?
    /// The status answered.
    public var status: Int
    /// The interaction that answered (`openweathermap/current/seoul`, `name#1 [2/3]` in a sequence).
    public var cassette: String?
    /// The interaction the answering one overrode: what a set put under others with
    /// ``CassetteSet/overridden(by:)`` would have answered (`openweathermap/current/seoul`), or nil.
    public var overridden: String?
    /// For an unmatched request: the closest interaction and what differed.
    public var closest: String?
    /// True when no cassette matched.
    public var isUnmatched: Bool
    /// The fault acted out, if any (`reset`, `hang`, `reset (random fault)` when chaos drew it).
    public var fault: String?
    /// The kind of the fault acted out, if any.
    public var faultKind: FaultKind?
    /// The delay the answer was scheduled with.
    public var delayMilliseconds: Int

    init(_ entry: JournalEntry) {
        sequenceNumber = entry.sequenceNumber
        method = entry.method
        path = entry.path
        query = entry.query
        status = entry.status
        cassette = entry.matched
        overridden = entry.overridden
        closest = entry.nearMiss
        isUnmatched = entry.isUnmatched
        fault = entry.fault?.description
        faultKind = entry.fault?.kind
        delayMilliseconds = entry.delayMilliseconds
    }

    /// `GET /data/2.5/weather?q=Seoul&units=metric`.
    public var requestLine: String {
        guard let query, !query.isEmpty else { return "\(method) \(path)" }
        return "\(method) \(path)?\(query)"
    }

    /// `GET /data/2.5/weather?q=Busan&units=metric → 501 (closest: openweathermap/near/suwon#0 (q: Busan ≠ suwon))`,
    /// `... → 200 (openweathermap/current/seoul)`, `... → 200 (my/seoul, overriding openweathermap/current/seoul)`;
    /// with a fault, what the client got instead of the status: `... → reset, no response (… [1/2])`
    /// when not a byte was sent, `... → 200, then reset-after-head (…)` when some of it was.
    public var description: String {
        var answer = isUnmatched ? "closest: \(closest ?? "none")" : (cassette ?? "no cassette")
        if let overridden { answer += ", overriding \(overridden)" }
        let outcome: String
        switch (fault, faultKind?.sendsNoResponse) {
        case (let fault?, true): outcome = "\(fault), no response"
        case (let fault?, _): outcome = "\(status), then \(fault)"
        case (nil, _): outcome = "\(status)"
        }
        return "\(requestLine) → \(outcome) (\(answer))"
    }
}
