#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats `2026-11-29T10:00:00.123Z`, keeping the text up to the seconds of the latest second it
/// formatted, so a batch of log lines formats the date once and then only adds milliseconds. The one
/// UTC formatter of the package: the request log, range messages and `replay-location --weather` lines.
package struct TimestampText {
    private var second: Int64 = .min
    /// `2026-11-29T10:00:00` (19 bytes).
    private var prefix: [UInt8] = []

    /// A formatter that has formatted nothing yet.
    package init() {}

    /// Appends `milliseconds` since 1970 as `2026-11-29T10:00:00.123Z`.
    package mutating func append(milliseconds: Int64, to buffer: inout [UInt8]) {
        var second = milliseconds / 1000
        var fraction = Int(milliseconds % 1000)
        if fraction < 0 {
            second -= 1
            fraction += 1000
        }
        if second != self.second { format(second: second) }
        buffer.append(contentsOf: prefix)
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        buffer.append(UInt8(ascii: "Z"))
    }

    /// `2022-12-04T15:00:00Z` for whole seconds since 1970 in UTC, as messages name a moment; nil when
    /// the moment has no four-digit year (a client may send any 18-digit number).
    package static func text(wholeSeconds: Int64) -> String? {
        var text = TimestampText()
        guard text.format(second: wholeSeconds) else { return nil }
        return String(decoding: text.prefix, as: UTF8.self) + "Z"
    }

    /// Whether `second` could be formatted (the log's own clock always can).
    @discardableResult
    private mutating func format(second: Int64) -> Bool {
        self.second = second
        var seconds = time_t(second)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil, (0...9999).contains(Int(parts.tm_year) + 1900) else {
            prefix = Array("0000-00-00T00:00:00".utf8)
            return false
        }
        var text: [UInt8] = []
        text.reserveCapacity(19)
        func pad(_ value: Int32, _ width: Int) {
            let digits = Array(String(value).utf8)
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
            text.append(contentsOf: digits)
        }
        pad(parts.tm_year + 1900, 4)
        text.append(UInt8(ascii: "-"))
        pad(parts.tm_mon + 1, 2)
        text.append(UInt8(ascii: "-"))
        pad(parts.tm_mday, 2)
        text.append(UInt8(ascii: "T"))
        pad(parts.tm_hour, 2)
        text.append(UInt8(ascii: ":"))
        pad(parts.tm_min, 2)
        text.append(UInt8(ascii: ":"))
        pad(parts.tm_sec, 2)
        prefix = text
        return true
    }
}
