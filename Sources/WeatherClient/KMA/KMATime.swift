public import Foundation

/// A minute on the wall clock in Korea Standard Time (UTC+9, no daylight saving), as the KMA API
/// writes its dates and times (`base_date=20261002`, `base_time=0200`, `fcstTime "0600"`).
///
/// Converting from an instant needs no calendar or time zone database: KST has been a fixed
/// offset since 1988, so ``init(_:)`` is arithmetic on Unix time, the same on every platform.
public struct KMATime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The offset of Korea Standard Time from UTC, `+09:00`.
    public static let utcOffset = UTCOffset(hours: 9)!

    /// The day in KST.
    public let date: CalendarDate
    /// The hour in KST, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int

    /// A wall time, or `nil` when `hour` is not 0...23 or `minute` is not 0...59.
    public init?(date: CalendarDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// The KST minute that contains `instant` (seconds are dropped towards the past), or `nil` for
    /// an instant that is not finite or falls outside the years 1...9999.
    public init?(_ instant: Date) {
        let seconds = instant.timeIntervalSince1970 + Double(Self.utcOffset.seconds)
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        self.init(minuteIndex: Int((seconds / 60).rounded(.down)))
    }

    /// Parses the API's `yyyyMMdd` and `HHmm` fields (`"20261002"`, `"0600"`); `nil` for anything else.
    public init?(dateText: String, timeText: String) {
        guard dateText.utf8.count == 8, timeText.utf8.count == 4,
            (dateText + timeText).utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        let digits = Array(dateText.utf8) + Array(timeText.utf8)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        guard let date = CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else {
            return nil
        }
        self.init(date: date, hour: number(8..<10), minute: number(10..<12))
    }

    /// The instant this wall time names.
    public var instant: Date {
        Date(timeIntervalSince1970: Double(minuteIndex * 60 - Self.utcOffset.seconds))
    }

    /// `20261002`: the date as `base_date` and `fcstDate` write it.
    public var dateText: String {
        Self.padded(date.year, 4) + Self.padded(date.month, 2) + Self.padded(date.day, 2)
    }

    /// `0600`: the time as `base_time` and `fcstTime` write it.
    public var timeText: String { Self.padded(hour, 2) + Self.padded(minute, 2) }

    /// `2026-10-02 06:00 KST`.
    public var description: String { "\(date) \(Self.padded(hour, 2)):\(Self.padded(minute, 2)) KST" }

    /// Earlier times first.
    public static func < (lhs: KMATime, rhs: KMATime) -> Bool { lhs.minuteIndex < rhs.minuteIndex }

    // MARK: Minutes since 1970-01-01 00:00 KST

    /// Minutes since 1970-01-01 00:00 KST: the one number the schedule does arithmetic on.
    var minuteIndex: Int {
        Self.days(year: date.year, month: date.month, day: date.day) * Self.minutesPerDay + hour * 60 + minute
    }

    /// The wall time `minuteIndex` minutes after 1970-01-01 00:00 KST, or `nil` outside the years 1...9999.
    init?(minuteIndex: Int) {
        let days = minuteIndex.floorDivided(by: Self.minutesPerDay)
        let minuteOfDay = minuteIndex - days * Self.minutesPerDay
        let (year, month, day) = Self.civil(days: days)
        guard let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        self.init(date: date, hour: minuteOfDay / 60, minute: minuteOfDay % 60)
    }

    /// Minutes in a day.
    static let minutesPerDay = 24 * 60

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    private static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int {
    /// Division rounding towards negative infinity, so minutes before 1970 fall on the right day.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
