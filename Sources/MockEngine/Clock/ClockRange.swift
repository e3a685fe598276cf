#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The instants the mock clock can stand at, and the recorded times time shifting moves
/// (docs/ARCHITECTURE.md#the-mock-clock): 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, the
/// years an ISO 8601 date-time writes in four digits. The one place these bounds are kept: `--clock`,
/// the admin API's clock calls, the in-process ``MockClock`` handle, the cassette decoder's check of
/// shiftable times and ``TimeShift``'s arithmetic all ask here, so every reading prints as an ISO 8601
/// time and no arithmetic on one can overflow.
package enum ClockRange {
    /// 0001-01-01T00:00:00.000Z in milliseconds since 1970.
    package static let earliestMilliseconds: Int64 = -62_135_596_800_000
    /// 9999-12-31T23:59:59.999Z in milliseconds since 1970.
    package static let latestMilliseconds: Int64 = 253_402_300_799_999

    /// 0001-01-01T00:00:00Z, the earliest whole second, in Unix seconds.
    package static let earliestSecond: Int64 = earliestMilliseconds / 1_000
    /// 9999-12-31T23:59:59Z, the latest whole second, in Unix seconds.
    package static let latestSecond: Int64 = latestMilliseconds / 1_000

    /// The range as messages name it.
    package static let description = "0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z"

    /// Whether `instant` is in the range (a NaN or infinite instant is not).
    package static func contains(_ instant: Date) -> Bool {
        milliseconds(of: instant) != nil
    }

    /// Whether `seconds` since 1970 is a whole second in the range.
    package static func contains(seconds: Int64) -> Bool {
        (earliestSecond...latestSecond).contains(seconds)
    }

    /// `instant` in whole milliseconds since 1970, to the nearest (a `Date` made from whole milliseconds
    /// may hold a hair less, which rounding down would print as the millisecond before), or nil when it
    /// is outside the range. Compared as a `Double` before it becomes an integer, so no instant can trap
    /// the conversion.
    package static func milliseconds(of instant: Date) -> Int64? {
        let milliseconds = (instant.timeIntervalSince1970 * 1_000).rounded()
        guard milliseconds >= Double(earliestMilliseconds), milliseconds <= Double(latestMilliseconds) else {
            return nil
        }
        return Int64(milliseconds)
    }
}

/// A clock setting or advance the mock clock refused because its instant would be outside
/// ``ClockRange``; the clock is left where it was.
package enum ClockRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fixing the clock at an instant outside the range (`seconds` since 1970, possibly not finite).
    case instantOutOfRange(seconds: Double)
    /// Moving the clock from `from` by `seconds` would leave the range.
    case advanceOutOfRange(from: Date, seconds: Double)

    /// A message naming the instant or the advance and the range.
    package var description: String {
        switch self {
        case .instantOutOfRange(let seconds):
            "the instant \(seconds) seconds since 1970 is outside the clock's range, \(ClockRange.description)"
        case .advanceOutOfRange(let from, let seconds):
            "moving the clock from \(MockClock.iso8601(from)) by \(seconds) seconds would leave its range, "
                + ClockRange.description
        }
    }
}
