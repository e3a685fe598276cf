#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted at most once per second per event
/// loop instead of once per response, and without Foundation.
struct HTTPDateCache {
    private var formattedSecond = -1
    /// `Sun, 06 Nov 1994 08:49:37 GMT`: always 29 bytes.
    private(set) var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 29)

    /// Refreshes ``bytes`` if the wall-clock second changed since the last call.
    @inline(__always)
    mutating func refresh() {
        let now = time(nil)
        if now != formattedSecond { format(now) }
    }

    /// Formats `secondsSince1970` into ``bytes`` (exposed for tests).
    mutating func format(_ secondsSince1970: Int) {
        formattedSecond = secondsSince1970
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var text: [UInt8] = []
        text.reserveCapacity(29)
        text.append(contentsOf: days[Int(parts.tm_wday)].utf8)
        text.append(contentsOf: ", ".utf8)
        Self.appendTwoDigits(Int(parts.tm_mday), to: &text)
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: months[Int(parts.tm_mon)].utf8)
        text.append(UInt8(ascii: " "))
        let year = Int(parts.tm_year) + 1900
        Self.appendTwoDigits(year / 100, to: &text)
        Self.appendTwoDigits(year % 100, to: &text)
        text.append(UInt8(ascii: " "))
        Self.appendTwoDigits(Int(parts.tm_hour), to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendTwoDigits(Int(parts.tm_min), to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendTwoDigits(Int(parts.tm_sec), to: &text)
        text.append(contentsOf: " GMT".utf8)
        bytes = text
    }

    private static func appendTwoDigits(_ value: Int, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
        text.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
