public import Foundation
public import LocationSimulator
public import WeatherClient

/// The engine behind `replay-location --weather kma`: what the Daegu-tested CoreLocation app does on
/// a drive. Each delivered fix is turned into its KMA grid cell by the client's own conversion
/// (``WeatherClient/KMAGridCell``, as the app's `setNxNy` does), and each time the device enters a
/// cell other than the last one asked, the village forecast for that cell is fetched: one report per
/// cell crossed, none while the device stays in it.
///
/// A fix whose location access is denied or restricted asks for the default location's cell (the
/// SeSAC campus), as the app falls back. Failures (a gateway refusal, NO_DATA, a 501 for a cell no
/// cassette answers) become reports too, so one bad answer never stops a drive; a failed cell is
/// asked again at its next fix. Used from one playback task at a time.
public final class KMAWeatherDriver {
    /// The client asked for each new cell.
    public let client: KMAForecastClient
    /// Where the forecast is asked for while location access is denied or restricted.
    public let defaultLocation: DefaultLocation
    /// The cell last answered (`.some(nil)`: outside the grid, reported once), nil before the first
    /// report and after a failure, so a failed cell is asked again.
    private var lastAnswered: KMAGridCell??

    /// A key of the portal's "Decoding" form (with `+`, `/` and `=`) that only a mock accepts, for
    /// drives without `KMA_SERVICE_KEY`: it proves the client encodes it exactly once.
    public static let mockServiceKey = "mock+Service/Key=="

    /// A driver asking `client`, falling back to `defaultLocation`.
    public init(client: KMAForecastClient, defaultLocation: DefaultLocation = .sesacCampus) {
        self.client = client
        self.defaultLocation = defaultLocation
    }

    /// A driver for the server at `baseURL` sending `serviceKey` (``mockServiceKey`` when nil or empty),
    /// choosing the latest issuance by `now` (the system's clock, or the mock clock a drive moves).
    public convenience init(
        baseURL: URL, serviceKey: String?, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let key = serviceKey.flatMap { $0.isEmpty ? nil : $0 } ?? Self.mockServiceKey
        self.init(client: KMAForecastClient(serviceKey: key, baseURL: baseURL, environment: [:], now: now))
    }

    /// The forecast for the cell `fix` is in (whose wall-clock time is `date`), or nil when that cell is
    /// the one last answered.
    ///
    /// - Throws: `CancellationError` when playback is being stopped; every other failure is in the report.
    public func report(for fix: LocationSimulator.LocationFix, at date: Date) async throws -> KMAWeatherReport? {
        let usesDefault = fix.authorization == .denied || fix.authorization == .restricted
        let coordinate =
            usesDefault
            ? defaultLocation.coordinate
            : Coordinate(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude)
        let cell = KMAGridCell(containing: coordinate)
        guard lastAnswered != .some(cell) else { return nil }
        guard let cell else {
            lastAnswered = .some(nil)
            return KMAWeatherReport(fix: fix, date: date, cell: nil, isDefaultLocation: usesDefault, outcome: nil)
        }
        let outcome: Result<KMAForecast, KMAError>
        do {
            outcome = .success(try await client.villageForecast(at: cell))
            lastAnswered = .some(cell)
        } catch .cancelled {
            throw CancellationError()
        } catch {
            outcome = .failure(error)
            lastAnswered = nil
        }
        return KMAWeatherReport(fix: fix, date: date, cell: cell, isDefaultLocation: usesDefault, outcome: outcome)
    }
}
