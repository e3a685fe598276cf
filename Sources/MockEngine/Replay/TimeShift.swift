package import Basics

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Time shifting (docs/ARCHITECTURE.md#the-mock-clock): every time of a recorded answer moved by one
/// offset, so the data looks current. The offset is the clock's now, to the nearest minute, minus the
/// answer's anchor time (its provider's choice: OpenWeatherMap's `dt`), rounded to whole minutes:
/// the anchor lands within a minute of the clock, and every request in the same clock minute gets the
/// same bytes (so a shifted variant is made once and kept, ``PreparedResponse``).
///
/// A time is a Unix time in whole seconds (`1764410400`; `0`, which APIs send for "none", such as a
/// moonrise that does not happen, is kept) or UTC text as `yyyy-MM-dd HH:mm:ss` (OpenWeatherMap's
/// `dt_txt`); any other value at a time field is left as recorded.
///
/// Times live in ``ClockRange`` (years 1 to 9999): the cassette decoder refuses a cassette whose
/// shiftable times are outside it (``outOfRangeTimes(at:in:)``), and the arithmetic here is checked
/// besides, so no recorded value can trap a request: an anchor outside the range shifts nothing, and
/// a time the offset would move outside the range is left as recorded.
package enum TimeShift {
    /// `now` in whole minutes since 1970, to the nearest minute: what a shifted variant is keyed by.
    /// The mock clock's readings are in ``ClockRange``; an instant outside it (or not finite) is taken
    /// at the range's nearest bound rather than trapping the conversion.
    package static func minute(of now: Date) -> Int64 {
        let minutes = (now.timeIntervalSince1970 / 60).rounded()
        let earliest = Double(ClockRange.earliestSecond / 60)
        let latest = Double(ClockRange.latestSecond / 60)
        guard minutes >= earliest else { return Int64(earliest) }
        return Int64(min(minutes, latest))
    }

    /// The seconds, a whole number of minutes, that move `anchor` (Unix seconds) nearest to `minute`
    /// (``minute(of:)``); 0 (nothing moves) when either is outside ``ClockRange``, so the subtraction
    /// cannot overflow whatever a cassette recorded.
    package static func offset(from anchor: Int64, toMinute minute: Int64) -> Int64 {
        let (target, overflow) = minute.multipliedReportingOverflow(by: 60)
        guard !overflow, ClockRange.contains(seconds: target), ClockRange.contains(seconds: anchor) else { return 0 }
        // Both within about 3.2e11 of 0: the difference and its rounding are exact.
        let seconds = Double(target - anchor)
        return Int64((seconds / 60).rounded()) * 60
    }

    /// The first time at `field` in `json`, in Unix seconds; nil when there is none (an error body).
    package static func anchor(at field: TimeField, in json: JSONValue) -> Int64? {
        field.values(in: json).lazy.compactMap(seconds(of:)).first
    }

    /// The values at `fields` in `json` that are written as times (whole Unix seconds other than `0`,
    /// or `yyyy-MM-dd HH:mm:ss` text) but name none in ``ClockRange``, each with its JSON path below
    /// `root`: what the cassette decoder refuses in an answer whose times are shifted.
    package static func outOfRangeTimes(at fields: [TimeField], in json: JSONValue, root: JSONPath) -> [(
        value: JSONValue, path: JSONPath
    )] {
        fields.flatMap { field in field.locatedValues(in: json, at: root).filter { isOutOfRangeTime($0.value) } }
    }

    /// Whether `value` is written as a time of either form but names none in ``ClockRange``: a whole
    /// number (any number of digits, so one past `Int64` counts) other than `0`, or
    /// `yyyy-MM-dd HH:mm:ss` text that is no date-time in the range (`0000-01-01 00:00:00`,
    /// `2026-02-31 00:00:00`).
    static func isOutOfRangeTime(_ value: JSONValue) -> Bool {
        if let text = value.numberText {
            let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return false }
            guard let seconds = Int64(text) else { return true }
            return seconds != 0 && !ClockRange.contains(seconds: seconds)
        }
        guard let text = value.stringValue, looksLikeUTCText(text) else { return false }
        return seconds(ofUTCText: text).map { !ClockRange.contains(seconds: $0) } ?? true
    }

    /// `json` with every time at `fields` moved by `offset` seconds.
    package static func shifted(_ json: JSONValue, fields: [TimeField], by offset: Int64) -> JSONValue {
        guard offset != 0 else { return json }
        return fields.reduce(json) { body, field in
            field.rewriting(body) { value in shifted(value, by: offset) }
        }
    }

    /// A time value moved by `offset`, in the form it was written in; nil (left as recorded) for a
    /// value that is no time, and for one that is or would be moved outside ``ClockRange``.
    static func shifted(_ value: JSONValue, by offset: Int64) -> JSONValue? {
        if let text = value.numberText, let seconds = Int64(text), seconds != 0 {
            guard let moved = movedInRange(seconds, by: offset) else { return nil }
            return JSONValue(.number(String(moved)), offset: value.offset)
        }
        if let text = value.stringValue, let seconds = seconds(ofUTCText: text),
            let moved = movedInRange(seconds, by: offset).flatMap(utcText)
        {
            return JSONValue(.string(moved), offset: value.offset)
        }
        return nil
    }

    /// `seconds + offset` when both it and `seconds` are in ``ClockRange``; nil otherwise, overflow
    /// included.
    private static func movedInRange(_ seconds: Int64, by offset: Int64) -> Int64? {
        let (moved, overflow) = seconds.addingReportingOverflow(offset)
        guard !overflow, ClockRange.contains(seconds: seconds), ClockRange.contains(seconds: moved) else { return nil }
        return moved
    }

    /// Unix seconds of a time value of either form, nil for anything else (and for `0`).
    static func seconds(of value: JSONValue) -> Int64? {
        if let text = value.numberText, let seconds = Int64(text), seconds != 0 { return seconds }
        return value.stringValue.flatMap(seconds(ofUTCText:))
    }

    /// `2026-11-29 12:00:00` (UTC) in Unix seconds, nil for text that is not a real date-time of that
    /// form (``ISO8601Time``'s calendar rules).
    static func seconds(ofUTCText text: String) -> Int64? {
        guard looksLikeUTCText(text) else { return nil }
        let iso = String(text.prefix(10)) + "T" + String(text.dropFirst(11)) + "Z"
        return ISO8601Time.milliseconds(iso).map { $0 / 1_000 }
    }

    /// Whether `text` is laid out as `2026-11-29 12:00:00`: digits, with `-`, ` ` and `:` where they
    /// go (whether it is a real date is ``seconds(ofUTCText:)``'s to check).
    private static func looksLikeUTCText(_ text: String) -> Bool {
        let layout = Array("dddd-dd-dd dd:dd:dd".utf8)
        guard text.utf8.count == layout.count else { return false }
        return zip(text.utf8, layout).allSatisfy { byte, expected in
            expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        }
    }

    /// Unix seconds as `2026-11-29 12:00:00` (UTC).
    static func utcText(_ seconds: Int64) -> String? {
        guard let iso = TimestampText.text(wholeSeconds: seconds) else { return nil }
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8))
    }
}
