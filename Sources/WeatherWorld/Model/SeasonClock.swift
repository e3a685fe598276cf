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
        let date = SeasonClock.civil(fromDays: Int64(days))
        let monthLength = Double(SeasonClock.daysInMonth(date.month, year: date.year))
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
        let yearLength = SeasonClock.isLeap(date.year) ? 366.0 : 365.0
        let dayOfYear = Double(SeasonClock.dayOfYear(date)) - 1 + solarHour / 24
        yearAngle = 2 * Double.pi * dayOfYear / yearLength
    }

    /// A monthly table read at this instant (linear between month centres).
    func interpolate(_ monthly: [Double]) -> Double {
        monthly[month] + (monthly[nextMonth] - monthly[month]) * towardNext
    }

    /// Year, month (1–12) and day (1–31) of a count of days since 1970-01-01.
    static func civil(fromDays count: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = count + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPosition = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPosition + 2) / 5 + 1
        let month = monthPosition < 10 ? monthPosition + 3 : monthPosition - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func dayOfYear(_ date: (year: Int, month: Int, day: Int)) -> Int {
        var total = date.day
        for month in 1..<date.month { total += daysInMonth(month, year: date.year) }
        return total
    }
}
