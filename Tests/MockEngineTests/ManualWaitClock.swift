import Locking

/// A `Clock` that moves only when a test advances it, and tells the test when something starts
/// sleeping on it: a test starts a journal wait, learns that its timer is set (so the wait is
/// registered), and makes the timeout pass without any real time passing. A sleep honours
/// cancellation, as `ContinuousClock`'s does.
final class ManualWaitClock: Clock, Sendable {
    /// A point on the manual clock: the time advanced since it was made.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// One sleep; it leaves `sleepers` exactly when its continuation is resumed.
    private struct Sleeper {
        let deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private struct Watcher {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextSleeper = 0
        var sleepsStarted = 0
        var watchers: [Watcher] = []
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let identifier = state.withLock { state in
            defer { state.nextSleeper += 1 }
            state.sleepers[state.nextSleeper] = Sleeper(deadline: deadline)
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (result, watchers) = state.withLock { state -> (Result<Void, any Error>?, [Watcher]) in
                    state.sleepsStarted += 1
                    let started = state.sleepsStarted
                    let due = state.watchers.filter { $0.count <= started }
                    state.watchers.removeAll { $0.count <= started }
                    guard let sleeper = state.sleepers[identifier] else { return (.failure(CancellationError()), due) }
                    if sleeper.cancelled {
                        state.sleepers[identifier] = nil
                        return (.failure(CancellationError()), due)
                    }
                    if deadline <= state.now {
                        state.sleepers[identifier] = nil
                        return (.success(()), due)
                    }
                    state.sleepers[identifier]!.continuation = continuation
                    return (nil, due)
                }
                for watcher in watchers { watcher.continuation.resume() }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let sleeper = state.sleepers[identifier] else { return nil }
                guard let continuation = sleeper.continuation else {
                    state.sleepers[identifier]!.cancelled = true
                    return nil
                }
                state.sleepers[identifier] = nil
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration` and wakes every sleep that came due.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            var due: [CheckedContinuation<Void, any Error>] = []
            for (identifier, sleeper) in state.sleepers where sleeper.deadline <= now {
                guard let continuation = sleeper.continuation else { continue }  // it sees `now` when it attaches
                state.sleepers[identifier] = nil
                due.append(continuation)
            }
            return due
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once `count` sleeps in all have started on this clock.
    func sleepsStarted(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.sleepsStarted < count else { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// How many sleeps have started so far.
    var startedSleeps: Int { state.withLock { $0.sleepsStarted } }
}
