import LocationSimulator
import Locking

/// A clock for tests: `sleep(until:)` records the deadline and jumps straight to it (plus an optional
/// simulated lateness), so realtime playback runs instantly and deterministically.
final class ManualPlaybackClock: PlaybackClock {
    private let state = Locked<(now: Double, sleeps: [Double])>((1_000, []))
    private let lateness: Double

    init(lateness: Double = 0) {
        self.lateness = lateness
    }

    var sleeps: [Double] {
        state.withLock { $0.sleeps }
    }

    func now() -> Double {
        state.withLock { $0.now }
    }

    func advance(by seconds: Double) {
        state.withLock { $0.now += seconds }
    }

    func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(deadline)
            state.now = max(state.now, deadline + lateness)
        }
    }
}

/// Starts a playback in a task, cancels the task once `count` fixes have been consumed (waiting for that to
/// happen, not for time to pass), and returns the playback's outcome.
///
/// `play` runs the playback, calling the consumer it is given for each fix.
func cancelPlayback(
    afterFixes count: Int,
    _ play: sending @escaping (_ consume: @escaping (LocationFix) async -> Void) async throws -> PlaybackOutcome
) async throws -> PlaybackOutcome {
    let reached = AsyncStream<Void>.makeStream()
    let task = Task {
        var consumed = 0
        return try await play { _ in
            consumed += 1
            if consumed == count { reached.continuation.yield() }
            await Task.yield()
        }
    }
    var iterator = reached.stream.makeAsyncIterator()
    await iterator.next()
    task.cancel()
    return try await task.value
}
