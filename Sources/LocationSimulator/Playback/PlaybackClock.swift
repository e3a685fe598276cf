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

/// The system's monotonic clock, with sleeps that wake within a few microseconds of their deadline on an
/// idle machine.
///
/// `Task.sleep` goes through the concurrency runtime's timers, which on Linux wake from a millisecond to
/// (on a loaded machine) a hundred milliseconds late: visible jitter in a 10 Hz stream. So this clock
/// sleeps with absolute-deadline `clock_nanosleep` (Linux; `nanosleep` elsewhere) in slices of at most
/// ``sliceLength``, checking for cancellation between slices, wakes ``spinWindow`` before the deadline (or a
/// tenth of the wait, if shorter) and spins the rest, so the thread is already running when the deadline
/// comes: a sleeping virtual CPU can take milliseconds to be scheduled again on a busy host.
///
/// The price is that a sleep blocks its thread. That suits `replay-location`, whose playback task is the
/// only work in the process while it waits; an app embedding the simulator with other concurrent work
/// should inject a clock built on `Task.sleep` instead. Ctrl-C (task cancellation) is noticed within one
/// slice.
public struct SystemPlaybackClock: PlaybackClock {
    /// The longest single blocking sleep, which bounds how long cancellation takes to be noticed.
    public static let sliceLength = 0.05
    /// How long before a deadline the clock stops sleeping and spins: 1% of a core at 10 Hz, and never more
    /// than a tenth of the wait, so a fast stream spins at most 10% of the time.
    public static let spinWindow = 0.001

    /// Creates the clock.
    public init() {}

    /// Seconds on the monotonic clock.
    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Sleeps until `deadline`, in cancellable slices, then spins the last ``spinWindow``.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the deadline.
    public func sleep(until deadline: Double) async throws {
        let spin = min(Self.spinWindow, 0.1 * (deadline - now()))
        while true {
            try Task.checkCancellation()
            let current = now()
            let wake = deadline - spin
            guard wake > current else { break }
            sleepBlocking(until: min(wake, current + Self.sliceLength))
        }
        while now() < deadline {}
    }

    private func sleepBlocking(until instant: Double) {
        #if canImport(Glibc)
        let seconds = instant.rounded(.down)
        var target = timespec(tv_sec: Int(seconds), tv_nsec: Int((instant - seconds) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
        #else
        let remaining = max(0, instant - now())
        var interval = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
        nanosleep(&interval, nil)
        #endif
    }
}
