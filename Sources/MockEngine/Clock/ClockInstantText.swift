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
        + "(2026-12-01T02:05+09:00, 2026-11-30T17:05:00Z), a real calendar date from \(ClockRange.description)"

    /// The instant `text` names: an ISO 8601 date-time with a UTC offset or `Z`, to the minute or the
    /// second (a fraction is kept to the millisecond), on a date the calendar has (``ISO8601Time``:
    /// no February 31, no hour 24, no second 60) and inside ``ClockRange``; nil for anything else, a
    /// time without an offset included (it would mean the machine's zone, which a test must not depend
    /// on).
    package static func instant(fromISO8601 text: String) -> Date? {
        guard let milliseconds = ISO8601Time.milliseconds(text, secondsOptional: true),
            (ClockRange.earliestMilliseconds...ClockRange.latestMilliseconds).contains(milliseconds)
        else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    /// `instant` as `2026-11-30T17:05:00.000Z`, the form the admin API shows the clock in, which
    /// ``instant(fromISO8601:)`` reads back as the same instant. Every reading of a ``MockClock`` is in
    /// ``ClockRange``; an instant from elsewhere that is not prints as the range's nearest bound (a NaN
    /// one as the earliest), never as a time no reader takes back.
    package static func iso8601(_ instant: Date) -> String {
        let milliseconds =
            ClockRange.milliseconds(of: instant)
            ?? (instant.timeIntervalSince1970 > 0 ? ClockRange.latestMilliseconds : ClockRange.earliestMilliseconds)
        return Timestamp.iso8601(milliseconds: milliseconds)
    }
}
