/// The API's `main` object: temperatures, pressure and humidity.
///
/// Temperatures carry the units the response was requested in. Integer literals (`"temp":27`)
/// decode like any other number.
public struct Readings: Sendable, Hashable, Decodable {
    /// The temperature (`temp`).
    public var temperature: Temperature
    /// The perceived temperature (`feels_like`); absent in legacy responses.
    public var feelsLike: Temperature?
    /// The lowest temperature currently observed in the area (`temp_min`).
    public var temperatureMin: Temperature
    /// The highest temperature currently observed in the area (`temp_max`).
    public var temperatureMax: Temperature
    /// Atmospheric pressure at sea level in hPa (`pressure`).
    public var pressure: Double
    /// Relative humidity in percent (`humidity`).
    public var humidity: Int
    /// Pressure at sea level in hPa (`sea_level`), when sent.
    public var seaLevelPressure: Double?
    /// Pressure at ground level in hPa (`grnd_level`), when sent.
    public var groundLevelPressure: Double?
    /// Forecast items only: the API's internal correction (`temp_kf`), in the temperature's units.
    public var temperatureCorrection: Double?

    private enum CodingKeys: String, CodingKey {
        case temperature = "temp"
        case feelsLike = "feels_like"
        case temperatureMin = "temp_min"
        case temperatureMax = "temp_max"
        case pressure, humidity
        case seaLevelPressure = "sea_level"
        case groundLevelPressure = "grnd_level"
        case temperatureCorrection = "temp_kf"
    }

    /// Decodes `main`; temperatures take their unit from the decoder's requested units.
    public init(from decoder: any Decoder) throws {
        let unit = decoder.requestedUnits.temperatureUnit
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temperature = try container.decodeTemperature(forKey: .temperature, in: unit)
        feelsLike = try container.decodeTemperatureIfPresent(forKey: .feelsLike, in: unit)
        temperatureMin = try container.decodeTemperature(forKey: .temperatureMin, in: unit)
        temperatureMax = try container.decodeTemperature(forKey: .temperatureMax, in: unit)
        pressure = try container.decode(Double.self, forKey: .pressure)
        humidity = try container.decode(Int.self, forKey: .humidity)
        seaLevelPressure = try container.decodeIfPresent(Double.self, forKey: .seaLevelPressure)
        groundLevelPressure = try container.decodeIfPresent(Double.self, forKey: .groundLevelPressure)
        temperatureCorrection = try container.decodeIfPresent(Double.self, forKey: .temperatureCorrection)
    }
}
