public import Foundation
public import LocationSimulator
public import WeatherClient

/// What `replay-location --weather` found at one delivered fix: the fix, and the weather or the error.
public struct WeatherReport: Sendable {
    /// The fix the weather was asked for.
    public var fix: LocationSimulator.LocationFix
    /// The fix's wall-clock time.
    public var date: Date
    /// The service's answer, or the error it surfaced (404, 401, 501, decoding, or nothing cached).
    public var outcome: Result<WeatherResult<CurrentWeather>, WeatherError>

    /// Creates a report.
    public init(
        fix: LocationSimulator.LocationFix, date: Date, outcome: Result<WeatherResult<CurrentWeather>, WeatherError>
    ) {
        self.fix = fix
        self.date = date
        self.outcome = outcome
    }

    /// The place shown: the API's name, or the default location's display name ("Seoul"); `nil` on error.
    public var placeName: String? {
        guard case .success(let result) = outcome else { return nil }
        return WeatherDisplay(result).placeName
    }

    /// Where the answer came from, as printed: `live`, `default location (location access denied)`,
    /// `stale (2m old: server error (HTTP 503): ...)`, or `error: ...`.
    public var originText: String {
        switch outcome {
        case .success(let result):
            switch result.origin {
            case .live: "live"
            case .defaultLocation(let reason): "default location (\(reason))"
            case .stale(let age, let error): "stale (\(Self.ageText(age)) old; \(error))"
            }
        case .failure(let error):
            "error: \(error)"
        }
    }

    /// One line for a terminal or a script, columns aligned: time, elapsed, position, place,
    /// temperature, condition, wind, origin:
    /// `2026-11-29T00:00:00Z  +0:00:00  37.56628,126.97791  Seoul            -2.3°C  overcast clouds       2.5 m/s  live`.
    public var line: String {
        var columns = ["-", "-", "-", "-"]
        if case .success(let result) = outcome {
            let display = WeatherDisplay(result)
            columns = [display.placeName, display.temperature, display.conditionDescription, display.wind]
        }
        return [
            ReportColumns.timestamp(date), ("+" + ReportColumns.clock(fix.time)).padded(9),
            ReportColumns.position(fix.coordinate).padded(19), columns[0].padded(16), columns[1].padded(8),
            columns[2].padded(20), columns[3].padded(9), originText,
        ]
        .joined(separator: "  ")
    }

    private static func ageText(_ age: Duration) -> String {
        let seconds = Int(age.components.seconds)
        return seconds >= 60 ? "\(seconds / 60)m \(seconds % 60)s" : "\(seconds)s"
    }
}
