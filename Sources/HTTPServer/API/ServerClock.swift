/// Where the server reads the time its timeouts and delays measure, in monotonic nanoseconds.
///
/// The server reads it each time an event loop wakes; a clock that jumps ahead must then wake the
/// loops (``HTTPServer/wakeEventLoops()``) so they notice. The default is the system's monotonic
/// clock; tests inject one they advance by hand, so a timeout is reached because the test said so,
/// not because a loaded machine happened to be slow.
package protocol ServerClock: Sendable {
    /// Nanoseconds since an arbitrary fixed point; never decreases.
    func nanosecondsNow() -> UInt64
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`): unaffected by wall-clock changes.
package struct MonotonicServerClock: ServerClock {
    /// The system clock.
    package init() {}

    /// Now, from `clock_gettime(CLOCK_MONOTONIC)`.
    package func nanosecondsNow() -> UInt64 {
        monotonicNanoseconds()
    }
}
