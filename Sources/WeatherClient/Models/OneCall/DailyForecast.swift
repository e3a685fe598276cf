public import Foundation

/// One day of One Call's `daily` block (today first, 8 days).
///
/// Temperatures carry the units the response was requested in and wind speeds are in their
/// ``Units/speedUnit``. Unlike the hourly and current blocks, `rain` and `snow` here are bare
/// numbers: the day's volume in millimetres.
public struct DailyForecast: Sendable, Hashable, Decodable {
    /// Noon of the day forecast for, local time (`dt`, Unix seconds).
    public var time: Date
    /// Sunrise (`sunrise`); `nil` where the sun does not rise that day (the API sends 0 or nothing).
    public var sunrise: Date?
    /// Sunset (`sunset`), as ``sunrise``.
    public var sunset: Date?
    /// Moonrise (`moonrise`); `nil` on a day the moon does not rise (the API sends 0).
    public var moonrise: Date?
    /// Moonset (`moonset`), as ``moonrise``.
    public var moonset: Date?
    /// The moon's phase (`moon_phase`): 0 and 1 new moon, 0.25 first quarter, 0.5 full, 0.75 last quarter.
    public var moonPhase: Double
    /// A sentence describing the day (`summary`), when sent.
    public var summary: String?
    /// Temperatures through the day (`temp`).
    public var temperatures: DailyTemperatures
    /// Perceived temperatures through the day (`feels_like`).
    public var feelsLike: DailyFeelsLike
    /// Atmospheric pressure at sea level in hPa (`pressure`).
    public var pressure: Double
    /// Relative humidity in percent (`humidity`).
    public var humidity: Int
    /// The dew point (`dew_point`).
    public var dewPoint: Temperature
    /// Wind from the flat `wind_speed`, `wind_deg` and `wind_gust` fields.
    public var wind: Wind
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Cloud cover in percent (`clouds`).
    public var cloudCover: Int
    /// Probability of precipitation, 0...1 (`pop`).
    public var precipitationProbability: Double
    /// Rain volume in mm (`rain`), when it rains.
    public var rain: Double?
    /// Snow volume in mm (`snow`), when it snows.
    public var snow: Double?
    /// The day's maximum UV index (`uvi`).
    public var uvIndex: Double

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    /// Decodes one `daily` element; temperatures take their unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: OneCallField.self)
        (time, sunrise, sunset, moonrise, moonset, moonPhase) = try container.decodeDay()
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        temperatures = try container.decode(DailyTemperatures.self, forKey: .temperature)
        feelsLike = try container.decode(DailyFeelsLike.self, forKey: .feelsLike)
        pressure = try container.decode(Double.self, forKey: .pressure)
        humidity = try container.decode(Int.self, forKey: .humidity)
        dewPoint = try container.decodeTemperature(forKey: .dewPoint, in: unit)
        wind = try container.decodeFlatWind(speed: .windSpeed, direction: .windDirection, gust: .windGust)
        conditions = try container.decode([WeatherCondition].self, forKey: .conditions)
        cloudCover = try container.decode(Int.self, forKey: .cloudCover)
        precipitationProbability = try container.decode(Double.self, forKey: .precipitationProbability)
        rain = try container.decodeIfPresent(Double.self, forKey: .rain)
        snow = try container.decodeIfPresent(Double.self, forKey: .snow)
        uvIndex = try container.decode(Double.self, forKey: .uvIndex)
    }
}

/// A day's temperatures (`daily[].temp`): the minimum and maximum, and the value at four times of day.
public struct DailyTemperatures: Sendable, Hashable, Decodable {
    /// Midday (`day`).
    public var day: Temperature
    /// The day's minimum (`min`).
    public var minimum: Temperature
    /// The day's maximum (`max`).
    public var maximum: Temperature
    /// Night (`night`).
    public var night: Temperature
    /// Evening (`eve`).
    public var evening: Temperature
    /// Morning (`morn`).
    public var morning: Temperature

    /// Decodes `temp`; every value takes its unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        (day, night, evening, morning) = try DayPart.timesOfDay(from: decoder)
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: DayPart.self)
        minimum = try container.decodeTemperature(forKey: .minimum, in: unit)
        maximum = try container.decodeTemperature(forKey: .maximum, in: unit)
    }
}

/// A day's perceived temperatures (`daily[].feels_like`) at four times of day.
public struct DailyFeelsLike: Sendable, Hashable, Decodable {
    /// Midday (`day`).
    public var day: Temperature
    /// Night (`night`).
    public var night: Temperature
    /// Evening (`eve`).
    public var evening: Temperature
    /// Morning (`morn`).
    public var morning: Temperature

    /// Decodes `feels_like`; every value takes its unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        (day, night, evening, morning) = try DayPart.timesOfDay(from: decoder)
    }
}

/// The keys of a day's temperatures (`temp`) and perceived temperatures (`feels_like`), which spell
/// the times of day alike.
private enum DayPart: String, CodingKey {
    case day, night
    case evening = "eve"
    case morning = "morn"
    case minimum = "min"
    case maximum = "max"

    /// `day`, `night`, `eve` and `morn` of the object `decoder` reads, in the units the response was
    /// requested in.
    static func timesOfDay(
        from decoder: any Decoder
    ) throws -> (day: Temperature, night: Temperature, evening: Temperature, morning: Temperature) {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: DayPart.self)
        return (
            try container.decodeTemperature(forKey: .day, in: unit),
            try container.decodeTemperature(forKey: .night, in: unit),
            try container.decodeTemperature(forKey: .evening, in: unit),
            try container.decodeTemperature(forKey: .morning, in: unit)
        )
    }
}
