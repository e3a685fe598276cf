import Basics

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension MockClock {
    /// What `--clock`, `PUT /__admin/clock` and the messages about them call a valid instant.
    package static let instantForm =
        "an ISO 8601 date-time with a UTC offset or Z, to the minute or the second "
        + "(2026-12-01T02:05+09:00, 2026-11-30T17:05:00Z)"

    /// The instant `text` names: an ISO 8601 date-time with a UTC offset or `Z`, to the minute or the
    /// second (a fraction is kept to the millisecond); nil for anything else, a time without an offset
    /// included (it would mean the machine's zone, which a test must not depend on).
    package static func instant(fromISO8601 text: String) -> Date? {
        ISO8601Time.milliseconds(text, secondsOptional: true).map { Date(timeIntervalSince1970: Double($0) / 1_000) }
    }

    /// `instant` as `2026-11-30T17:05:00.000Z`, the form the admin API shows the clock in.
    package static func iso8601(_ instant: Date) -> String {
        Timestamp.iso8601(milliseconds: Int64((instant.timeIntervalSince1970 * 1_000).rounded(.down)))
    }
}
