internal import Basics

/// A time zone as the gazetteer keeps it: its name and its offsets from UTC in standard and in summer
/// time. Which applies when is the one rule in ``utcOffset(at:latitude:)``.
package struct TimeZoneRule: Sendable, Hashable {
    /// `Asia/Seoul`.
    package var identifier: String
    /// Seconds east of UTC in standard time.
    package var standardOffset: Int32
    /// Seconds east of UTC in summer time (the standard offset where there is none).
    package var summerOffset: Int32

    /// A zone with these offsets (the generator takes them from the zone's rules in one reference year).
    package init(identifier: String, standardOffset: Int32, summerOffset: Int32) {
        self.identifier = identifier
        self.standardOffset = standardOffset
        self.summerOffset = summerOffset
    }

    /// Seconds east of UTC at `time` (seconds since 1970) for a place at `latitude`.
    ///
    /// One rule for every zone that has summer time, the European Union's: summer time from 01:00 UTC on
    /// the last Sunday of March to 01:00 UTC on the last Sunday of October north of the equator, and
    /// outside that span (October to March) south of it. It is an approximation: the United States
    /// change on other Sundays, Australia and New Zealand in early April and late September or early
    /// October, and a few zones (Morocco, Iran) follow other calendars; the real rules are in the IANA
    /// database, which the mock does not carry.
    package func utcOffset(at time: Int64, latitude: Double) -> Int32 {
        guard summerOffset != standardOffset else { return standardOffset }
        let day = Int(time >= 0 ? time / 86_400 : (time - 86_399) / 86_400)
        let year = CivilCalendar.date(daysSince1970: day).year
        let start = Int64(Self.lastSunday(year: year, month: 3)) * 86_400 + 3_600
        let end = Int64(Self.lastSunday(year: year, month: 10)) * 86_400 + 3_600
        let northernSummer = time >= start && time < end
        return northernSummer == (latitude >= 0) ? summerOffset : standardOffset
    }

    /// Days since 1970 of the month's last Sunday (1970-01-01 was a Thursday).
    private static func lastSunday(year: Int, month: Int) -> Int {
        let last = CivilCalendar.days(year: year, month: month + 1, day: 1) - 1
        let weekday = ((last + 4) % 7 + 7) % 7
        return last - weekday
    }
}
