/// The text a weather screen shows for one ``KMAHourlyWeather``, Korean first, ready to put in labels.
///
/// The condition is the precipitation type when it is precipitating ("비", "소나기"), else the sky
/// ("맑음"); the nowcast has no sky, so a dry nowcast has no condition. Temperatures keep the
/// API's precision without a trailing ".0" ("14°C", "15.2°C"), rounded half away from zero to one
/// decimal and never "-0°C". Anything the hour does not have is `nil`, and left out of the summary
/// rather than invented.
public struct KMAWeatherDisplay: Sendable, Hashable {
    /// "맑음", "비", "빗방울눈날림".
    public var conditionKorean: String?
    /// "Clear", "Rain", "Drizzle and snow flurries".
    public var conditionEnglish: String?
    /// "14°C"; "--°C" when the hour has no temperature.
    public var temperature: String
    /// "60%".
    public var precipitationProbability: String?
    /// The amount as the KMA writes it: "강수없음", "1mm 미만", "6.2mm", "30.0~50.0mm", "50.0mm 이상".
    public var precipitationKorean: String?
    /// "none", "under 1 mm", "6.2 mm", "30–50 mm", "50 mm or more".
    public var precipitationEnglish: String?
    /// Fresh snow as the KMA writes it: "적설없음", "0.5cm 미만", "2.3cm", "5.0cm 이상".
    public var snowfallKorean: String?
    /// "55%".
    public var humidity: String?
    /// "북서풍 1.2 m/s" (the direction the wind blows from); "1.2 m/s" without a direction.
    public var windKorean: String?
    /// "NW 1.2 m/s"; "1.2 m/s" without a direction.
    public var windEnglish: String?
    /// "맑음 14°C, 강수확률 0%": condition, temperature, and the probability when there is one.
    public var summaryKorean: String
    /// "Clear 14°C, 0% chance of precipitation".
    public var summaryEnglish: String

    /// The display text for `weather`.
    public init(_ weather: KMAHourlyWeather) {
        if let type = weather.precipitationType, type.isPrecipitating {
            conditionKorean = type.koreanName
            conditionEnglish = type.englishName
        } else {
            conditionKorean = weather.sky?.koreanName
            conditionEnglish = weather.sky?.englishName
        }
        temperature = weather.temperature.map(Self.celsius) ?? "--°C"
        precipitationProbability = weather.precipitationProbability.map { "\($0)%" }
        precipitationKorean = weather.precipitation.map { Self.korean($0, unit: "mm", none: "강수없음") }
        precipitationEnglish = weather.precipitation.map { Self.english($0, unit: "mm") }
        snowfallKorean = weather.snowfall.map { Self.korean($0, unit: "cm", none: "적설없음") }
        humidity = weather.humidity.map { "\($0)%" }
        let speed = weather.wind.map { "\(DecimalText.fixed(DecimalText.decimal($0.speed), places: 1)) m/s" }
        let point = weather.wind?.compassPoint
        windKorean = speed.map { speed in point.map { "\($0.koreanName)풍 \(speed)" } ?? speed }
        windEnglish = speed.map { speed in point.map { "\($0.abbreviation) \(speed)" } ?? speed }

        let korean = [conditionKorean, temperature].compactMap { $0 }.joined(separator: " ")
        summaryKorean = precipitationProbability.map { "\(korean), 강수확률 \($0)" } ?? korean
        let english = [conditionEnglish, temperature].compactMap { $0 }.joined(separator: " ")
        summaryEnglish = precipitationProbability.map { "\(english), \($0) chance of precipitation" } ?? english
    }

    /// "14°C", "15.2°C", "-0.5°C": one decimal at most, no trailing ".0", never "-0°C".
    static func celsius(_ temperature: Temperature) -> String {
        "\(DecimalText.rounded(DecimalText.decimal(temperature.celsius), places: 1))°C"
    }

    /// The KMA's own text for a band, with one decimal on the bounds as the API writes them.
    private static func korean(_ amount: KMAAmount, unit: String, none: String) -> String {
        switch amount {
        case .none: none
        case .lessThan(let bound): "\(plain(bound))\(unit) 미만"
        case .exactly(let value): "\(plain(value))\(unit)"
        case .range(let from, let below): "\(oneDecimal(from))~\(oneDecimal(below))\(unit)"
        case .atLeast(let bound): "\(oneDecimal(bound))\(unit) 이상"
        }
    }

    private static func english(_ amount: KMAAmount, unit: String) -> String {
        switch amount {
        case .none: "none"
        case .lessThan(let bound): "under \(plain(bound)) \(unit)"
        case .exactly(let value): "\(plain(value)) \(unit)"
        case .range(let from, let below): "\(plain(from))–\(plain(below)) \(unit)"
        case .atLeast(let bound): "\(plain(bound)) \(unit) or more"
        }
    }

    private static func plain(_ value: Double) -> String { DecimalText.plain(value) }

    private static func oneDecimal(_ value: Double) -> String {
        DecimalText.fixed(DecimalText.decimal(value), places: 1)
    }
}
