import Basics

/// Writes UTC timestamps (`2026-11-29T09:00:00.100Z`) and NMEA time and date fields from milliseconds since
/// 1970 without `DateFormatter`, caching the calendar date, which changes once a day, and the text up to the
/// seconds, which changes once a second. A class, so that copies of an encoder share one consistent cache.
final class TimestampWriter {
    // One encoder, one thread: the dynamic exclusivity checks would cost more than the caching saves.
    @exclusivity(unchecked) private var cachedDay = Int64.min
    @exclusivity(unchecked) private var cachedDate = CivilDate(year: 1970, month: 1, day: 1)
    @exclusivity(unchecked) private var cachedSecond = Int64.min
    /// `YYYY-MM-DDTHH:MM:SS.` of `cachedSecond`.
    private let cachedPrefix = OutputBuffer(capacity: 32)

    struct CivilDate {
        var year: Int
        var month: Int
        var day: Int
    }

    /// Splits milliseconds since 1970 into the civil date and the milliseconds into that day.
    func split(_ milliseconds: Int64) -> (date: CivilDate, millisecondOfDay: Int) {
        let day = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        if day != cachedDay {
            cachedDay = day
            cachedDate = Self.civilDate(daysSince1970: day)
        }
        return (cachedDate, Int(milliseconds - day * 86_400_000))
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`. Fixes come several a second, so the text up to the seconds is kept and
    /// reused while the second stays the same.
    func appendISO8601(_ milliseconds: Int64, to buffer: OutputBuffer) {
        let second = milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000
        if second != cachedSecond {
            cachedSecond = second
            let (date, millisecondOfDay) = split(second * 1_000)
            let prefix = cachedPrefix
            prefix.removeAll()
            prefix.appendUnsigned(UInt(max(0, date.year)), minimumDigits: 4)
            prefix.append(UInt8(ascii: "-"))
            prefix.appendDigits(UInt(date.month), width: 2)
            prefix.append(UInt8(ascii: "-"))
            prefix.appendDigits(UInt(date.day), width: 2)
            prefix.append(UInt8(ascii: "T"))
            let seconds = millisecondOfDay / 1_000
            prefix.appendDigits(UInt(seconds / 3_600), width: 2)
            prefix.append(UInt8(ascii: ":"))
            prefix.appendDigits(UInt(seconds / 60 % 60), width: 2)
            prefix.append(UInt8(ascii: ":"))
            prefix.appendDigits(UInt(seconds % 60), width: 2)
            prefix.append(UInt8(ascii: "."))
        }
        cachedPrefix.withUnsafeBytes { buffer.append($0.assumingMemoryBound(to: UInt8.self)) }
        buffer.appendDigits(UInt(milliseconds - second * 1_000), width: 3)
        buffer.append(UInt8(ascii: "Z"))
    }

    /// `HH:MM:SS.fff` (or `HHMMSS.ff` for NMEA when `separator` is nil), with 2 or 3 fraction digits.
    func appendClock(_ millisecondOfDay: Int, separator: UInt8?, fractionDigits: Int, to buffer: OutputBuffer) {
        let seconds = millisecondOfDay / 1_000
        buffer.appendDigits(UInt(seconds / 3_600), width: 2)
        if let separator { buffer.append(separator) }
        buffer.appendDigits(UInt(seconds / 60 % 60), width: 2)
        if let separator { buffer.append(separator) }
        buffer.appendDigits(UInt(seconds % 60), width: 2)
        buffer.append(UInt8(ascii: "."))
        let fraction = millisecondOfDay % 1_000
        buffer.appendDigits(UInt(fractionDigits == 3 ? fraction : fraction / 10), width: fractionDigits)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (`Basics`' ``CivilCalendar``).
    static func civilDate(daysSince1970 days: Int64) -> CivilDate {
        let date = CivilCalendar.date(daysSince1970: Int(days))
        return CivilDate(year: date.year, month: date.month, day: date.day)
    }
}
