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
    }

    static let unmatchedLineLimit = 10_000

    let capacity: Int
    private let state = Locked(State())

    /// `capacity` 0 keeps no entries (counters still count).
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Keeps `recorded`, numbered in arrival order (the number is the ring's, so the shared entry
    /// stays as it was made), and counts it.
    func record(_ recorded: RecordedEntry, unmatchedLine: String?) {
        // The slot the ring forgets is swapped out here and released after the lock, not under it.
        var slot = Slot(sequenceNumber: 0, recorded: recorded)
        let observer = state.withLock { state -> (@Sendable () -> Void)? in
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
            guard capacity > 0 else { return state.observer }
            slot.sequenceNumber = state.total
            if state.slots.count < capacity {
                state.slots.append(slot)
            } else {
                swap(&state.slots[state.next], &slot)
            }
            state.next = (state.next + 1) % capacity
            return state.observer
        }
        observer?()
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
