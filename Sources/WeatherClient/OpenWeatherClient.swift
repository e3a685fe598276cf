public import Foundation

/// An OpenWeatherMap client: current weather, the 5-day forecast, geocoding (by name, coordinate
/// and zip), One Call 3.0 (see `oneCall(at:excluding:)`) and air pollution, with typed errors.
///
/// ```swift
/// let client = OpenWeatherClient(apiKey: "…", units: .metric, language: "kr")
/// let weather = try await client.currentWeather(city: "Seoul")
/// print(weather.main.temperature.formatted())   // "-2.3°C"
/// ```
///
/// Guarantees:
/// - **The API key** comes from `apiKey:` or, when that is `nil`, the `OPENWEATHERMAP_API_KEY`
///   environment variable. With neither, every method throws ``WeatherError/invalidRequest(message:)``
///   saying how to give one, and sends nothing. `apiKey: ""` deliberately sends no key (for a mock
///   server). The key never appears in an error's text, in ``description``, in a mirror or in a log
///   line: `appid` values are scrubbed from every message, and so is the key itself when it is at
///   least 8 characters long (shorter keys are placeholders, not secrets).
/// - **Requests** are GETs with query parameters in a fixed order (location, the endpoint's own
///   parameters such as `cnt`, `limit`, `dt` or `exclude`, then `units`, `lang`, `appid`); `units`
///   is always sent where the API takes it, so every model knows its units.
/// - **Bad input** (empty city, coordinate out of range, count out of range) throws
///   ``WeatherError/invalidRequest(message:)`` before any request.
/// - **Answers** map by HTTP status, then the body: 400 → `invalidRequest`, 401 → `unauthorized`,
///   404 → `cityNotFound`, 429 → `rateLimited` (with `Retry-After`), other statuses → `server`, a body
///   that does not decode → `decoding` with its JSON path. Each carries the server's own message.
public struct OpenWeatherClient: Sendable, CustomStringConvertible, CustomReflectable {
    /// `https://api.openweathermap.org`.
    public static let defaultBaseURL = URL(string: "https://api.openweathermap.org")!

    /// The server requests go to; paths such as `/data/2.5/weather` are appended to it.
    public let baseURL: URL
    /// `https://openweathermap.org`: the host of the icons, which is not the API's.
    public static let defaultIconBaseURL = URL(string: "https://openweathermap.org")!

    /// The server icons are fetched from (`/img/wn/{code}@2x.png` is appended).
    public let iconBaseURL: URL
    /// The units every weather request asks for.
    public let units: Units
    /// The `lang` sent with weather requests (e.g. `kr`), or `nil` to send none (English).
    public let language: String?
    /// How long one request may wait for its answer.
    public let timeout: Duration
    /// The transport requests go through.
    public let transport: any HTTPTransport

    let apiKey: APIKey
    private let logger: (@Sendable (String) -> Void)?

    /// A client.
    ///
    /// - Parameters:
    ///   - apiKey: The key; `nil` reads `OPENWEATHERMAP_API_KEY` from `environment`; `""` sends none.
    ///   - baseURL: The server, default ``defaultBaseURL``; a mock server's URL in tests.
    ///   - iconBaseURL: Where icons come from; `nil` means ``defaultIconBaseURL`` for the real API and
    ///     `baseURL` itself for any other server, so a client pointed at a mock loads icons from it too.
    ///   - units: Units for weather requests, default ``Units/metric``.
    ///   - language: `lang` for weather requests, e.g. `"kr"`; `nil` sends none.
    ///   - timeout: How long a request may wait for its answer, default 10 seconds.
    ///   - transport: How requests are sent, default ``URLSessionTransport/shared``.
    ///   - environment: Where a missing `apiKey` is looked up, default the process environment.
    ///   - logger: Receives one line per request, e.g.
    ///     `GET https://…/data/2.5/weather?q=Seoul&units=metric&appid=<redacted> → 200, 503 bytes`;
    ///     the key is never in it.
    public init(
        apiKey: String? = nil,
        baseURL: URL = OpenWeatherClient.defaultBaseURL,
        iconBaseURL: URL? = nil,
        units: Units = .metric,
        language: String? = nil,
        timeout: Duration = .seconds(10),
        transport: any HTTPTransport = URLSessionTransport.shared,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.apiKey = APIKey(argument: apiKey, environment: environment)
        self.baseURL = baseURL
        self.iconBaseURL =
            iconBaseURL ?? (baseURL.host == Self.defaultBaseURL.host ? Self.defaultIconBaseURL : baseURL)
        self.units = units
        self.language = language.flatMap { $0.isEmpty ? nil : $0 }
        self.timeout = timeout
        self.transport = transport
        self.logger = logger
    }

