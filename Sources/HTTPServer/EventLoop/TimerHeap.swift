/// A timer the event loop will fire: at `deadline` (monotonic nanoseconds) it calls the client
/// registered under `token` with `tag`, if that client is still registered.
struct ScheduledTimer {
    var deadline: UInt64
    var token: UInt64
    var tag: UInt8
}

/// A binary min-heap of timers ordered by deadline. Cancelling is lazy: a client that no longer wants
/// a timer ignores it when it fires, which keeps re-arming a timeout (once per request) free of heap
/// work; see `HTTPConnection`'s timeout handling.
struct TimerHeap {
    private var items: [ScheduledTimer] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// The earliest deadline, if any timer is pending.
    var nextDeadline: UInt64? { items.first?.deadline }

    mutating func insert(_ timer: ScheduledTimer) {
        items.append(timer)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].deadline < items[parent].deadline else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest timer if its deadline is at or before `now`.
    mutating func popDue(now: UInt64) -> ScheduledTimer? {
        guard let first = items.first, first.deadline <= now else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return first }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && items[left].deadline < items[smallest].deadline { smallest = left }
            if right < items.count && items[right].deadline < items[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    mutating func removeAll() {
        items.removeAll()
    }
}
