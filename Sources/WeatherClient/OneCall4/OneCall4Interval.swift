public import Foundation

/// One step of the 15-minute or the hourly timeline (`timeline/15min`, `timeline/1h`): the two share
/// one record shape.
///
/// Temperatures carry the units the request asked for and wind speeds are in their
/// ``Units/speedUnit``. `pop` is sent only for forecast steps: an hour in the past has none, so
/// ``precipitationProbability`` is `nil` there, not 0. `visibility` and `wind_gust` are sometimes
/// left out (the 15-minute timeline documents a gust but the live API sends none).
public struct OneCall4Interval: OneCall4Record {
    /// The start of the step (`dt`, Unix seconds).
    public var time: Date
    /// The temperature (`temp`).
    public var temperature: Temperature
    /// The perceived temperature (`feels_like`).
    public var feelsLike: Temperature
    /// Atmospheric pressure at sea level in hPa (`pressure`); may be fractional (1014.25).
    public var pressure: Double
    /// Relative humidity in percent (`humidity`).
    public var humidity: Int
    /// The dew point (`dew_point`).
    public var dewPoint: Temperature
    /// The UV index (`uvi`).
    public var uvIndex: Double
    /// Cloud cover in percent (`clouds`).
    public var cloudCover: Int
    /// Visibility in metres (`visibility`, at most 10 000), when sent.
    public var visibility: Int?
    /// Wind from the flat `wind_speed`, `wind_deg` and `wind_gust` fields; the gust may be `nil`.
    public var wind: Wind
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Probability of precipitation, 0...1 (`pop`); `nil` for a step in the past, which has none.
    public var precipitationProbability: Double?
    /// Rain in mm/h (`rain.1h`), present only when it rains.
    public var rain: Precipitation?
    /// Snow in mm/h (`snow.1h`), present only when it snows.
    public var snow: Precipitation?
    /// The alerts in force (`alerts`); empty when none.
    public var alertIDs: [String]

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    /// Decodes one `data` element; temperatures take their unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: OneCallField.self)
        time = try container.decodeUnixTime(forKey: .time)
        (temperature, feelsLike, pressure, humidity, dewPoint) = try container.decodeAir(in: unit)
        uvIndex = try container.decode(Double.self, forKey: .uvIndex)
        (cloudCover, visibility, wind, conditions) = try container.decodeSky()
        precipitationProbability = try container.decodeIfPresent(Double.self, forKey: .precipitationProbability)
        rain = try container.decodeIfPresent(Precipitation.self, forKey: .rain)
        snow = try container.decodeIfPresent(Precipitation.self, forKey: .snow)
        alertIDs = try container.decodeAlertIDs(forKey: .alertIDs)
    }
}
