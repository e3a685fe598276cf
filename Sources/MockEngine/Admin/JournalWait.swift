import Basics

/// What a wait on the journal looks for (`GET /__admin/requests/wait`, `ReplayJournal.waitForRequest`):
/// a method (or any), a path compared exactly after the engine's normalisation (percent-decoded, no
/// trailing slash), and query parameters each of which must be present with the value given, compared
/// as the engine compares a cassette's (numbers by value, the provider's case-insensitive parameters
/// such as OpenWeatherMap's `q` without case), or with any value for `*`.
///
/// A parameter that carries a key (any provider's secret parameter, or a generic one such as `key`) may
/// only be asked for as `*`: the journal keeps its value masked, and a criterion holding a key would
/// put it in every message that repeats the criteria.
package struct JournalWaitCriteria: Sendable, CustomStringConvertible {
    /// One query parameter an entry must carry.
    package struct Parameter: Sendable {
        /// Decoded and lower-case, as the engine reads names.
        package var name: String
        /// The value wanted, decoded; nil for any value (`*`).
        package var value: String?
        /// The value as the engine compares it (``QueryValue/key(_:caseInsensitive:)``).
        let key: QueryValue.Key?
        /// Whether values compare without case (the path's provider says so for this parameter).
        let caseInsensitive: Bool
    }

    /// Upper-case; nil for any method.
    package let method: String?
    /// Normalised as the engine normalises request paths (``RequestPath/normalized(_:)``).
    package let path: String
    /// In the order given.
    package let query: [Parameter]

    /// Criteria for `method` (nil: any), `path` and `query` (`(name, value)`, value `*` for any),
    /// read with `providers`' vocabulary for the path and their secret parameters.
    ///
    /// - Throws: ``JournalWaitError`` naming the method, path or parameter that cannot be waited for:
    ///   a method that is not an HTTP token, a path that does not start with `/` or holds a `?`, an
    ///   empty or repeated parameter name, or a secret parameter asked for by value (the value is
    ///   never repeated).
    package init(method: String?, path: String, query: [(name: String, value: String)], providers: ProviderSet)
        throws(JournalWaitError)
    {
        if let method {
            guard (1...20).contains(method.utf8.count), method.utf8.allSatisfy(Self.isTokenByte) else {
                throw .methodNotAToken(Self.cut(method))
            }
            self.method = method.uppercased()
        } else {
            self.method = nil
        }
        guard path.hasPrefix("/") else { throw .pathNotAbsolute(Self.cut(path)) }
        // The engine drops a query from a path; here that would wait for more than was asked.
        guard !path.contains("?") else { throw .queryInPath(Self.cut(path)) }
        let normalized = RequestPath.normalized(path)
        self.path = normalized
        let caseInsensitive = providers.vocabulary(forPath: normalized).caseInsensitiveParameters
        var parameters: [Parameter] = []
        for (rawName, value) in query {
            let name = rawName.lowercased()
            guard !name.isEmpty else { throw .emptyParameterName }
            guard !parameters.contains(where: { $0.name == name }) else { throw .repeatedParameter(Self.cut(name)) }
            if value != "*" && providers.isSecretParameter(name) { throw .secretParameterValue(name: Self.cut(name)) }
            let folds = caseInsensitive.contains(name)
            parameters.append(
                Parameter(
                    name: name, value: value == "*" ? nil : value,
                    key: value == "*" ? nil : QueryValue.key(value, caseInsensitive: folds), caseInsensitive: folds))
        }
        self.query = parameters
    }

    /// `GET /data/2.5/weather?q=Seoul&units=*` (`ANY` for any method).
    package var description: String {
        let line = "\(method ?? "ANY") \(path)"
        guard !query.isEmpty else { return line }
        return line + "?" + query.map { "\($0.name)=\($0.value ?? "*")" }.joined(separator: "&")
    }

    /// Whether `entry` is what is waited for.
    func matches(_ entry: JournalEntry) -> Bool {
        guard matchesMethodAndPath(entry) else { return false }
        return query.isEmpty || matchesQuery(QueryParameters(entry.query ?? ""))
    }

    /// Whether `entry`'s method and path are those waited for (the cheap part, compared first).
    func matchesMethodAndPath(_ entry: JournalEntry) -> Bool {
        entry.path == path && (method == nil || entry.method.uppercased() == method)
    }

    /// Whether `parameters` (an entry's query, keys masked) carry every parameter waited for.
    func matchesQuery(_ parameters: QueryParameters) -> Bool {
        query.allSatisfy { wanted in
            guard let sent = parameters[wanted.name] else { return false }
            guard let key = wanted.key else { return true }
            return QueryValue.key(sent, caseInsensitive: wanted.caseInsensitive) == key
        }
    }

    /// What keeps `entry` from being the request waited for, one line per difference
    /// (`q: Busan ≠ Seoul`, `units: absent (wanted metric)`); empty when it matches. Values come from
    /// the masked entry and the criteria, which hold no key.
    func differences(from entry: JournalEntry) -> [String] {
        var differences: [String] = []
        if let method, entry.method.uppercased() != method { differences.append("method: \(entry.method) ≠ \(method)") }
        if entry.path != path { differences.append("path: \(entry.path) ≠ \(path)") }
        let parameters = QueryParameters(entry.query ?? "")
        for wanted in query {
            guard let sent = parameters[wanted.name] else {
                differences.append("\(wanted.name): absent (wanted \(wanted.value ?? "any value"))")
                continue
            }
            if let key = wanted.key, QueryValue.key(sent, caseInsensitive: wanted.caseInsensitive) != key {
                differences.append("\(wanted.name): \(sent) ≠ \(wanted.value ?? "*")")
            }
        }
        return differences
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// A caller's text, cut to 60 characters: an error repeats it, never all of it.
    static func cut(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "..." : text
    }
}

/// How far waits on one journal may go: one configuration value with documented defaults.
package struct JournalWaitLimits: Sendable {
    /// Waits pending at once on one journal; one more is refused (``JournalWaitError/tooManyWaiters(limit:)``)
    /// rather than queued. Default 64.
    package var maxWaiters = 64
    /// The longest timeout a wait may ask for; a longer one is refused. Default 60 s.
    package var maxTimeout: Duration = .seconds(60)
    /// How many of the latest entries a timeout report lists. Default 5.
    package var reportedEntries = 5
    /// How many of the latest entries the closest is sought among, so a timeout costs the same with a
    /// journal of ten million. Default 1,000.
    package var closestSearch = 1_000

    /// The defaults.
    package init() {}
}

/// What a wait that ended without its request saw instead: how many requests arrived after the wait's
/// starting number, the latest few, and the one closest to what was waited for.
package struct JournalWaitReport: Sendable, CustomStringConvertible {
    /// The entry nearest to the criteria and what kept it from matching.
    package struct Closest: Sendable {
        package var entry: JournalEntry
        package var differences: [String]
    }

    package var criteria: JournalWaitCriteria
    package var timeout: Duration
    /// Entries numbered after this counted.
    package var after: Int
    /// Requests recorded after ``after`` (the journal's ring may no longer hold them all).
    package var seenCount: Int
    /// The latest of them still retained, oldest first (at most ``JournalWaitLimits/reportedEntries``).
    package var latest: [JournalEntry]
    /// The closest of the latest retained ones: same method and path with the fewest parameters wrong,
    /// else the path fewest edits away; nil when none arrived.
    package var closest: Closest?

    /// A report of `seen` (retained entries after `after`, oldest first) out of `seenCount` recorded.
    init(
        criteria: JournalWaitCriteria, timeout: Duration, after: Int, seenCount: Int, seen: [JournalEntry],
        limits: JournalWaitLimits
    ) {
        self.criteria = criteria
        self.timeout = timeout
        self.after = after
        self.seenCount = seenCount
        latest = Array(seen.suffix(limits.reportedEntries))
        closest = Self.closest(to: criteria, among: seen)
    }

    /// `no request GET /data/2.5/weather?q=Seoul within 5s (after #3); saw 2: #4 GET … → 200; …;
    /// closest: #5 GET /data/2.5/weather?q=Busan (q: Busan ≠ Seoul)`.
    package var description: String {
        var text = "no request \(criteria) within \(Self.text(timeout)) (after #\(after)); "
        guard seenCount > 0 else { return text + "no request arrived meanwhile" }
        text += "saw \(seenCount)"
        if latest.count < seenCount { text += ", the latest \(latest.count)" }
        text += ": " + latest.map(Self.line).joined(separator: "; ")
        if let closest {
            text += "; closest: \(Self.line(closest.entry)) (\(closest.differences.joined(separator: ", ")))"
        }
        return text
    }

    /// `#4 GET /data/2.5/weather?q=Busan&key=*** → 200`: the entry as journalled, secrets masked.
    static func line(_ entry: JournalEntry) -> String {
        let query = entry.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
        return "#\(entry.sequenceNumber) \(entry.method) \(entry.path)\(query) → \(entry.status)"
    }

    /// `5s`, `250ms`, `1.5s`.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds.rounded()
        if milliseconds.truncatingRemainder(dividingBy: 1_000) == 0 { return "\(Int(milliseconds / 1_000))s" }
        return milliseconds < 1_000 ? "\(Int(milliseconds))ms" : "\(NumberText.shortest(milliseconds / 1_000))s"
    }

    /// Paths longer than this are compared by length alone: edit distance is quadratic.
    private static let comparedPathLength = 200

    /// Same method and path first (fewest differences, the latest on a tie), then the nearest path by
    /// edit distance (the latest on a tie).
    private static func closest(to criteria: JournalWaitCriteria, among seen: [JournalEntry]) -> Closest? {
        var best: (entry: JournalEntry, rank: (Int, Int))?
        var distances: [String: Int] = [:]  // a path's distance, worked out once
        for entry in seen {
            let rank: (Int, Int)
            if criteria.matchesMethodAndPath(entry) {
                rank = (0, criteria.differences(from: entry).count)
            } else {
                let distance =
                    distances[entry.path]
                    ?? {
                        let distance =
                            max(entry.path.count, criteria.path.count) > comparedPathLength
                            ? max(entry.path.count, criteria.path.count)
                            : Suggestions.editDistance(entry.path, criteria.path)
                        distances[entry.path] = distance
                        return distance
                    }()
                rank = (1, distance)
            }
            if best == nil || rank <= best!.rank { best = (entry, rank) }
        }
        return best.map { Closest(entry: $0.entry, differences: criteria.differences(from: $0.entry)) }
    }
}

