public import Foundation

/// The weather now: the one record of `GET /data/4.0/onecall/current`.
///
/// Temperatures carry the units the request asked for and wind speeds are in their
/// ``Units/speedUnit``. Fields the API leaves out at times are optional: `sunrise` and `sunset` (polar
/// day and night), `visibility`, `wind_gust`, `rain` and `snow` (only when it rains or snows).
public struct OneCall4Current: OneCall4Record {
    /// The time the values are for (`dt`, Unix seconds).
    public var time: Date
    /// Sunrise that day (`sunrise`); `nil` where the sun does not rise (the key is left out).
    public var sunrise: Date?
    /// Sunset that day (`sunset`), as ``sunrise``.
    public var sunset: Date?
    /// The temperature (`temp`).
    public var temperature: Temperature
    /// The perceived temperature (`feels_like`).
    public var feelsLike: Temperature
    /// Atmospheric pressure at sea level in hPa (`pressure`); may be fractional.
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
    /// Wind from the flat `wind_speed`, `wind_deg` and `wind_gust` fields.
    public var wind: Wind
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Rain in mm/h (`rain.1h`), present only when it rains.
    public var rain: Precipitation?
    /// Snow in mm/h (`snow.1h`), present only when it snows.
    public var snow: Precipitation?
    /// The alerts in force (`alerts`); empty when none.
    public var alertIDs: [String]

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    /// Decodes `data[0]`; temperatures take their unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: OneCallField.self)
        time = try container.decodeUnixTime(forKey: .time)
        sunrise = try container.decodeEventTimeIfPresent(forKey: .sunrise)
        sunset = try container.decodeEventTimeIfPresent(forKey: .sunset)
        (temperature, feelsLike, pressure, humidity, dewPoint) = try container.decodeAir(in: unit)
        uvIndex = try container.decode(Double.self, forKey: .uvIndex)
        (cloudCover, visibility, wind, conditions) = try container.decodeSky()
        rain = try container.decodeIfPresent(Precipitation.self, forKey: .rain)
        snow = try container.decodeIfPresent(Precipitation.self, forKey: .snow)
        alertIDs = try container.decodeAlertIDs(forKey: .alertIDs)
    }
}
