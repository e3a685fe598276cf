import Foundation

/// Reads the ISO 8601 date-times of traces and GPX files: with a time zone, with or without
/// fractional seconds.
///
/// One reader serves a whole load. Building an `ISO8601DateFormatter` sets up an ICU formatter, which
/// costs far more than reading one time with it, and a GPX track has a time on every point: building
/// two per call made a 20,000-point import spend seconds in set-up alone.
final class TimestampReader {
    private let withFractionalSeconds = ISO8601DateFormatter()
    private let wholeSeconds = ISO8601DateFormatter()

    init() {
        withFractionalSeconds.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        wholeSeconds.formatOptions = [.withInternetDateTime]
    }

    /// The moment `text` names, or nil when it is not an ISO 8601 date-time with a time zone.
    func date(from text: String) -> Date? {
        withFractionalSeconds.date(from: text) ?? wholeSeconds.date(from: text)
    }
}
