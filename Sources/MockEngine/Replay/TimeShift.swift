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
package enum TimeShift {
    /// `now` in whole minutes since 1970, to the nearest minute: what a shifted variant is keyed by.
    package static func minute(of now: Date) -> Int64 {
        Int64((now.timeIntervalSince1970 / 60).rounded())
    }

    /// The seconds, a whole number of minutes, that move `anchor` (Unix seconds) nearest to `minute`
    /// (``minute(of:)``).
    package static func offset(from anchor: Int64, toMinute minute: Int64) -> Int64 {
        let seconds = Double(minute * 60 - anchor)
        return Int64((seconds / 60).rounded()) * 60
    }

    /// The first time at `field` in `json`, in Unix seconds; nil when there is none (an error body).
    package static func anchor(at field: TimeField, in json: JSONValue) -> Int64? {
        field.values(in: json).lazy.compactMap(seconds(of:)).first
    }

    /// `json` with every time at `fields` moved by `offset` seconds.
    package static func shifted(_ json: JSONValue, fields: [TimeField], by offset: Int64) -> JSONValue {
        guard offset != 0 else { return json }
        return fields.reduce(json) { body, field in
            field.rewriting(body) { value in shifted(value, by: offset) }
        }
    }

    /// A time value moved by `offset`, in the form it was written in; nil for a value that is no time.
    static func shifted(_ value: JSONValue, by offset: Int64) -> JSONValue? {
        if let text = value.numberText, let seconds = Int64(text), seconds != 0 {
            return JSONValue(.number(String(seconds + offset)), offset: value.offset)
        }
        if let text = value.stringValue, let seconds = seconds(ofUTCText: text),
            let moved = utcText(seconds + offset)
        {
            return JSONValue(.string(moved), offset: value.offset)
        }
        return nil
    }

    /// Unix seconds of a time value of either form, nil for anything else (and for `0`).
    static func seconds(of value: JSONValue) -> Int64? {
        if let text = value.numberText, let seconds = Int64(text), seconds != 0 { return seconds }
        return value.stringValue.flatMap(seconds(ofUTCText:))
    }

    /// `2026-11-29 12:00:00` (UTC) in Unix seconds.
    static func seconds(ofUTCText text: String) -> Int64? {
        guard text.utf8.count == 19, text.utf8.dropFirst(10).first == UInt8(ascii: " ") else { return nil }
        let iso = String(text.prefix(10)) + "T" + String(text.dropFirst(11)) + "Z"
        return ISO8601Time.milliseconds(iso).map { $0 / 1_000 }
    }

    /// Unix seconds as `2026-11-29 12:00:00` (UTC).
    static func utcText(_ seconds: Int64) -> String? {
        guard let iso = TimestampText.text(wholeSeconds: seconds) else { return nil }
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8))
    }
}
