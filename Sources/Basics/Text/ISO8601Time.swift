/// The ISO 8601 times cassettes (`recordedAt`) and HAR archives (`startedDateTime`) carry:
/// `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length, then `Z` or `±HH:MM`, fields in range.
/// One reader for both, so what the decoder accepts is exactly what can be turned into a time. The
/// mock clock's settings (`--clock`, `PUT /__admin/clock`) read the same form, where the seconds may
/// be left out (`2026-12-01T02:05+09:00`).
///
/// The date must be one the proleptic Gregorian calendar has: years 0001 to 9999, the month's own
/// number of days (February 29 only in a leap year: 2024 and 2000, not 2026 or 1900), hours 00 to 23,
/// minutes and seconds 00 to 59. A leap second (`23:59:60`) is refused: Unix time, which every reader of
/// these times counts in, has no place for one, and reading it as the next second's start would
/// silently name another instant.
package enum ISO8601Time {
    /// Milliseconds since 1970-01-01T00:00:00Z (the fraction cut to milliseconds), or nil when `text`
    /// is not such a time.
    package static func milliseconds(_ text: String) -> Int64? {
        milliseconds(text, secondsOptional: false)
    }

    /// ``milliseconds(_:)``; with `secondsOptional`, `YYYY-MM-DDTHH:MM` followed by the offset is a
    /// time too.
    package static func milliseconds(_ text: String, secondsOptional: Bool) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is expected: Character) -> Bool {
            index < bytes.count && bytes[index] == expected.asciiValue!
        }
        guard let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
            let day = number(8..<10), byte(10, is: "T") || byte(10, is: "t"), let hour = number(11..<13),
            byte(13, is: ":"), let minute = number(14..<16),
            year >= 1, (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24,
            minute < 60
        else { return nil }
        let hasSeconds = byte(16, is: ":")
        guard hasSeconds || secondsOptional else { return nil }
        let second = hasSeconds ? number(17..<19) : 0
        guard let second, second < 60 else { return nil }
        var index = hasSeconds ? 19 : 16
        var milliseconds = 0
        if hasSeconds, byte(index, is: ".") {
            index += 1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if index - start < 3 { milliseconds = milliseconds * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if index == start { return nil }
            for _ in min(index - start, 3)..<3 { milliseconds *= 10 }
        }
        var offsetMinutes = 0
        if byte(index, is: "Z") || byte(index, is: "z") {
            guard index + 1 == bytes.count else { return nil }
        } else {
            guard byte(index, is: "+") || byte(index, is: "-"), let hours = number(index + 1..<index + 3),
                byte(index + 3, is: ":"), let minutes = number(index + 4..<index + 6), index + 6 == bytes.count,
                hours < 24, minutes < 60
            else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (byte(index, is: "-") ? -1 : 1)
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        return seconds * 1000 + Int64(milliseconds)
    }
}
