import Basics

/// Dates and offsets as OpenWeatherMap's answers write them.
enum UTCText {
    /// `2022-12-05 03:00:00` for Unix seconds (the forecast's `dt_txt`).
    static func dateTime(_ time: Int64) -> String {
        let days = floorDivision(time, 86_400)
        let seconds = time - days * 86_400
        return date(daysSince1970: Int(days)) + " " + twoDigits(seconds / 3_600) + ":"
            + twoDigits(seconds % 3_600 / 60) + ":" + twoDigits(seconds % 60)
    }

    /// `2022-12-05`, the day `days` after 1970-01-01.
    static func date(daysSince1970 days: Int) -> String {
        let date = CivilCalendar.date(daysSince1970: days)
        let year = String(date.year)
        let padded = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return padded + "-" + twoDigits(Int64(date.month)) + "-" + twoDigits(Int64(date.day))
    }

    /// The day count of `YYYY-MM-DD`, nil for anything else or a date that does not exist.
    static func days(ofDate text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let back = CivilCalendar.date(daysSince1970: days)
        return back.month == month && back.day == day ? days : nil
    }

    /// `+09:00`, `-03:30`, `+00:00` for an offset in seconds (day_summary's and overview's `tz`).
    static func offset(_ seconds: Int32) -> String {
        let magnitude = Int64(abs(Int(seconds)))
        return (seconds < 0 ? "-" : "+") + twoDigits(magnitude / 3_600) + ":" + twoDigits(magnitude % 3_600 / 60)
    }

    /// An offset `±HH:MM` in seconds, nil for anything else (day_summary's `tz` parameter).
    static func offset(parsing text: String) -> Int32? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"), let hours = Int32(String(decoding: bytes[1...2], as: UTF8.self)),
            let minutes = Int32(String(decoding: bytes[4...5], as: UTF8.self)), hours <= 14, minutes < 60
        else { return nil }
        let seconds = hours * 3_600 + minutes * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// `a / b` rounded toward negative infinity.
    static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
