internal import Foundation

/// Parses the `Retry-After` header: delay-seconds (`120`) or an HTTP-date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, plus the obsolete RFC 850 and asctime forms RFC 9110 asks
/// recipients to accept). A date in the past means "now" (zero); anything unparseable is ignored.
enum RetryAfter {
    static func parse(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let seconds = Int64(value) else { return nil }  // more digits than Int64: ignore
            return .seconds(seconds)
        }
        for format in httpDateFormats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) {
                let seconds = date.timeIntervalSince(now)
                return seconds <= 0 ? .zero : .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
        }
        return nil
    }

    private static let httpDateFormats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // asctime
    ]

    /// "120 s", "1.5 s": a duration as the error descriptions show it.
    static func text(_ duration: Duration) -> String {
        "\(DecimalText.fixed(DecimalText.decimal(duration.timeInterval), places: 3).trimmingTrailingZeros) s"
    }
}

extension String {
    /// "1.500" → "1.5", "120.000" → "120".
    fileprivate var trimmingTrailingZeros: String {
        guard contains(".") else { return self }
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
