package import MockEngine
import MockProviders

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

    /// Waits for a request the app makes asynchronously (a UI test's tap, a background refresh) and
    /// returns it as the journal keeps it: the first one numbered after `sequenceNumber` whose
    /// method (nil: any), path and query match.
    ///
    /// - `path` is compared exactly after the mock's normalisation (percent-decoded, no trailing `/`).
    /// - Each `query` parameter must be present with that value, compared as cassettes compare
    ///   (numbers by value, so `lat: "37.5"` matches `lat=37.50`; the values each API compares without
    ///   case, without case); `"*"` asks only that it is present. A parameter carrying a key (any API's
    ///   secret parameter, as the providers declare them) may only be `"*"`: the journal keeps keys masked.
    /// - `sequenceNumber` nil (the default) waits for a request made after this call; 0 also finds one
    ///   already answered (as far back as the journal's capacity reaches); a request's
    ///   ``ReplayedRequest/sequenceNumber`` waits for the ones after it.
    /// - `timeout` is measured on `clock` (at most 60 s); zero looks only at what has arrived.
    ///   Nothing polls: the journal wakes the wait when it records the request.
    ///
    /// ```swift
    /// let request = try await mock.journal.waitForRequest(path: "/data/2.5/weather", query: ["q": "Seoul"])
    /// ```
    ///
    /// - Throws: ``ReplayWaitError/timedOut(_:)`` saying what arrived instead (the latest requests and
    ///   the closest), ``ReplayWaitError/cancelled(waitedFor:)`` when the calling task is cancelled,
    ///   ``ReplayWaitError/refused(_:)`` for a wait that cannot be made (a bad path or method, a key
    ///   asked for by value, a timeout over the limit, 64 waits already pending).
    public func waitForRequest(
        method: String? = nil, path: String, query: [String: String] = [:], since sequenceNumber: Int? = nil,
        timeout: Duration = .seconds(5), clock: some Clock<Duration> = ContinuousClock()
    ) async throws(ReplayWaitError) -> ReplayedRequest {
        let criteria: JournalWaitCriteria
        do throws(JournalWaitError) {
            criteria = try JournalWaitCriteria(
                method: method, path: path, query: query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                providers: Providers.all)
            return ReplayedRequest(
                try await journal.wait(for: criteria, after: sequenceNumber, timeout: max(.zero, timeout), clock: clock)
            )
        } catch {
            throw ReplayWaitError(error)
        }
    }
}

/// Why ``ReplayJournal/waitForRequest(method:path:query:since:timeout:clock:)`` returned no request.
/// Its description says what was waited for and what was seen instead, with keys masked.
public enum ReplayWaitError: Error, Sendable, CustomStringConvertible {
    /// The timeout passed before a matching request arrived.
    case timedOut(ReplayWaitTimeout)
    /// The waiting task was cancelled; `waitedFor` is the request (`GET /data/2.5/weather?q=Seoul`).
    case cancelled(waitedFor: String)
    /// The mock stopped while the wait was pending.
    case stopped(waitedFor: String)
    /// The wait could not be made; the message names the method, path, parameter or limit.
    case refused(String)

    init(_ error: JournalWaitError) {
        switch error {
        case .timedOut(let report): self = .timedOut(ReplayWaitTimeout(report))
        case .cancelled(let criteria): self = .cancelled(waitedFor: criteria.description)
        case .stopped(let criteria): self = .stopped(waitedFor: criteria.description)
        default: self = .refused(error.description)
        }
    }

    /// `no request GET /data/2.5/weather?q=Seoul within 5s (after #3); saw 2: …; closest: …`.
    public var description: String {
        switch self {
        case .timedOut(let timeout): timeout.description
        case .cancelled(let waitedFor): "the wait for \(waitedFor) was cancelled"
        case .stopped(let waitedFor): "the mock stopped while waiting for \(waitedFor)"
        case .refused(let message): "cannot wait: \(message)"
        }
    }
}

/// What a wait that timed out saw instead of its request.
public struct ReplayWaitTimeout: Sendable, CustomStringConvertible {
    /// The request waited for (`GET /data/2.5/weather?q=Seoul&units=*`; `ANY` for any method).
    public var waitedFor: String
    /// How long it waited.
    public var timeout: Duration
    /// Requests that arrived during the wait (after its starting number), retained or not.
    public var requestsSeen: Int
    /// The latest of them (at most five), oldest first.
    public var latest: [ReplayedRequest]
    /// The one closest to what was waited for (same path with the fewest parameters wrong, else the
    /// nearest path), and what differed (`q: Busan ≠ Seoul`).
    public var closest: ReplayedRequest?
    /// What kept ``closest`` from matching, one line per difference.
    public var closestDifferences: [String]
    /// The whole report, as one line.
    public let description: String

    init(_ report: JournalWaitReport) {
        waitedFor = report.criteria.description
        timeout = report.timeout
        requestsSeen = report.seenCount
        latest = report.latest.map(ReplayedRequest.init)
        closest = report.closest.map { ReplayedRequest($0.entry) }
        closestDifferences = report.closest?.differences ?? []
        description = report.description
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
    /// The host an HTTPS request was for (`api.openweathermap.org`, through ``ReplayOptions/https``);
    /// nil for plain HTTP.
    public var secureHost: String?
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
        secureHost = entry.secureHost
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
