public import Foundation
package import MockEngine

/// The mock clock of a running in-process replay (``InProcessMockWeather/clock``,
/// `MockWeatherReplayer.clock`): what "now" is for the answers that depend on it (a KMA issuance
/// not yet published, recorded times shifted with ``ReplayOptions/shiftTimes``). Real time unless
/// ``ReplayOptions/clock`` or ``set(_:)`` fixes it; a fixed clock stands still until set again or
/// advanced, so a test's edge case stays exactly where it was put however slowly the test runs. The
/// journal keeps real timestamps whatever the clock says.
///
/// The clock stands only at instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z: ``set(_:)``
/// and ``advance(by:)`` throw ``ReplayClockError`` for what would leave that range and leave the clock
/// where it was.
///
/// ```swift
/// var options = ReplayOptions()
/// options.clock = Date(timeIntervalSince1970: 1_796_058_300)  // 2026-12-01T02:05+09:00
/// try await InProcessMockWeather.run(.bundled, options: options) { mock in
///     try mock.clock.advance(by: .seconds(90 * 60))
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
    ///
    /// - Throws: ``ReplayClockError/outOfRange(_:)`` for an instant before year 1 or after year 9999
    ///   (or not finite); the clock is left where it was.
    public func set(_ instant: Date) throws(ReplayClockError) {
        do {
            try clock.set(.fixed(instant))
        } catch {
            throw .outOfRange(instant)
        }
    }

    /// Puts the clock back on the system's time.
    public func useRealTime() {
        clock.useRealTime()
    }

    /// Moves the clock by `duration` (back when negative) and fixes it there; a clock on real time is
    /// fixed at real time plus `duration`. Returns the new reading.
    ///
    /// - Throws: ``ReplayClockError/advanceOutOfRange(from:by:)`` when the new reading would be before
    ///   year 1 or after year 9999; the clock is left where it was.
    @discardableResult
    public func advance(by duration: Duration) throws(ReplayClockError) -> Date {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        do {
            return try clock.advance(bySeconds: seconds)
        } catch {
            throw .advanceOutOfRange(from: clock.now, by: duration)
        }
    }
}

/// A ``ReplayClock`` setting or advance refused because the clock would stand outside its range,
/// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (what an ISO 8601 time writes in four-digit years).
public enum ReplayClockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ``ReplayClock/set(_:)`` or ``ReplayOptions/clock`` named an instant outside the range.
    case outOfRange(Date)
    /// ``ReplayClock/advance(by:)`` would move the clock from `from` outside the range.
    case advanceOutOfRange(from: Date, by: Duration)

    /// A message naming the instant or the advance, and the range.
    public var description: String {
        switch self {
        case .outOfRange(let instant):
            "the mock clock cannot stand at \(instant.timeIntervalSince1970) seconds since 1970: "
                + "it stands only from \(ClockRange.description)"
        case .advanceOutOfRange(let from, let duration):
            "advancing the mock clock from \(MockClock.iso8601(from)) by \(duration) would take it outside "
                + "its range, \(ClockRange.description)"
        }
    }
}
