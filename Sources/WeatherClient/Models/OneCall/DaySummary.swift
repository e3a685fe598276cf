/// Aggregated weather for one day at one coordinate: the body of `GET /data/3.0/onecall/day_summary`.
///
/// Its numbers are in the units the body states (`units`, which the API sets to the request's).
public struct DaySummary: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`lat`, `lon`).
    public var coordinate: Coordinate
    /// The offset the day was taken in (`tz`), e.g. `+09:00`.
    public var utcOffset: UTCOffset
    /// The day (`date`).
    public var date: CalendarDate
    /// The units the values are in (`units`).
    public var units: Units
    /// Cloud cover in the afternoon, percent (`cloud_cover.afternoon`).
    public var afternoonCloudCover: Double
    /// Relative humidity in the afternoon, percent (`humidity.afternoon`).
    public var afternoonHumidity: Double
    /// Total precipitation over the day, mm (`precipitation.total`).
    public var totalPrecipitation: Double
    /// Atmospheric pressure in the afternoon, hPa (`pressure.afternoon`).
    public var afternoonPressure: Double
    /// Temperatures through the day (`temperature`).
    public var temperatures: DaySummaryTemperatures
    /// The day's strongest wind (`wind.max`): its speed and the direction it came from.
    public var maximumWind: Wind

    private enum CodingKeys: String, CodingKey {
        case cloudCover = "cloud_cover"
        case humidity, precipitation, pressure
        case temperatures = "temperature"
        case wind
    }

    private enum PartKeys: String, CodingKey {
        case afternoon, total, max
    }

    private enum WindKeys: String, CodingKey {
        case speed, direction
    }

    /// Decodes a response body; temperatures and the wind speed take the body's own `units`.
    public init(from decoder: any Decoder) throws {
        (coordinate, utcOffset, date, units) = try DayAnswerHeader.decode(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func part(_ key: CodingKeys, _ part: PartKeys) throws -> Double {
            try container.nestedContainer(keyedBy: PartKeys.self, forKey: key).decode(Double.self, forKey: part)
        }
        afternoonCloudCover = try part(.cloudCover, .afternoon)
        afternoonHumidity = try part(.humidity, .afternoon)
        totalPrecipitation = try part(.precipitation, .total)
        afternoonPressure = try part(.pressure, .afternoon)
        temperatures = try DaySummaryTemperatures(
            from: container.nestedContainer(keyedBy: DaySummaryTemperatures.CodingKeys.self, forKey: .temperatures),
            unit: units.temperatureUnit
        )
        let wind = try container.nestedContainer(keyedBy: PartKeys.self, forKey: .wind)
            .nestedContainer(keyedBy: WindKeys.self, forKey: .max)
        maximumWind = Wind(
            speed: try wind.decode(Double.self, forKey: .speed),
            direction: try wind.decodeIfPresent(Double.self, forKey: .direction)
        )
    }
}

/// A day summary's temperatures (`temperature`): the minimum and maximum, and the value at four
/// times of day.
public struct DaySummaryTemperatures: Sendable, Hashable {
    /// The day's minimum (`min`).
    public var minimum: Temperature
    /// The day's maximum (`max`).
    public var maximum: Temperature
    /// 12:00 (`afternoon`).
    public var afternoon: Temperature
    /// 00:00 (`night`).
    public var night: Temperature
    /// 18:00 (`evening`).
    public var evening: Temperature
    /// 06:00 (`morning`).
    public var morning: Temperature

    enum CodingKeys: String, CodingKey {
        case minimum = "min"
        case maximum = "max"
        case afternoon, night, evening, morning
    }

    init(from container: KeyedDecodingContainer<CodingKeys>, unit: TemperatureUnit) throws {
        minimum = try container.decodeTemperature(forKey: .minimum, in: unit)
        maximum = try container.decodeTemperature(forKey: .maximum, in: unit)
        afternoon = try container.decodeTemperature(forKey: .afternoon, in: unit)
        night = try container.decodeTemperature(forKey: .night, in: unit)
        evening = try container.decodeTemperature(forKey: .evening, in: unit)
        morning = try container.decodeTemperature(forKey: .morning, in: unit)
    }
}