    /// Whether requests will carry a key (from the argument or the environment).
    public var hasAPIKey: Bool { apiKey.secret != nil }

    // MARK: Current weather

    /// The current weather for a city name such as `"Seoul"` or `"Seoul,KR"` (case-insensitive).
    /// - Throws: ``WeatherError``; an empty or blank name is `invalidRequest` before any request;
    ///   an unknown city is `cityNotFound` with the API's message.
    public func currentWeather(city: String) async throws(WeatherError) -> CurrentWeather {
        try await fetch(CurrentWeather.self, .currentWeather(try LocationQuery.city(city).validated()))
    }

    /// The current weather for an OpenWeatherMap city id (e.g. 1835848 for Seoul).
    /// - Throws: ``WeatherError``; a non-positive id is `invalidRequest` before any request.
    public func currentWeather(cityID: Int) async throws(WeatherError) -> CurrentWeather {
        try await fetch(CurrentWeather.self, .currentWeather(try LocationQuery.cityID(cityID).validated()))
    }

    /// The current weather for a zip or post code, optionally with an ISO 3166 country code
    /// (the API assumes `us` without one).
    /// - Throws: ``WeatherError``; an empty zip is `invalidRequest` before any request.
    public func currentWeather(zip: String, country: String? = nil) async throws(WeatherError) -> CurrentWeather {
        try await fetch(CurrentWeather.self, .currentWeather(try LocationQuery.zip(zip, country: country).validated()))
    }

    /// The current weather at a coordinate; the API answers with the nearest known place.
    /// - Throws: ``WeatherError``; a non-finite or out-of-range coordinate is `invalidRequest`
    ///   before any request.
    public func currentWeather(at coordinate: Coordinate) async throws(WeatherError) -> CurrentWeather {
        try await fetch(CurrentWeather.self, .currentWeather(try LocationQuery.coordinate(coordinate).validated()))
    }

    // MARK: Forecast

    /// The 5-day, 3-hour forecast for a city name; `count` (1...40) limits the number of steps.
    /// - Throws: ``WeatherError``; a blank name or a count outside 1...40 is `invalidRequest`.
    public func forecast(city: String, count: Int? = nil) async throws(WeatherError) -> Forecast {
        try await forecast(.city(city), count: count)
    }

    /// The 5-day, 3-hour forecast for a city id; `count` (1...40) limits the number of steps.
    /// - Throws: ``WeatherError``; a non-positive id or a count outside 1...40 is `invalidRequest`.
    public func forecast(cityID: Int, count: Int? = nil) async throws(WeatherError) -> Forecast {
        try await forecast(.cityID(cityID), count: count)
    }

    /// The 5-day, 3-hour forecast for a zip or post code, optionally with an ISO 3166 country code
    /// (the API assumes `us` without one); `count` (1...40) limits the number of steps.
    /// - Throws: ``WeatherError``; an empty zip or a count outside 1...40 is `invalidRequest`.
    public func forecast(zip: String, country: String? = nil, count: Int? = nil) async throws(WeatherError)
        -> Forecast
    {
        try await forecast(.zip(zip, country: country), count: count)
    }

    /// The 5-day, 3-hour forecast at a coordinate; `count` (1...40) limits the number of steps.
    /// - Throws: ``WeatherError``; an invalid coordinate or a count outside 1...40 is `invalidRequest`.
    public func forecast(at coordinate: Coordinate, count: Int? = nil) async throws(WeatherError) -> Forecast {
        try await forecast(.coordinate(coordinate), count: count)
    }

    // MARK: Geocoding

    /// Places matching a name (`GET /geo/1.0/direct`), best first; `[]` when nothing matches.
    /// - Parameter limit: At most this many places, 1...5 (the API's maximum).
    /// - Throws: ``WeatherError``; a blank name or a limit outside 1...5 is `invalidRequest`.
    public func geocode(city: String, limit: Int = 5) async throws(WeatherError) -> [GeocodedPlace] {
        let name = city.trimmingWhitespace
        guard !name.isEmpty else { throw .invalidRequest(message: "the city name is empty") }
        try Self.check(limit: limit)
        return try await fetch([GeocodedPlace].self, .directGeocoding(city: name, limit: limit))
    }

