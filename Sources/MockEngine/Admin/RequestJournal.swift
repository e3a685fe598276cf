import Basics
import HTTPServer
import Locking
import Synchronization

/// One replayed (or refused) request as the admin API shows it. The query never holds a key.
package struct JournalEntry: Sendable {
    package var sequenceNumber: Int
    /// Milliseconds since 1970, UTC.
    var timestampMilliseconds: Int64
    package var method: String
    /// The host an HTTPS request was for (`api.openweathermap.org`, through a tunnel or `--tls`); nil
    /// for plain HTTP.
    package var secureHost: String? = nil
    package var path: String
    /// The raw query with keys masked (`key=***`), or nil.
    package var query: String?
    package var status: Int
    /// Time spent deciding the answer, in microseconds (delays and faults come on top).
    var durationMicroseconds: Int
    /// The delay the response was scheduled with, in milliseconds.
    package var delayMilliseconds: Int
    /// The fault acted out, if any.
    package var fault: ServedFault?
    /// The interaction (or rule, or upstream) that answered (`openweathermap/current/seoul`), nil
    /// when unmatched.
    package var matched: String? = nil
    /// The interaction of lower precedence the one that answered overrode, if any
    /// (docs/ARCHITECTURE.md#matching).
    package var overridden: String? = nil
    /// For unmatched requests: the closest interaction and what differed.
    package var nearMiss: String? = nil
    /// True when no interaction answered (whatever the status, which `--unmatched-status` can change).
    package var isUnmatched = false
    /// For unmatched requests: the closest interaction's rules one by one, values masked like `query`.
    var nearMissRules: [RuleOutcome] = []
    /// The response as the server meant to send it (a fault may cut or drop it), for
    /// `GET /__admin/requests.har`. Its body is shared with the prepared response, not copied.
    var response: HTTPResponse?
}

/// A journal entry as the ring and the request log share it: made once per request, then passed
/// on by one reference count, where a copy of the entry would retain each of its strings (on two
/// event loops at once, the same shared labels and paths).
///
/// A request answered from the ``AnswerMemo`` is a repeat: it refers to the first request's recorded
/// entry and keeps only its own time and duration, so the answer's strings and response are shared,
/// not retained field by field on every request.
final class RecordedEntry: Sendable {
    /// The entry as made; nil for a repeat.
    private let made: JournalEntry?
    /// For a repeat, the entry it repeats (never itself a repeat).
    private let original: RecordedEntry?
    private let timestampMilliseconds: Int64
    private let durationMicroseconds: Int
    /// The log line's middle (``RequestLogFormatter/appendMiddle(of:to:)``) once a repeat wrote it: 0, or an
    /// `Unmanaged<LogMiddle>` this entry retains, published once for whichever thread logs.
    private let loggedMiddle = Atomic<UInt>(0)

    init(_ entry: consuming JournalEntry) {
        timestampMilliseconds = entry.timestampMilliseconds
        durationMicroseconds = entry.durationMicroseconds
        original = nil
        made = entry
    }

    /// A request answered as `original`'s was, at `timestampMilliseconds`, in `durationMicroseconds`.
    init(repeating original: RecordedEntry, timestampMilliseconds: Int64, durationMicroseconds: Int) {
        self.original = original.original ?? original
        self.timestampMilliseconds = timestampMilliseconds
        self.durationMicroseconds = durationMicroseconds
        made = nil
    }

    /// The entry (a repeat's with its own time and duration).
    var entry: JournalEntry {
        guard let original else { return made! }
        var entry = original.entry
        entry.timestampMilliseconds = timestampMilliseconds
        entry.durationMicroseconds = durationMicroseconds
        return entry
    }

    /// Appends the entry's log line as `formatter` writes it: the entry is read in place here, where
    /// the logger handing `recorded.entry` to the formatter copied every field of it.
    func appendLine(_ formatter: RequestLogFormatter, to bytes: inout [UInt8], clock: inout TimestampText) {
        formatter.appendOpening(timestampMilliseconds, to: &bytes, clock: &clock)
        if let original {
            bytes.append(contentsOf: original.middle(as: formatter))
        } else {
            formatter.appendMiddle(of: made!, to: &bytes)
        }
        formatter.appendClosing(durationMicroseconds, to: &bytes)
    }

