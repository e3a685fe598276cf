import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What went wrong asking for the weather.
public enum WeatherAPIError: Error, Equatable, Sendable {
    /// The API answered with an error status and its own message.
    case server(status: Int, message: String)
    /// The answer was not the JSON the app expects.
    case unreadable
}

/// The app's weather client, written the way tutorial weather apps write it: a URL built from
/// `/data/2.5/weather?lat=…&lon=…&appid=…`, one `URLSession` call, `JSONDecoder`.
public struct WeatherAPI: Sendable {
    /// Where the API is; tests point it at a mock (see ``fromEnvironment(_:)``).
    public var baseURL: URL
    /// The OpenWeatherMap key.
    public var apiKey: String
    /// The session requests go through; a test can hand in one that replays cassettes.
    public var session: URLSession

    /// A client for `baseURL` (the live API by default).
    public init(
        baseURL: URL = URL(string: "https://api.openweathermap.org")!, apiKey: String, session: URLSession = .shared
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.session = session
    }

    /// The live API, unless the process was launched with `WEATHER_API_BASE_URL` (as a UI test does
    /// through `XCUIApplication.launchEnvironment`, pointing the app at a mock on the host).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> WeatherAPI
    {
        let override = environment["WEATHER_API_BASE_URL"].flatMap(URL.init(string:))
        return WeatherAPI(
            baseURL: override ?? URL(string: "https://api.openweathermap.org")!,
            apiKey: environment["WEATHER_API_KEY"] ?? "")
    }

    /// The weather at a coordinate, in °C.
    public func currentWeather(latitude: Double, longitude: Double) async throws -> CurrentConditions {
        try await get([
            URLQueryItem(name: "lat", value: String(latitude)), URLQueryItem(name: "lon", value: String(longitude)),
        ])
    }

    /// The weather in a city, in °C.
    public func currentWeather(city: String) async throws -> CurrentConditions {
        try await get([URLQueryItem(name: "q", value: city)])
    }

    private func get(_ items: [URLQueryItem]) async throws -> CurrentConditions {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("data/2.5/weather"), resolvingAgainstBaseURL: false)!
        components.queryItems =
            items + [URLQueryItem(name: "units", value: "metric"), URLQueryItem(name: "appid", value: apiKey)]
        let (data, response) = try await session.data(from: components.url!)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.message ?? "HTTP \(status)"
            throw WeatherAPIError.server(status: status, message: message)
        }
        do {
            return try JSONDecoder().decode(CurrentConditions.self, from: data)
        } catch {
            throw WeatherAPIError.unreadable
        }
    }
}
