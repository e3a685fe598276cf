public import Foundation

/// One day of the daily timeline (`GET /data/4.0/onecall/timeline/1day`).
///
/// Temperatures carry the units the request asked for and wind speeds are in their
/// ``Units/speedUnit``. Where the live API and the documentation disagree, both decode: `rain` and
/// `snow` are the day's totals as plain numbers (not `{"1h": …}` objects); `moonrise`/`moonset` of 0
/// (no moonrise that day) are `nil`; `pop` is left out on days in the past; `dew_point` and
/// `wind_gust` are documented but the live API leaves them out.
public struct OneCall4Day: OneCall4Record {
    /// The day (`dt`, Unix seconds): 00:00 UTC of the day in live answers, local noon in the
    /// documentation's example.
    public var time: Date
    /// Sunrise (`sunrise`); `nil` where the sun does not rise that day (0 or left out).
    public var sunrise: Date?
    /// Sunset (`sunset`), as ``sunrise``.
    public var sunset: Date?
    /// Moonrise (`moonrise`); `nil` on a day the moon does not rise (the API sends 0).
    public var moonrise: Date?
    /// Moonset (`moonset`), as ``moonrise``.
    public var moonset: Date?
    /// The moon's phase (`moon_phase`): 0 and 1 new moon, 0.25 first quarter, 0.5 full, 0.75 last quarter.
    public var moonPhase: Double
    /// Temperatures through the day (`temp`).
    public var temperatures: DailyTemperatures
    /// Perceived temperatures through the day (`feels_like`).
    public var feelsLike: DailyFeelsLike
    /// Atmospheric pressure at sea level in hPa (`pressure`); may be fractional (1015.44).
    public var pressure: Double
    /// Relative humidity in percent (`humidity`).
    public var humidity: Int
    /// The dew point (`dew_point`), when sent (documented; the live API leaves it out).
    public var dewPoint: Temperature?
    /// Wind from the flat `wind_speed`, `wind_deg` and `wind_gust` fields; the gust may be `nil`.
    public var wind: Wind
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Cloud cover in percent (`clouds`).
    public var cloudCover: Int
    /// Probability of precipitation, 0...1 (`pop`); `nil` for a day in the past, which has none.
    public var precipitationProbability: Double?
    /// The day's rain in mm (`rain`, a number), when it rains.
    public var rain: Double?
    /// The day's snow in mm (`snow`, a number), when it snows.
    public var snow: Double?
    /// The day's maximum UV index (`uvi`).
    public var uvIndex: Double
    /// The alerts in force (`alerts`); empty when none.
    public var alertIDs: [String]

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    /// Decodes one `data` element; temperatures take their unit from the decoder's requested units.
    /// A `rain` or `snow` object (the documentation's `{"1h": …}`) fails with its JSON path: the live
    /// API sends the day's total as a number, and reading an hourly rate as a daily total would be a
    /// silent wrong answer.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: OneCallField.self)
        (time, sunrise, sunset, moonrise, moonset, moonPhase) = try container.decodeDay()
        temperatures = try container.decode(DailyTemperatures.self, forKey: .temperature)
        feelsLike = try container.decode(DailyFeelsLike.self, forKey: .feelsLike)
        pressure = try container.decode(Double.self, forKey: .pressure)
        humidity = try container.decode(Int.self, forKey: .humidity)
        dewPoint = try container.decodeTemperatureIfPresent(forKey: .dewPoint, in: unit)
        wind = try container.decodeFlatWind(speed: .windSpeed, direction: .windDirection, gust: .windGust)
        conditions = try container.decode([WeatherCondition].self, forKey: .conditions)
        cloudCover = try container.decode(Int.self, forKey: .cloudCover)
        precipitationProbability = try container.decodeIfPresent(Double.self, forKey: .precipitationProbability)
        rain = try container.decodeIfPresent(Double.self, forKey: .rain)
        snow = try container.decodeIfPresent(Double.self, forKey: .snow)
        uvIndex = try container.decode(Double.self, forKey: .uvIndex)
        alertIDs = try container.decodeAlertIDs(forKey: .alertIDs)
    }
}