    /// The line's middle in `formatter`'s format, formatted once, for the repeats of this entry: every
    /// one logs the same. Two threads may format it at once; the first one stored is kept.
    private func middle(as formatter: RequestLogFormatter) -> [UInt8] {
        let bits = loggedMiddle.load(ordering: .acquiring)
        if bits != 0 {
            let kept = Unmanaged<LogMiddle>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
            if kept.format == formatter.format { return kept.bytes }
        }
        var middle: [UInt8] = []
        formatter.appendMiddle(of: made!, to: &middle)
        guard bits == 0 else { return middle }
        let kept = Unmanaged.passRetained(LogMiddle(format: formatter.format, bytes: middle))
        let (stored, _) = loggedMiddle.compareExchange(
            expected: 0, desired: UInt(bitPattern: kept.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .acquiring)
        if !stored { kept.release() }
        return middle
    }

    deinit {
        let bits = loggedMiddle.load(ordering: .acquiring)
        if bits != 0 { Unmanaged<LogMiddle>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }
}

/// A log line's middle as one format writes it, kept by the ``RecordedEntry`` it belongs to.
private final class LogMiddle: Sendable {
    let format: LogFormat
    let bytes: [UInt8]

    init(format: LogFormat, bytes: [UInt8]) {
        self.format = format
        self.bytes = bytes
    }
}

/// A bounded ring buffer of the latest requests, so memory stays flat under millions of requests,
/// plus counters over the whole run (which the ring cannot give once it wraps).
package final class RequestJournal: Sendable {
    /// A retained entry and its number (given under the lock, so the shared entry is never changed).
    private struct Slot {
        var sequenceNumber: Int
        var recorded: RecordedEntry

        var entry: JournalEntry {
            var entry = recorded.entry
            entry.sequenceNumber = sequenceNumber
            return entry
        }
    }

    /// A wait pending on the journal (``wait(for:after:timeout:clock:)``): what it looks for, the
    /// number after which entries count, and, once it has ended but before its task is ready to be
    /// resumed, how it ended. It leaves `waiters` exactly when its continuation is resumed, under the
    /// lock, so it is resumed once.
    private struct Waiter {
        let criteria: JournalWaitCriteria
        let after: Int
        var continuation: CheckedContinuation<JournalWaitOutcome, Never>?
        var ended: Ended?
    }

    /// How a wait ended, as the lock saw it; the seen slots become entries outside it.
    private enum Ended {
        case matched(JournalEntry)
        case timedOut(seen: [Slot], seenCount: Int, after: Int)
        case cancelled
        case stopped

        var outcome: JournalWaitOutcome {
            switch self {
            case .matched(let entry): .matched(entry)
            case .timedOut(let seen, let seenCount, let after):
                .timedOut(seen: seen.map(\.entry), seenCount: seenCount, after: after)
            case .cancelled: .cancelled
            case .stopped: .stopped
            }
        }
    }

    private struct State {
        var slots: [Slot] = []
        var next = 0
        var total = 0
        var matched = 0
        var unmatched = 0
        /// Every unmatched request of the run (for `--fail-on-unmatched`), capped to stay bounded.
        var unmatchedLines: [String] = []
        var droppedUnmatchedLines = 0
        /// Told after each entry while someone watches live (the dashboard's event stream); nil, and
        /// so free, otherwise.
        var observer: (@Sendable () -> Void)?
        /// The sequence number of the last entry the latest reset forgot.
        var clearedThrough = 0
        /// Pending waits by identifier; empty, and so free for recording, while no one waits.
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        /// Set by ``endWaits()``: the mock is stopping, and no wait begins any more.
        var waitsEnded = false
    }

    static let unmatchedLineLimit = 10_000

    let capacity: Int
    /// How many waits may be pending and for how long (``wait(for:after:timeout:clock:)``).
    package let waitLimits: JournalWaitLimits
    private let state = Locked(State())

    /// `capacity` 0 keeps no entries (counters still count, and waits still see entries recorded).
    init(capacity: Int, waitLimits: JournalWaitLimits = JournalWaitLimits()) {
        self.capacity = max(0, capacity)
        self.waitLimits = waitLimits
    }

    /// Keeps `recorded`, numbered in arrival order (the number is the ring's, so the shared entry
    /// stays as it was made), and counts it.
    func record(_ recorded: RecordedEntry, unmatchedLine: String?) {
        // The slot the ring forgets is swapped out here and released after the lock, not under it.
        var slot = Slot(sequenceNumber: 0, recorded: recorded)
        let (observer, woken) = state.withLock { state -> ((@Sendable () -> Void)?, [Woken]) in
            state.total += 1
            if let unmatchedLine {
                state.unmatched += 1
                if state.unmatchedLines.count < Self.unmatchedLineLimit {
                    state.unmatchedLines.append(unmatchedLine)
                } else {
                    state.droppedUnmatchedLines += 1
                }
            } else {
                state.matched += 1
            }
            slot.sequenceNumber = state.total
            let woken = state.waiters.isEmpty ? [] : Self.wakeWaits(matchedBy: slot, in: &state)
            guard capacity > 0 else { return (state.observer, woken) }
            if state.slots.count < capacity {
                state.slots.append(slot)
            } else {
                swap(&state.slots[state.next], &slot)
            }
            state.next = (state.next + 1) % capacity
            return (state.observer, woken)
        }
        for wake in woken { wake.continuation.resume(returning: .matched(wake.entry)) }
        observer?()
    }

    /// A wait's task to resume with the entry it waited for, outside the lock.
    private struct Woken {
        let continuation: CheckedContinuation<JournalWaitOutcome, Never>
        let entry: JournalEntry
    }

    /// Ends every pending wait `slot` (just numbered) is the answer to: those whose task is ready are
    /// removed and returned to be resumed; the others keep the entry until ``attachWait(_:_:)``.
    private static func wakeWaits(matchedBy slot: Slot, in state: inout State) -> [Woken] {
        let entry = slot.entry
        var parameters: QueryParameters?  // the query is read once, and only if a method and path match
        var woken: [Woken] = []
        for (identifier, waiter) in state.waiters where waiter.ended == nil && slot.sequenceNumber > waiter.after {
            guard waiter.criteria.matchesMethodAndPath(entry) else { continue }
            if !waiter.criteria.query.isEmpty {
                if parameters == nil { parameters = QueryParameters(entry.query ?? "") }
                guard waiter.criteria.matchesQuery(parameters!) else { continue }
            }
            if let continuation = waiter.continuation {
                state.waiters[identifier] = nil
                woken.append(Woken(continuation: continuation, entry: entry))
            } else {
                state.waiters[identifier]!.ended = .matched(entry)
            }
        }
        return woken
    }

    /// How a wait begins: with an entry already retained, or pending under an identifier.
    enum WaitStart {
        case found(JournalEntry)
        case waiting(Int)
    }

    /// Why a pending wait ends other than by a match.
    enum WaitEnding {
        case timedOut
        case cancelled
        case stopped
    }

    /// Looks among the retained entries numbered after `sequenceNumber` (nil: none, the wait starts
    /// now) for the oldest one `criteria` match; without one, registers the wait, in the same hold of
    /// the lock, so no entry recorded meanwhile is missed.
    func beginWait(_ criteria: JournalWaitCriteria, after sequenceNumber: Int?) throws(JournalWaitError)
        -> WaitStart
    {
        try state.withLock { state throws(JournalWaitError) -> WaitStart in
            guard !state.waitsEnded else { throw .stopped(criteria) }
            let after = sequenceNumber ?? state.total
            if sequenceNumber != nil {
                for slot in Self.retained(
                    after: after, in: state.slots, next: state.next, capacity: capacity, limit: .max)
                where criteria.matches(slot.entry) {
                    return .found(slot.entry)
                }
            }
            guard state.waiters.count < waitLimits.maxWaiters else {
                throw .tooManyWaiters(limit: waitLimits.maxWaiters)
            }
            let identifier = state.nextWaiter
            state.nextWaiter += 1
            state.waiters[identifier] = Waiter(criteria: criteria, after: after, continuation: nil, ended: nil)
            return .waiting(identifier)
        }
    }

    /// Gives wait `identifier` the task to resume; resumes it at once if the wait has already ended.
    func attachWait(_ identifier: Int, _ continuation: CheckedContinuation<JournalWaitOutcome, Never>) {
        let ended = state.withLock { state -> Ended? in
            // Always there: a waiter leaves only when its continuation is resumed, which is this one.
            guard let waiter = state.waiters[identifier] else { return .cancelled }
            guard let ended = waiter.ended else {
                state.waiters[identifier]!.continuation = continuation
                return nil
            }
            state.waiters[identifier] = nil
            return ended
        }
        if let ended { continuation.resume(returning: ended.outcome) }
    }

    /// Ends wait `identifier` for `reason` unless it has already ended (a match, the timeout and
    /// cancellation may race: the first one wins). A timeout takes, under the lock, the entries seen
    /// after the wait's number, so what it reports never holds a match.
    func settleWait(_ identifier: Int, _ reason: WaitEnding) {
        let resumed = state.withLock { state -> (CheckedContinuation<JournalWaitOutcome, Never>, Ended)? in
            guard let waiter = state.waiters[identifier], waiter.ended == nil else { return nil }
            let ended: Ended
            switch reason {
            case .cancelled:
                ended = .cancelled
            case .stopped:
                ended = .stopped
            case .timedOut:
                ended = .timedOut(
                    seen: Self.retained(
                        after: waiter.after, in: state.slots, next: state.next, capacity: capacity,
                        limit: waitLimits.closestSearch),
                    seenCount: max(0, state.total - waiter.after), after: waiter.after)
            }
            guard let continuation = waiter.continuation else {
                state.waiters[identifier]!.ended = ended
                return nil
            }
            state.waiters[identifier] = nil
            return (continuation, ended)
        }
        if let (continuation, ended) = resumed { continuation.resume(returning: ended.outcome) }
    }

    /// Ends every pending wait (``JournalWaitError/stopped(_:)``) and refuses new ones: for whoever
    /// stops the server, so a wait with a long timeout does not hold the shutdown's grace period.
    func endWaits() {
        let identifiers = state.withLock { state in
            state.waitsEnded = true
            return Array(state.waiters.keys)
        }
        for identifier in identifiers { settleWait(identifier, .stopped) }
    }

    /// How many waits are pending.
    var pendingWaits: Int { state.withLock { $0.waiters.count } }

    /// The latest (at most `limit`) retained slots numbered after `sequenceNumber`, oldest first.
    private static func retained(
        after sequenceNumber: Int, in slots: [Slot], next: Int, capacity: Int, limit: Int
    ) -> [Slot] {
        let count = slots.count
        guard count > 0 else { return [] }
        let oldest = count == capacity ? next : 0
        var taken: [Slot] = []
        var index = (oldest + count - 1) % count
        for _ in 0..<min(count, limit) {
            let slot = slots[index]
            guard slot.sequenceNumber > sequenceNumber else { break }
            taken.append(slot)
            index = (index + count - 1) % count
        }
        return taken.reversed()
    }

    /// The retained entries numbered after `sequenceNumber`, oldest first, and whether some entries
    /// after it were recorded but are no longer retained because the ring wrapped past them (entries
    /// a reset forgot do not count: the reset itself says so).
    func entries(after sequenceNumber: Int) -> (entries: [JournalEntry], missedSome: Bool) {
        state.withLock { state in
            let count = state.slots.count
            guard count > 0 else { return ([], false) }
            let oldest = count == capacity ? state.next : 0
            var taken: [JournalEntry] = []
            // Newest first from the end of the ring, stopping at the first one already seen.
            var index = (oldest + count - 1) % count
            for _ in 0..<count {
                let slot = state.slots[index]
                guard slot.sequenceNumber > sequenceNumber else { break }
                taken.append(slot.entry)
                index = (index + count - 1) % count
            }
            taken.reverse()
            // Compared without adding one: `sequenceNumber` is the client's and may be Int.max.
            let lastSeen = max(sequenceNumber, state.clearedThrough)
            return (taken, taken.first.map { $0.sequenceNumber - 1 > lastSeen } ?? false)
        }
    }

    /// Sets (or, with nil, removes) the closure told after each recorded entry. It is called on the
    /// recording thread after the entry is stored, so it must not block.
    func setObserver(_ observer: (@Sendable () -> Void)?) {
        state.withLock { $0.observer = observer }
    }

    /// Whether anyone is told about new entries (false whenever no one watches live).
    var hasObserver: Bool { state.withLock { $0.observer != nil } }

    /// The retained entries, oldest first.
    package func entries() -> [JournalEntry] {
        state.withLock { state in
            guard state.slots.count == capacity, capacity > 0 else { return state.slots.map(\.entry) }
            return (state.slots[state.next...] + state.slots[..<state.next]).map(\.entry)
        }
    }

    package var counts: (total: Int, matched: Int, unmatched: Int) {
        state.withLock { ($0.total, $0.matched, $0.unmatched) }
    }

    /// Every unmatched request of the run (up to the limit) and how many more were not kept.
    var unmatchedRequests: (lines: [String], dropped: Int) {
        state.withLock { ($0.unmatchedLines, $0.droppedUnmatchedLines) }
    }

    /// Forgets the entries (the admin `reset`); the run's counters and unmatched list are kept, so a
    /// reset between tests cannot hide a missing cassette from `--fail-on-unmatched`.
    func clear() {
        state.withLock { state in
            state.slots.removeAll(keepingCapacity: true)
            state.next = 0
            state.clearedThrough = state.total
        }
    }
}
