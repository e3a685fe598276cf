public import Foundation

/// The weather at one point at one moment, as One Call reports it: its `current` block, one element
/// of `hourly`, or one element of a time-machine answer's `data`.
///
/// Temperatures carry the units the response was requested in and wind speeds are in their
/// ``Units/speedUnit``. Fields only some of those blocks carry (`sunrise`/`sunset` in `current` and
/// time-machine data, `pop` in `hourly`) and fields the API leaves out at times (`uvi` and
/// `visibility` in old archive data, `wind_gust`, `rain`, `snow`) are optional.
public struct WeatherSnapshot: Sendable, Hashable, Decodable {
    /// The time the values are for (`dt`, Unix seconds).
    public var time: Date
    /// Sunrise that day (`sunrise`), in `current` and time-machine data; absent in `hourly` and
    /// where the sun does not rise.
    public var sunrise: Date?
    /// Sunset that day (`sunset`), as ``sunrise``.
    public var sunset: Date?
    /// The temperature (`temp`).
    public var temperature: Temperature
    /// The perceived temperature (`feels_like`).
    public var feelsLike: Temperature
    /// Atmospheric pressure at sea level in hPa (`pressure`).
    public var pressure: Double
    /// Relative humidity in percent (`humidity`).
    public var humidity: Int
    /// The dew point (`dew_point`), in the same units as ``temperature``.
    public var dewPoint: Temperature
    /// The UV index (`uvi`), when sent.
    public var uvIndex: Double?
    /// Cloud cover in percent (`clouds`: a bare number here, not the `{"all"}` object of 2.5).
    public var cloudCover: Int
    /// Visibility in metres (`visibility`; at most 10 000), when sent.
    public var visibility: Int?
    /// Wind from the flat `wind_speed`, `wind_deg` and `wind_gust` fields.
    public var wind: Wind
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Probability of precipitation, 0...1 (`pop`): `hourly` elements only.
    public var precipitationProbability: Double?
    /// Rain in mm/h (`rain.1h`), present only when it rains.
    public var rain: Precipitation?
    /// Snow in mm/h (`snow.1h`), present only when it snows.
    public var snow: Precipitation?

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    /// Decodes one snapshot; temperatures take their unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: OneCallField.self)
        time = try container.decodeUnixTime(forKey: .time)
        sunrise = try container.decodeUnixTimeIfPresent(forKey: .sunrise)
        sunset = try container.decodeUnixTimeIfPresent(forKey: .sunset)
        (temperature, feelsLike, pressure, humidity, dewPoint) = try container.decodeAir(in: unit)
        uvIndex = try container.decodeIfPresent(Double.self, forKey: .uvIndex)
        (cloudCover, visibility, wind, conditions) = try container.decodeSky()
        precipitationProbability = try container.decodeIfPresent(Double.self, forKey: .precipitationProbability)
        rain = try container.decodeIfPresent(Precipitation.self, forKey: .rain)
        snow = try container.decodeIfPresent(Precipitation.self, forKey: .snow)
    }
}
