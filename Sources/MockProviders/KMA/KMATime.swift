import Basics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A KST wall-clock second (UTC+9, no daylight saving), counted from 1970-01-01 00:00 KST: how the
/// service's dates and times (`base_date` `20261001`, `base_time` `2300`, a row's `fcstDate`/`fcstTime`)
/// and the mock clock's reading are compared and moved. Calendar arithmetic is the proleptic
/// Gregorian calendar's, done on integers so shaping 1000 rows costs no `Calendar`.
struct KMATime: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01 00:00 KST.
    var seconds: Int

    /// KST is UTC+9 all year.
    static let offset = 9 * 3600

    /// The KST second of `seconds`.
    init(seconds: Int) { self.seconds = seconds }

    /// The KST second `date` falls in.
    init(_ date: Date) {
        seconds = Int(date.timeIntervalSince1970.rounded(.down)) + Self.offset
    }

    /// The time a date (`yyyyMMdd`) and a time of day (`HHmm`) name, or nil when either is not
    /// exactly that many digits or names no real day or minute (`20260230`, `2460`).
    init?(date: String, time: String) {
        guard let digits = Self.digits(date, count: 8), let clock = Self.digits(time, count: 4) else { return nil }
        let year = digits / 10_000
        let month = digits / 100 % 100
        let day = digits % 100
        let hour = clock / 100
        let minute = clock % 100
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60
        else { return nil }
        seconds = (CivilCalendar.days(year: year, month: month, day: day) * 1440 + hour * 60 + minute) * 60
    }

    /// The `Date` this KST second is.
    var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds - Self.offset)) }

    /// `yyyyMMdd`.
    var dateText: String {
        let (year, month, day) = CivilCalendar.date(daysSince1970: seconds.floorDivided(by: 86_400))
        return Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2)
    }

    /// `HHmm`.
    var timeText: String {
        let minutes = seconds.floorModulo(86_400) / 60
        return Self.padded(minutes / 60, 2) + Self.padded(minutes % 60, 2)
    }

    /// The KST day it falls on, counted from 1970-01-01 (day 0): two times are on the same day when
    /// these are equal, and their difference counts days.
    var day: Int { seconds.floorDivided(by: 86_400) }
    /// The hour of the day, 0...23.
    var hour: Int { seconds.floorModulo(86_400) / 3600 }
    /// The minute of the hour, 0...59.
    var minute: Int { seconds.floorModulo(3600) / 60 }

    /// This time moved by `seconds`.
    func adding(_ seconds: Int) -> KMATime { KMATime(seconds: self.seconds + seconds) }

    static func < (lhs: KMATime, rhs: KMATime) -> Bool { lhs.seconds < rhs.seconds }

    private static func digits(_ text: String, count: Int) -> Int? {
        guard text.utf8.count == count, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension Int {
    /// Division rounding towards minus infinity (times before 1970 stay on the right day).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }

    /// The remainder of ``floorDivided(by:)``, never negative.
    fileprivate func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
