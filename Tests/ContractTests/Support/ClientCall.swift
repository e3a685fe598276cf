import Foundation
import WeatherClient

/// The client call that makes the request an interaction answers, chosen from the request pattern the
/// way an app would make it: `q` → by city name, `id` → by city id, `zip` → by zip, `lat`/`lon` or `near`
/// → by coordinate; `/forecast` and `/geo/1.0/...` likewise.
enum ClientCall: Sendable, CustomStringConvertible {
    case currentWeather(Place)
    case forecast(Place)
    case geocode(city: String)
    case reverseGeocode(Coordinate)

    enum Place: Sendable, CustomStringConvertible {
        case city(String)
        case cityID(Int)
        case zip(String, country: String?)
        case coordinate(Coordinate)

        var description: String {
            switch self {
            case .city(let name): "city: \"\(name)\""
            case .cityID(let id): "cityID: \(id)"
            case .zip(let zip, let country): "zip: \"\(zip)\"" + (country.map { ", country: \"\($0)\"" } ?? "")
            case .coordinate(let coordinate): "at: \(coordinate)"
            }
        }
    }

    /// The call for `pattern`, or `nil` when the path is not one the client speaks.
    init?(for pattern: RequestPattern) {
        switch pattern.path {
        case "/data/2.5/weather": self = .currentWeather(Self.place(for: pattern))
        case "/data/2.5/forecast": self = .forecast(Self.place(for: pattern))
        case "/geo/1.0/direct": self = .geocode(city: pattern.literal("q") ?? "Seoul")
        case "/geo/1.0/reverse": self = .reverseGeocode(Self.coordinate(for: pattern) ?? Self.anywhere)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .currentWeather(let place): "currentWeather(\(place))"
        case .forecast(let place): "forecast(\(place))"
        case .geocode(let city): "geocode(city: \"\(city)\")"
        case .reverseGeocode(let coordinate): "reverseGeocode(at: \(coordinate))"
        }
    }

    /// A valid coordinate for patterns that name no usable one; the shaping transport then writes what
    /// the pattern demands (such as the out-of-range `lat=100` that the client itself refuses to send).
    private static let anywhere = Coordinate(latitude: 37.5683, longitude: 126.9778)

    private static func place(for pattern: RequestPattern) -> Place {
        if let city = pattern.literal("q") { return .city(city) }
        if let id = pattern.literal("id").flatMap(Int.init) { return .cityID(id) }
        if let zip = pattern.literal("zip") {
            let parts = zip.split(separator: ",", maxSplits: 1).map(String.init)
            return .zip(parts[0], country: parts.count > 1 ? parts[1] : nil)
        }
        return .coordinate(coordinate(for: pattern) ?? anywhere)
    }

    private static func coordinate(for pattern: RequestPattern) -> Coordinate? {
        if let near = pattern.near { return Coordinate(latitude: near.latitude, longitude: near.longitude) }
        if let lat = pattern.literal("lat").flatMap(Double.init), let lon = pattern.literal("lon").flatMap(Double.init)
        {
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            if coordinate.isValid { return coordinate }
        }
        return nil
    }

    /// What the client made of the answer.
    enum Outcome: Sendable {
        case decoded(name: String, celsius: Double?, celsiusField: String?)
        case failed(WeatherError)
    }

    /// Makes the call and reports the decoded name and temperature, or the error.
    func perform(with client: OpenWeatherClient) async -> Outcome {
        do {
            switch self {
            case .currentWeather(let place):
                let weather = try await Self.currentWeather(at: place, client: client)
                return .decoded(
                    name: weather.name, celsius: weather.main.temperature.celsius, celsiusField: "main.temp")
            case .forecast(let place):
                let forecast = try await Self.forecast(at: place, client: client)
                return .decoded(
                    name: forecast.city.name,
                    celsius: forecast.items.first?.main.temperature.celsius,
                    celsiusField: "list[0].main.temp"
                )
            case .geocode(let city):
                let places = try await client.geocode(city: city)
                return .decoded(name: places.first?.name ?? "(no place)", celsius: nil, celsiusField: nil)
            case .reverseGeocode(let coordinate):
                let places = try await client.reverseGeocode(at: coordinate)
                return .decoded(name: places.first?.name ?? "(no place)", celsius: nil, celsiusField: nil)
            }
        } catch {
            return .failed(error)
        }
    }

    private static func currentWeather(at place: Place, client: OpenWeatherClient) async throws(WeatherError)
        -> CurrentWeather
    {
        switch place {
        case .city(let name): try await client.currentWeather(city: name)
        case .cityID(let id): try await client.currentWeather(cityID: id)
        case .zip(let zip, let country): try await client.currentWeather(zip: zip, country: country)
        case .coordinate(let coordinate): try await client.currentWeather(at: coordinate)
        }
    }

    private static func forecast(at place: Place, client: OpenWeatherClient) async throws(WeatherError) -> Forecast {
        switch place {
        case .city(let name): try await client.forecast(city: name)
        case .cityID(let id): try await client.forecast(cityID: id)
        case .zip:
            throw .invalidRequest(message: "the client has no forecast-by-zip call; the contract suite cannot check it")
        case .coordinate(let coordinate): try await client.forecast(at: coordinate)
        }
    }
}
