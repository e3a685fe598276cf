public import Foundation

/// One published run of an operation: its `base_date` and `base_time` (KST).
///
/// Only real base times exist (``init(_:base:)`` returns `nil` for 0300 of the village forecast),
/// so a request never names an issuance the API answers with `01 APPLICATION_ERROR`.
/// ``latest(_:availableAt:)`` picks the newest issuance that can already be read at an instant:
/// at 02:05 KST the village forecast's is yesterday's 2300, at 02:15 today's 0200.
public struct KMAIssuance: Sendable, Hashable, CustomStringConvertible {
    /// The operation this is an issuance of.
    public let operation: KMAOperation
    /// The base date and time, KST.
    public let base: KMATime

    /// The issuance of `operation` at `base`, or `nil` when `base` is not one of its base times
    /// (02, 05, 08, 11, 14, 17, 20, 23 o'clock for ``KMAOperation/villageForecast``, every HH00
    /// for ``KMAOperation/ultraShortNowcast``, every HH30 for ``KMAOperation/ultraShortForecast``).
    public init?(_ operation: KMAOperation, base: KMATime) {
        guard operation.isBaseTime(hour: base.hour, minute: base.minute) else { return nil }
        self.operation = operation
        self.base = base
    }

    /// The issuance named as the API names it (`baseDate: "20261002", baseTime: "0200"`), or `nil`
    /// when the text is not such a date and time or not one of the operation's base times.
    public init?(_ operation: KMAOperation, baseDate: String, baseTime: String) {
        guard let base = KMATime(dateText: baseDate, timeText: baseTime) else { return nil }
        self.init(operation, base: base)
    }

    /// The newest issuance of `operation` that is available at `instant`: base time plus
    /// ``KMAOperation/availabilityDelay`` at or before it. `nil` only for an instant outside the
    /// years 1...9999 (or not finite).
    public static func latest(_ operation: KMAOperation, availableAt instant: Date) -> KMAIssuance? {
        guard let now = KMATime(instant) else { return nil }
        return issuance(
            operation,
            minuteIndex: operation.latestBase(atOrBefore: now.minuteIndex - operation.availabilityDelayMinutes))
    }

    /// The issuance before this one (yesterday's 2300 before today's 0200), or `nil` before the year 1.
    public var previous: KMAIssuance? {
        Self.issuance(operation, minuteIndex: operation.latestBase(atOrBefore: base.minuteIndex - 1))
    }

    /// When this issuance becomes available: its base time plus the operation's delay.
    public var availableAt: Date { base.instant.addingTimeInterval(Double(operation.availabilityDelayMinutes * 60)) }

    /// `base_date`, e.g. `20261002`.
    public var baseDate: String { base.dateText }
    /// `base_time`, e.g. `0200`.
    public var baseTime: String { base.timeText }

    /// `getVilageFcst 20261002 0200`.
    public var description: String { "\(operation) \(baseDate) \(baseTime)" }

    private static func issuance(_ operation: KMAOperation, minuteIndex: Int) -> KMAIssuance? {
        KMATime(minuteIndex: minuteIndex).flatMap { KMAIssuance(operation, base: $0) }
    }
}
