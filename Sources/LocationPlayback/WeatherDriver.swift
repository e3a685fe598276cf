public import Foundation
public import LocationSimulator
public import WeatherClient

/// The engine behind `replay-location --weather`: feeds each delivered fix to a ``TraceLocationSource``,
/// asks a `WeatherService` for the current weather there, and reports what came back.
///
/// The service does what an app's weather screen does (docs/ARCHITECTURE.md#the-client-library): the fix's location
/// while permission is granted, the default location ("Seoul") while it is denied or restricted, retries with
/// backoff, and the last good weather marked stale when retries run out. Errors the service surfaces (an unknown
/// place, a missing cassette answered with 501, a bad key) become a report too, so one bad answer never stops a
/// drive. Used from one playback task at a time.
public final class WeatherDriver {
    /// The location source the service reads.
    public let locationSource = TraceLocationSource()
    /// The service asked at each fix.
    public let service: WeatherService
    private var labelledPlaces: [String: MapLabel] = [:]
    private var labelOrder: [String] = []

    /// A Kakao REST key of the right form that only a mock accepts, for `--place-names` without
    /// `KAKAO_REST_API_KEY`.
    public static let mockKakaoKey = "00000000000000000000000000000000"

    /// A driver whose service asks `client` (pointed at a mock server) and waits on `clock`; with a
    /// `placeNamer`, each report names the fix's district (the last known one when naming fails).
    public init(
        client: OpenWeatherClient, placeNamer: (any PlaceNamer)? = nil, clock: any WeatherClock = SystemWeatherClock(),
        retryPolicy: RetryPolicy = .standard, configuration: WeatherService.Configuration = .init()
    ) {
        service = WeatherService(
            client: client, locationSource: locationSource, clock: clock, retryPolicy: retryPolicy,
            configuration: configuration, placeNamer: placeNamer)
    }

    /// A driver for the server at `baseURL`, metric units, sending `apiKey` (or none when `nil` or empty);
    /// with `placeNamesKey`, fixes are named by Kakao Local at the same server with that key.
    public convenience init(baseURL: URL, apiKey: String?, placeNamesKey: String? = nil) {
        self.init(
            client: OpenWeatherClient(apiKey: apiKey ?? "", baseURL: baseURL, units: .metric),
            placeNamer: placeNamesKey.map { KakaoLocalClient(apiKey: $0, baseURL: baseURL, environment: [:]) })
    }

    /// The weather at `fix` (whose wall-clock time is `date`), as the service reports it.
    ///
    /// - Throws: `CancellationError` when playback is being stopped; every other failure is in the report.
    public func report(for fix: LocationSimulator.LocationFix, at date: Date) async throws -> WeatherReport {
        locationSource.deliver(fix, at: date)
        do {
            let result = try await service.currentWeather()
            remember(result, at: fix)
            return WeatherReport(fix: fix, date: date, outcome: .success(result))
        } catch .cancelled {
            throw CancellationError()
        } catch {
            return WeatherReport(fix: fix, date: date, outcome: .failure(error))
        }
    }

    /// Ends the location source (the trace is over).
    public func finish() {
        locationSource.finish()
    }

    /// One map label per place that answered with live weather at the device's location, pinned at the
    /// place's own coordinate as the API reports it (where the fix was, if it reports none): `-2.3°C` over
    /// `Seoul · Clouds`, from the first answer.
    public var mapLabels: [MapLabel] {
        labelOrder.compactMap { labelledPlaces[$0] }
    }

    private func remember(_ result: WeatherResult<CurrentWeather>, at fix: LocationSimulator.LocationFix) {
        guard case .live = result.origin else { return }
        let display = WeatherDisplay(result)
        guard labelledPlaces[display.placeName] == nil else { return }
        labelOrder.append(display.placeName)
        let place = result.value.coordinate
        let point =
            place.isValid ? GeoPoint(latitude: place.latitude, longitude: place.longitude) : fix.coordinate
        labelledPlaces[display.placeName] = MapLabel(
            point: point, title: display.temperature,
            detail: "\(display.placeName) · \(display.conditionNameEnglish)")
    }
}
