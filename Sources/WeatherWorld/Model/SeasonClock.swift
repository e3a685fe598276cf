import Basics

/// Where an instant falls in the year at a place: its local solar date, the months whose normals it
/// lies between, and the angle of the year. Integer calendar arithmetic (proleptic Gregorian), no
/// Foundation.
struct SeasonClock: Sendable {
    /// The month whose centre is at or before the instant (0 = January) and the fraction of the way to
    /// the next month's centre.
    var month: Int
    var nextMonth: Int
    var towardNext: Double
    /// 0 ..< 2π from the start of January 1, local solar time.
    var yearAngle: Double
    /// Local solar hour, 0 ..< 24 (mean solar time: UTC plus longitude / 15).
    var solarHour: Double

    init(time: Int64, longitude: Double) {
        let local = Double(time) + longitude * 240
        let days = (local / 86_400).rounded(.down)
        solarHour = (local - days * 86_400) / 3_600
        let date = CivilCalendar.date(daysSince1970: Int(days))
        let monthLength = Double(CivilCalendar.daysIn(month: date.month, year: date.year))
        let position = (Double(date.day - 1) + solarHour / 24) / monthLength
        let monthIndex = date.month - 1
        if position < 0.5 {
            month = (monthIndex + 11) % 12
            nextMonth = monthIndex
            towardNext = position + 0.5
        } else {
            month = monthIndex
            nextMonth = (monthIndex + 1) % 12
            towardNext = position - 0.5
        }
        let yearLength = CivilCalendar.isLeap(date.year) ? 366.0 : 365.0
        let dayOfYear = Double(SeasonClock.dayOfYear(date)) - 1 + solarHour / 24
        yearAngle = 2 * Double.pi * dayOfYear / yearLength
    }

    /// A monthly table read at this instant (linear between month centres).
    func interpolate(_ monthly: [Double]) -> Double {
        monthly[month] + (monthly[nextMonth] - monthly[month]) * towardNext
    }

    private static func dayOfYear(_ date: (year: Int, month: Int, day: Int)) -> Int {
        var total = date.day
        for month in 1..<date.month { total += CivilCalendar.daysIn(month: month, year: date.year) }
        return total
    }
}