/// Why a wait on the journal gave no entry: criteria it cannot wait for, a limit, the timeout (with
/// what was seen instead) or cancellation. Messages name what was wrong and never hold a key.
package enum JournalWaitError: Error, CustomStringConvertible {
    case methodNotAToken(String)
    case pathNotAbsolute(String)
    case queryInPath(String)
    case emptyParameterName
    case repeatedParameter(String)
    case secretParameterValue(name: String)
    case timeoutTooLong(Duration, limit: Duration)
    case tooManyWaiters(limit: Int)
    case timedOut(JournalWaitReport)
    case cancelled(JournalWaitCriteria)
    case stopped(JournalWaitCriteria)

    package var description: String {
        switch self {
        case .methodNotAToken(let method):
            "method '\(method)' is not an HTTP method (letters, digits, '-' and '_', at most 20)"
        case .pathNotAbsolute(let path):
            "path '\(path)' must start with '/' (e.g. /data/2.5/weather)"
        case .queryInPath(let path):
            "path '\(path)' holds a query: give each parameter on its own (q=Seoul), not in the path"
        case .emptyParameterName:
            "a query parameter has no name"
        case .repeatedParameter(let name):
            "query parameter '\(name)' is given twice"
        case .secretParameterValue(let name):
            "query parameter '\(name)' carries a key, which the journal keeps masked: wait for it as "
                + "\(name)=* (present), never by value"
        case .timeoutTooLong(let timeout, let limit):
            "timeout \(JournalWaitReport.text(timeout)) is longer than the limit of \(JournalWaitReport.text(limit))"
        case .tooManyWaiters(let limit):
            "\(limit) waits are already pending on this journal (the limit); wait for one to end"
        case .timedOut(let report):
            report.description
        case .cancelled(let criteria):
            "the wait for \(criteria) was cancelled"
        case .stopped(let criteria):
            "the mock stopped while waiting for \(criteria)"
        }
    }
}

