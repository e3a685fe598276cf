import Locking
import WeatherClient

/// A ``WeatherClock`` that tests drive by hand. Every requested sleep is recorded.
///
/// In auto-advance mode a sleep moves time forward by its duration and returns at once, which
/// suits retry tests. Otherwise a sleep suspends until ``advance(by:)`` passes its deadline or
/// the sleeping task is cancelled, and ``waitForSleepers(_:)`` lets a test wait (on an event,
/// not on time) until the code under test has started sleeping.
final class ManualClock: WeatherClock {
    private struct Sleeper {
        var id: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Duration = .zero
        var sleeps: [Duration] = []
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state = Locked(State())
    let autoAdvance: Bool

    init(autoAdvance: Bool) {
        self.autoAdvance = autoAdvance
    }

    var now: Duration { state.withLock { $0.now } }

    /// Every duration passed to `sleep(for:)`, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        if autoAdvance {
            state.withLock {
                $0.sleeps.append(duration)
                $0.now += max(duration, .zero)
            }
            return
        }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
                    state.sleeps.append(duration)
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
                    state.waiters.removeAll { $0.count <= count }
                    return ready
                }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has passed.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.map(\.continuation)
        }
        due.forEach { $0.resume() }
    }

    /// Returns once at least `count` sleeps are pending.
    func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }
}
