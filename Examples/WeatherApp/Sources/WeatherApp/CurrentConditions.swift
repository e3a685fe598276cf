import Foundation

/// The part of OpenWeatherMap's current-weather answer this app shows.
public struct CurrentConditions: Decodable, Sendable, Equatable {
    /// The place name, e.g. `Seoul`.
    public var name: String
    /// Temperature and humidity.
    public var main: Main
    /// The conditions, first one most significant.
    public var weather: [Condition]

    /// `main` of the answer.
    public struct Main: Decodable, Sendable, Equatable {
        /// In the units asked for (°C for `metric`).
        public var temp: Double
        /// Percent.
        public var humidity: Int?
    }

    /// One entry of `weather`.
    public struct Condition: Decodable, Sendable, Equatable {
        /// `Clouds`, `Rain`, ...
        public var main: String
        /// `overcast clouds`, ...
        public var description: String
    }
}

/// The API's error body, `{"cod": "404", "message": "city not found"}`.
struct ErrorBody: Decodable {
    var message: String
}
