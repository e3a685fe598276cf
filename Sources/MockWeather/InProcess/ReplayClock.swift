public import Foundation
package import MockEngine

/// The mock clock of a running in-process replay (``InProcessMockWeather/clock``,
/// `MockWeatherReplayer.clock`): what "now" is for the answers that depend on it (a KMA issuance
/// not yet published, recorded times shifted with ``ReplayOptions/shiftTimes``). Real time unless
/// ``ReplayOptions/clock`` or ``set(_:)`` fixes it; a fixed clock stands still until set again or
/// advanced, so a test's edge case stays exactly where it was put however slowly the test runs. The
/// journal keeps real timestamps whatever the clock says.
///
/// ```swift
/// var options = ReplayOptions()
/// options.clock = Date(timeIntervalSince1970: 1_796_058_300)  // 2026-12-01T02:05+09:00
/// try await InProcessMockWeather.run(.bundled, options: options) { mock in
///     mock.clock.advance(by: .seconds(90 * 60))
///     #expect(mock.clock.now == Date(timeIntervalSince1970: 1_796_063_700))
/// }
/// ```
public struct ReplayClock: Sendable {
    private let clock: MockClock

    /// The handle of `clock`, the stack's own.
    package init(_ clock: MockClock) {
        self.clock = clock
    }

    /// The clock's reading: the instant it is fixed at, or the system's time.
    public var now: Date { clock.now }

    /// Whether the clock stands still (set or advanced) rather than following real time.
    public var isFixed: Bool {
        if case .fixed = clock.current { return true }
        return false
    }

    /// Fixes the clock at `instant`; every request from now on reads it, until it is set again or
    /// advanced.
    public func set(_ instant: Date) {
        clock.set(.fixed(instant))
    }

    /// Puts the clock back on the system's time.
    public func useRealTime() {
        clock.set(.real)
    }

    /// Moves the clock by `duration` (back when negative) and fixes it there; a clock on real time is
    /// fixed at real time plus `duration`. Returns the new reading.
    @discardableResult
    public func advance(by duration: Duration) -> Date {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return clock.advance(bySeconds: seconds)
    }
}
