import LocationSimulator
import Synchronization

/// A clock for tests: `sleep(until:)` records the deadline and jumps straight to it (plus an optional
/// simulated lateness), so realtime playback runs instantly and deterministically.
final class ManualPlaybackClock: PlaybackClock {
    private let state = Mutex<(now: Double, sleeps: [Double])>((1_000, []))
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
