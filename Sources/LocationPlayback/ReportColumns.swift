import Basics
import Foundation
import LocationSimulator

/// The columns both weather drives print, so their lines align the same way: the wall-clock time,
/// the trace time and the fix's position.
enum ReportColumns {
    /// `2026-11-29T00:00:00Z`, to the second below.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard let whole = Int64(exactly: seconds), let text = TimestampText.text(wholeSeconds: whole) else {
            return "Unix time \(seconds)"
        }
        return text
    }

    /// `1:02:03`: hours, minutes and seconds of trace time.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        return "\(whole / 3_600):\(twoDigits(whole / 60 % 60)):\(twoDigits(whole % 60))"
    }

    /// `37.56628,126.97791`: five decimals, about a metre.
    static func position(_ point: GeoPoint) -> String {
        String(format: "%.5f,%.5f", point.latitude, point.longitude)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