    /// Places near a coordinate (`GET /geo/1.0/reverse`), nearest first; `[]` when none.
    /// - Parameter limit: At most this many places, 1...5.
    /// - Throws: ``WeatherError``; an invalid coordinate or a limit outside 1...5 is `invalidRequest`.
    public func reverseGeocode(at coordinate: Coordinate, limit: Int = 5) async throws(WeatherError)
        -> [GeocodedPlace]
    {
        try LocationQuery.validate(coordinate)
        try Self.check(limit: limit)
        return try await fetch([GeocodedPlace].self, .reverseGeocoding(coordinate, limit: limit))
    }

    /// The place a zip or post code belongs to (`GET /geo/1.0/zip`): one place, not an array.
    /// - Parameters:
    ///   - zip: The code as the country writes it, e.g. `"04524"`.
    ///   - country: ISO 3166 country code, e.g. `"KR"`; the API assumes `us` without one.
    /// - Throws: ``WeatherError``; an empty zip is `invalidRequest` before any request; an unknown
    ///   zip is `cityNotFound` with the API's message.
    public func geocode(zip: String, country: String? = nil) async throws(WeatherError) -> ZipPlace {
        try await fetch(ZipPlace.self, .zipGeocoding(try LocationQuery.zip(zip, country: country).validated()))
    }

    // MARK: Description

    /// "OpenWeatherClient(https://api.openweathermap.org, metric, lang kr, key <redacted>)".
    public var description: String {
        let lang = language.map { ", lang \($0)" } ?? ""
        return "OpenWeatherClient(\(baseURL.absoluteString), \(units)\(lang), key \(apiKey))"
    }

    /// Shows the configuration, with the key redacted, to `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL, "iconBaseURL": iconBaseURL, "units": units, "language": language as Any,
                "timeout": timeout,
                "apiKey": apiKey.description,
            ]
        )
    }

    // MARK: Implementation

    private func forecast(_ location: LocationQuery, count: Int?) async throws(WeatherError) -> Forecast {
        if let count, !(1...40).contains(count) {
            throw .invalidRequest(message: "forecast count \(count) is outside 1...40")
        }
        return try await fetch(Forecast.self, .forecast(try location.validated(), count: count))
    }

    private static func check(limit: Int) throws(WeatherError) {
        guard (1...5).contains(limit) else {
            throw .invalidRequest(message: "geocoding limit \(limit) is outside 1...5")
        }
    }

    /// Sends `endpoint` and decodes its answer as `type` in the client's units.
    func fetch<Model: Decodable>(_ type: Model.Type, _ endpoint: Endpoint) async throws(WeatherError) -> Model {
        let response = try await send(endpoint)
        do {
            return try ResponseInterpreter(units: units, now: Date()).decode(type, from: response)
        } catch {
            throw Redaction(key: apiKey.secret).scrub(error)
        }
    }

    /// Sends `endpoint` and returns the answer, whatever its status; transport failures become
    /// ``WeatherError/transport(kind:message:)`` (or `cancelled`) with the key scrubbed.
    func send(_ endpoint: Endpoint) async throws(WeatherError) -> TransportResponse {
        let redaction = Redaction(key: apiKey.secret)
        let request = try makeRequest(endpoint)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            logger?("\(request) → failed: \(redaction.scrub(error.message))")
            if error.kind == .cancelled { throw .cancelled }
            throw redaction.scrub(.transport(kind: error.kind, message: error.message))
        }
        logger?("\(request) → \(response.status), \(response.body.count) bytes")
        return response
    }

    /// The request for `endpoint`, or `invalidRequest` when there is no key or the base URL is unusable.
    func makeRequest(_ endpoint: Endpoint) throws(WeatherError) -> TransportRequest {
        var endpoint = endpoint
        if endpoint.sendsUnits { endpoint.query.append(.init(name: "units", value: units.rawValue)) }
        if endpoint.sendsLanguage, let language { endpoint.query.append(.init(name: "lang", value: language)) }
        switch apiKey.resolution {
        case _ where endpoint.isIcon: break
        case .key(let key): endpoint.query.append(.init(name: "appid", value: key))
        case .omitted: break
        case .missing:
            throw .invalidRequest(
                message: "no API key: pass apiKey: to OpenWeatherClient or set \(APIKey.environmentVariable) "
                    + "(for a mock server that needs no key, pass apiKey: \"\")"
            )
        }
        let baseURL = endpoint.isIcon ? iconBaseURL : baseURL
        let url: URL
        do {
            url = try RequestURL.join(
                baseURL, endpoint.pathAndQuery, path: endpoint.path,
                which: endpoint.isIcon ? "icon base URL" : "base URL")
        } catch {
            throw .invalidRequest(message: error.message)
        }
        let accept = endpoint.isIcon ? "image/png" : "application/json"
        return TransportRequest(url: url, headers: ["Accept": accept], timeout: timeout)
    }
}
