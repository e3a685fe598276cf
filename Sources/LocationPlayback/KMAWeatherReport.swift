public import Foundation
public import LocationSimulator
public import WeatherClient

/// What `replay-location --weather kma` found on entering a grid cell: the fix, its cell and the
/// village forecast for it, or the error the client surfaced.
public struct KMAWeatherReport: Sendable {
    /// The first fix delivered in the cell.
    public var fix: LocationSimulator.LocationFix
    /// The fix's wall-clock time.
    public var date: Date
    /// The cell asked for; nil for a fix outside the KMA grid (nothing was asked).
    public var cell: KMAGridCell?
    /// Whether the cell is the default location's, because location access was denied or restricted.
    public var isDefaultLocation: Bool
    /// The forecast or the client's error; nil when nothing was asked (outside the grid).
    public var outcome: Result<KMAForecast, KMAError>?

    /// Creates a report.
    public init(
        fix: LocationSimulator.LocationFix, date: Date, cell: KMAGridCell?, isDefaultLocation: Bool,
        outcome: Result<KMAForecast, KMAError>?
    ) {
        self.fix = fix
        self.date = date
        self.cell = cell
        self.isDefaultLocation = isDefaultLocation
        self.outcome = outcome
    }

    /// The first forecast hour as a weather screen shows it: `맑음 3°C, 강수확률 0%`; nil on error or
    /// for a forecast without hours.
    public var summary: String? {
        guard case .success(let forecast)? = outcome, let first = forecast.hours.first else { return nil }
        return KMAWeatherDisplay(first).summaryKorean
    }

    /// Where the answer came from, as printed: `live, issuance 20261202 0500`,
    /// `default location (location access denied), issuance …`, `error: …`, `outside the KMA grid`.
    public var originText: String {
        guard let outcome else { return "outside the KMA grid: nothing asked" }
        switch outcome {
        case .success(let forecast):
            let issuance = "issuance \(forecast.issuance.baseDate) \(forecast.issuance.baseTime)"
            let origin = isDefaultLocation ? "default location (\(fix.authorization.rawValue))" : "live"
            return forecast.hours.isEmpty ? "\(origin), \(issuance), no hours" : "\(origin), \(issuance)"
        case .failure(let error):
            return "error: \(error)"
        }
    }

    /// One line for a terminal or a script, columns aligned:
    /// `2026-12-01T21:00:00Z  +0:00:00  37.56628,126.97791  60/127   맑음 3°C, 강수확률 0%  live, issuance …`.
    public var line: String {
        [
            ReportColumns.timestamp(date), ("+" + ReportColumns.clock(fix.time)).padded(9),
            ReportColumns.position(fix.coordinate).padded(19), (cell?.description ?? "-").padded(8),
            (summary ?? "-").padded(22), originText,
        ]
        .joined(separator: "  ")
    }
}
