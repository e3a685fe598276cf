internal import Foundation

/// The fields of One Call's weather records, named once for both versions: 3.0's `current`,
/// `hourly[]`, `daily[]` and time-machine `data[]`, and 4.0's `current` and timeline `data[]`. The
/// versions spell every field alike, so ``WeatherSnapshot``, ``DailyForecast``, ``OneCall4Current``,
/// ``OneCall4Interval`` and ``OneCall4Day`` read them with these keys and, where they read a group
/// of fields alike, with one of the readers below.
enum OneCallField: String, CodingKey {
    case time = "dt"
    case sunrise, sunset, moonrise, moonset
    case moonPhase = "moon_phase"
    case summary
    case temperature = "temp"
    case feelsLike = "feels_like"
    case pressure, humidity
    case dewPoint = "dew_point"
    case uvIndex = "uvi"
    case cloudCover = "clouds"
    case visibility
    case windSpeed = "wind_speed"
    case windDirection = "wind_deg"
    case windGust = "wind_gust"
    case conditions = "weather"
    case precipitationProbability = "pop"
    case rain, snow
    case alertIDs = "alerts"
}

extension KeyedDecodingContainer<OneCallField> {
    /// The air of a record of one instant, every field required: `temp` and `feels_like` in `unit`,
    /// `pressure` (hPa), `humidity` (percent) and `dew_point` in `unit`.
    func decodeAir(
        in unit: TemperatureUnit
    ) throws -> (
        temperature: Temperature, feelsLike: Temperature, pressure: Double, humidity: Int, dewPoint: Temperature
    ) {
        (
            try decodeTemperature(forKey: .temperature, in: unit), try decodeTemperature(forKey: .feelsLike, in: unit),
            try decode(Double.self, forKey: .pressure), try decode(Int.self, forKey: .humidity),
            try decodeTemperature(forKey: .dewPoint, in: unit)
        )
    }

    /// The sky of a record of one instant: `clouds` (percent), `visibility` (metres) when sent, the
    /// flat wind fields and `weather`.
    func decodeSky() throws -> (cloudCover: Int, visibility: Int?, wind: Wind, conditions: [WeatherCondition]) {
        (
            try decode(Int.self, forKey: .cloudCover), try decodeIfPresent(Int.self, forKey: .visibility),
            try decodeFlatWind(speed: .windSpeed, direction: .windDirection, gust: .windGust),
            try decode([WeatherCondition].self, forKey: .conditions)
        )
    }

    /// A day record's day (`dt`) and its sun and moon: `sunrise`, `sunset`, `moonrise` and `moonset`
    /// (each `nil` for a day without it: 0 or left out) and `moon_phase`.
    func decodeDay() throws -> (
        time: Date, sunrise: Date?, sunset: Date?, moonrise: Date?, moonset: Date?, moonPhase: Double
    ) {
        (
            try decodeUnixTime(forKey: .time), try decodeEventTimeIfPresent(forKey: .sunrise),
            try decodeEventTimeIfPresent(forKey: .sunset), try decodeEventTimeIfPresent(forKey: .moonrise),
            try decodeEventTimeIfPresent(forKey: .moonset), try decode(Double.self, forKey: .moonPhase)
        )
    }
}
