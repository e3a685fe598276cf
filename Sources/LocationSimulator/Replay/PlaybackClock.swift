#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time source realtime playback schedules against, injected so that tests run a one-hour drive in
/// microseconds: a test clock's `sleep` simply moves its own time forward.
public protocol PlaybackClock: Sendable {
    /// Seconds since a fixed, arbitrary origin; never goes backwards.
    func now() -> Double
    /// Returns once ``now()`` has reached `deadline` (at once if it already has).
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting (Ctrl-C).
    func sleep(until deadline: Double) async throws
}

/// The system's monotonic clock, with sleeps that wake within about a tenth of a millisecond of their
/// deadline on an idle machine.
///
/// A plain `Task.sleep` may wake a millisecond or two late, which would show as jitter in a 10 Hz stream.
/// So the bulk of a wait is a cancellable `Task.sleep` that ends ``finishingSlice`` early, and the rest a
/// blocking absolute-deadline sleep of at most that slice (`clock_nanosleep(TIMER_ABSTIME)` on Linux).
/// Blocking one thread for a few milliseconds is fine for a command-line player that awaits one thing at
/// a time; Ctrl-C is therefore noticed within ``finishingSlice`` at worst.
public struct SystemPlaybackClock: PlaybackClock {
    /// How long before a deadline the cancellable sleep hands over to the precise one.
    public static let finishingSlice = 0.008

    /// Creates the clock.
    public init() {}

    /// Seconds on the monotonic clock.
    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Sleeps until `deadline`, cancellably for all but the last ``finishingSlice``.
    public func sleep(until deadline: Double) async throws {
        let coarse = deadline - now() - Self.finishingSlice
        if coarse > 0 {
            try await Task.sleep(nanoseconds: UInt64(coarse * 1e9))
        }
        try Task.checkCancellation()
        preciseSleep(until: deadline)
    }

    private func preciseSleep(until deadline: Double) {
        #if canImport(Glibc)
        let seconds = deadline.rounded(.down)
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int((deadline - seconds) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
        #else
        while true {
            let remaining = deadline - now()
            guard remaining > 0 else { return }
            var interval = timespec(
                tv_sec: Int(remaining), tv_nsec: Int(remaining.truncatingRemainder(dividingBy: 1) * 1e9))
            nanosleep(&interval, nil)
        }
        #endif
    }
}
