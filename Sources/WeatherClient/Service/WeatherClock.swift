/// The time source ``WeatherService`` waits on and measures ages with, injected so tests control
/// time instead of sleeping.
///
/// Implementations must be monotonic (``now`` never goes backwards) and ``sleep(for:)`` must throw
/// `CancellationError` promptly when the calling task is cancelled.
public protocol WeatherClock: Sendable {
    /// Time elapsed since the clock's own fixed origin; only differences between readings matter.
    var now: Duration { get }

    /// Suspends for `duration` (returning at once for zero or negative durations).
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `ContinuousClock`, which keeps counting while the device sleeps, so the age of
/// stale weather stays true after the phone was locked.
public struct SystemWeatherClock: WeatherClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// A clock whose origin is the moment it is made.
    public init() {
        origin = clock.now
    }

    /// Time since this clock was made.
    public var now: Duration { origin.duration(to: clock.now) }

    /// `Task.sleep` on the continuous clock.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try await clock.sleep(for: duration)
    }
}