/// How a wait ended, as the journal hands it to the waiting task.
enum JournalWaitOutcome: Sendable {
    case matched(JournalEntry)
    /// `seen`: the latest retained entries after `after` (up to ``JournalWaitLimits/closestSearch``),
    /// oldest first; `seenCount`: how many were recorded after it.
    case timedOut(seen: [JournalEntry], seenCount: Int, after: Int)
    case cancelled
    case stopped
}

extension RequestJournal {
    /// The first entry numbered after `sequenceNumber` that `criteria` match: one already retained,
    /// else the next one recorded within `timeout` on `clock`. With `sequenceNumber` nil the wait
    /// starts now (only requests recorded after the call count); with 0 it starts from the oldest
    /// entry the ring still holds, so a request that came before the wait is found too.
    ///
    /// Nothing polls: the journal checks each entry against the pending waits as it records it (only
    /// while a wait is pending; otherwise recording pays one emptiness check) and resumes the waiting
    /// task; the timeout is one sleep on `clock`, which tests inject. A timeout of zero or less looks
    /// only at what has arrived. Cancelling the waiting task ends the wait at once.
    ///
    /// - Throws: ``JournalWaitError/timedOut(_:)`` with what arrived instead, ``JournalWaitError/cancelled(_:)``,
    ///   ``JournalWaitError/stopped(_:)`` after ``endWaits()``,
    ///   ``JournalWaitError/timeoutTooLong(_:limit:)`` or ``JournalWaitError/tooManyWaiters(limit:)``
    ///   past ``waitLimits``.
    package func wait<C: Clock<Duration>>(
        for criteria: JournalWaitCriteria, after sequenceNumber: Int? = nil, timeout: Duration, clock: C
    ) async throws(JournalWaitError) -> JournalEntry {
        guard timeout <= waitLimits.maxTimeout else { throw .timeoutTooLong(timeout, limit: waitLimits.maxTimeout) }
        let identifier: Int
        switch try beginWait(criteria, after: sequenceNumber) {
        case .found(let entry): return entry
        case .waiting(let waiter): identifier = waiter
        }
        let outcome = await withTaskGroup(of: Void.self, returning: JournalWaitOutcome.self) { group in
            if timeout > .zero {
                group.addTask { [self] in
                    do { try await clock.sleep(for: timeout) } catch { return }  // cancelled: the wait ended
                    settleWait(identifier, .timedOut)
                }
            } else {
                settleWait(identifier, .timedOut)
            }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in attachWait(identifier, continuation) }
            } onCancel: {
                settleWait(identifier, .cancelled)
            }
            group.cancelAll()
            return outcome
        }
        switch outcome {
        case .matched(let entry):
            return entry
        case .timedOut(let seen, let seenCount, let after):
            throw .timedOut(
                JournalWaitReport(
                    criteria: criteria, timeout: timeout, after: after, seenCount: seenCount, seen: seen,
                    limits: waitLimits))
        case .cancelled:
            throw .cancelled(criteria)
        case .stopped:
            throw .stopped(criteria)
        }
    }
}
