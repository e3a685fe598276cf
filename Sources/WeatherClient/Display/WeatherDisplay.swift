public import Foundation

/// The text a weather screen shows for a ``CurrentWeather``, ready to put in labels.
///
/// Temperatures are shown in °C for `metric` and `standard` responses (nobody reads kelvin on a
/// screen) and °F for `imperial`, rounded half away from zero and never "-0°". Wind is m/s, or
/// mph for imperial. A response without wind shows "--" for it rather than inventing a calm.
public struct WeatherDisplay: Sendable, Hashable {
    /// The place name: the one passed in (e.g. "Seoul" for the default location), else the
    /// response's name, else the coordinate when the API sent no name.
    public var placeName: String
    /// "26.9°C": one decimal and the unit.
    public var temperature: String
    /// "27°": whole degrees, as the big number on a weather screen.
    public var temperatureWhole: String
    /// Perceived temperature in whole degrees, "27°", when the response has one.
    public var feelsLike: String?
    /// Today's high in whole degrees, "30°".
    public var high: String
    /// Today's low in whole degrees, "24°".
    public var low: String
    /// "H:30° L:24°".
    public var highLow: String
    /// "최고 30° / 최저 24°".
    public var highLowKorean: String
    /// "2.5 m/s" (or "5.6 mph"); "--" when the response has no wind.
    public var wind: String
    /// "64%".
    public var humidity: String
    /// "1015 hPa".
    public var pressure: String
    /// The primary condition's group (``ConditionGroup/unknown`` when `weather` is empty).
    public var conditionGroup: ConditionGroup
    /// "Clouds", or the specific atmosphere name such as "Fog".
    public var conditionNameEnglish: String
    /// "구름", or the specific atmosphere name such as "안개".
    public var conditionNameKorean: String
    /// A short Korean message for the group, e.g. "맑은 하늘이에요".
    public var messageKorean: String
    /// The same message in English, e.g. "Clear skies".
    public var messageEnglish: String
    /// The API's description in the request's language, e.g. "overcast clouds" or "튼구름".
    public var conditionDescription: String
    /// The primary condition's icon, `https://openweathermap.org/img/wn/04d@2x.png`, when valid.
    public var iconURL: URL?

    /// The display text for `weather`; `placeName` overrides the response's name.
    public init(_ weather: CurrentWeather, placeName: String? = nil) {
        let main = weather.main
        self.init(
            placeName: Self.placeName(override: placeName, weather: weather),
            units: weather.units,
            condition: weather.primaryCondition,
            temperature: main.temperature,
            feelsLike: main.feelsLike,
            high: main.temperatureMax,
            low: main.temperatureMin,
            wind: weather.wind,
            humidity: main.humidity,
            pressure: main.pressure
        )
    }

    /// The display text from the values a weather screen shows, whichever API they came from; a `nil`
    /// high or low shows "--" rather than an invented value.
    init(
        placeName: String, units: Units, condition: WeatherCondition?, temperature: Temperature,
        feelsLike: Temperature?, high: Temperature?, low: Temperature?, wind: Wind?, humidity: Int, pressure: Double
    ) {
        let unit: TemperatureUnit = units == .imperial ? .fahrenheit : .celsius
        let group = condition.map(\.group) ?? .unknown
        let atmosphere = condition.flatMap { AtmosphereCondition.names(conditionID: $0.id) }

        self.placeName = placeName
        self.temperature = temperature.formatted(.precise, in: unit)
        temperatureWhole = temperature.formatted(.whole, in: unit)
        self.feelsLike = feelsLike?.formatted(.whole, in: unit)
        self.high = high?.formatted(.whole, in: unit) ?? "--"
        self.low = low?.formatted(.whole, in: unit) ?? "--"
        highLow = "H:\(self.high) L:\(self.low)"
        highLowKorean = "최고 \(self.high) / 최저 \(self.low)"
        self.wind = wind.map { Self.speed($0.speed, units.speedUnit) } ?? "--"
        self.humidity = "\(humidity)%"
        self.pressure = "\(DecimalText.fixed(DecimalText.decimal(pressure), places: 0)) hPa"
        conditionGroup = group
        conditionNameEnglish = atmosphere?.english ?? group.englishName
        conditionNameKorean = atmosphere?.korean ?? group.koreanName
        messageKorean = group.koreanMessage
        messageEnglish = group.englishMessage
        conditionDescription = condition?.description ?? ""
        iconURL = condition?.iconURL
    }

    /// "2.5 m/s", "5.6 mph": one decimal, rounded half away from zero.
    static func speed(_ value: Double, _ unit: SpeedUnit) -> String {
        "\(DecimalText.fixed(DecimalText.decimal(value), places: 1)) \(unit.symbol)"
    }

    private static func placeName(override: String?, weather: CurrentWeather) -> String {
        if let override = override?.trimmingWhitespace, !override.isEmpty { return override }
        if !weather.name.trimmingWhitespace.isEmpty { return weather.name }
        return weather.coordinate.description
    }
}
