/// A unit a duration can be written in on the command line.
package enum DurationUnit: String, Sendable, CaseIterable {
    /// Milliseconds, `ms`.
    case milliseconds = "ms"
    /// Seconds, `s`.
    case seconds = "s"
    /// Minutes, `m`.
    case minutes = "m"
    /// Hours, `h`.
    case hours = "h"
    /// Days, `d`.
    case days = "d"

    var seconds: Double {
        switch self {
        case .milliseconds: 0.001
        case .seconds: 1
        case .minutes: 60
        case .hours: 3_600
        case .days: 86_400
        }
    }
}

/// Reads a non-negative duration written as a number and a unit (`250ms`, `1.5s`, `90d`).
///
/// Returns `nil` for anything else: a negative or non-finite number, an unknown unit, a bare number
/// when `defaultUnit` is `nil`, or a duration too long for whole milliseconds in an `Int64`.
package func parseDuration(_ text: String, defaultUnit: DurationUnit? = nil) -> Duration? {
    guard let seconds = parseDurationSeconds(text, defaultUnit: defaultUnit) else { return nil }
    let milliseconds = (seconds * 1_000).rounded()
    guard milliseconds < Double(Int64.max) else { return nil }
    return .milliseconds(Int64(milliseconds))
}

/// ``parseDuration(_:defaultUnit:)``'s reading in seconds, before it becomes an integer: finite and
/// non-negative but unbounded (`1000000000000d` reads), so a caller with its own limit can check it
/// and say what the limit is instead of calling the text no duration.
package func parseDurationSeconds(_ text: String, defaultUnit: DurationUnit? = nil) -> Double? {
    let trimmed = text.trimmingWhitespace()
    let numberPart = trimmed.prefix { $0.isNumber || $0 == "." }
    let unitPart = String(trimmed.dropFirst(numberPart.count))
    guard !numberPart.isEmpty, let amount = Double(numberPart), amount.isFinite, amount >= 0 else { return nil }
    let unit: DurationUnit
    if unitPart.isEmpty {
        guard let defaultUnit else { return nil }
        unit = defaultUnit
    } else {
        guard let named = DurationUnit(rawValue: unitPart) else { return nil }
        unit = named
    }
    let seconds = amount * unit.seconds
    return seconds.isFinite ? seconds : nil
}
