/// The weather of one forecast hour (or, from the nowcast, of the observed hour): every row the
/// API sent for that `fcstDate`/`fcstTime`, read into typed values.
///
/// Each field is `nil` when its category was not sent for the hour (the nowcast has no sky or
/// probability; TMN only comes on 0600 rows and TMX on 1500 rows, and only in the issuances that
/// still carry that day) or when the value is the guide's missing marker (see `KMAValueText.swift`).
/// ``rawValues`` keeps every category's text exactly as sent, including categories the client
/// does not know, so nothing the API says is lost.
public struct KMAHourlyWeather: Sendable, Hashable {
    /// The forecast (or observed) time, KST.
    public var time: KMATime
    /// `TMP` (village forecast) or `T1H` (ultra-short operations), °C.
    public var temperature: Temperature?
    /// `SKY`.
    public var sky: KMASky?
    /// `PTY`, read with the operation's own code table.
    public var precipitationType: KMAPrecipitationType?
    /// `POP`, percent.
    public var precipitationProbability: Int?
    /// `PCP` (village) or `RN1` (ultra-short), mm in the hour.
    public var precipitation: KMAAmount?
    /// `SNO`, fresh snow in the hour, cm.
    public var snowfall: KMAAmount?
    /// `REH`, relative humidity in percent.
    public var humidity: Int?
    /// `WSD` with `VEC`, `UUU` and `VVV`; `nil` without a speed.
    public var wind: KMAWind?
    /// `LGT`, lightning energy density in kA/km² (ultra-short forecast).
    public var lightning: Double?
    /// `WAV`, wave height in m.
    public var waveHeight: Double?
    /// `TMN`, the day's minimum temperature, on the 0600 row of the day.
    public var dailyMinimum: Temperature?
    /// `TMX`, the day's maximum temperature, on the 1500 row of the day.
    public var dailyMaximum: Temperature?
    /// Every category's value text as sent, by category code (`"PCP": "1mm 미만"`).
    public var rawValues: [String: String]

    /// An hour with nothing known yet.
    public init(time: KMATime) {
        self.time = time
        rawValues = [:]
    }
}

/// Reads one row's value into an hour, with the row's JSON path for the error.
struct KMAHourBuilder {
    let operation: KMAOperation
    var hour: KMAHourlyWeather
    private var windSpeed: Double?
    private var windDirection: Double?
    private var eastward: Double?
    private var northward: Double?

    init(operation: KMAOperation, time: KMATime) {
        self.operation = operation
        hour = KMAHourlyWeather(time: time)
    }

    /// Applies `category`'s `value` (at `path`, for the error) to the hour.
    mutating func apply(category: String, value: String, path: String) throws(KMAError) {
        hour.rawValues[category] = value
        switch category {
        case "TMP", "T1H": hour.temperature = try number(value, path, "a temperature in °C").map(Temperature.celsius)
        case "TMN": hour.dailyMinimum = try number(value, path, "a temperature in °C").map(Temperature.celsius)
        case "TMX": hour.dailyMaximum = try number(value, path, "a temperature in °C").map(Temperature.celsius)
        case "SKY": hour.sky = try code(value, path, "a sky code such as 1, 3 or 4").map(KMASky.init(code:))
        case "PTY":
            hour.precipitationType = try code(value, path, "a precipitation type code such as 0 or 1").map {
                KMAPrecipitationType(code: $0, operation: operation)
            }
        case "POP": hour.precipitationProbability = try percent(value, path, "a probability in percent")
        case "REH": hour.humidity = try percent(value, path, "a humidity in percent")
        case "PCP", "RN1":
            hour.precipitation = try amount(
                value, path, "a precipitation amount such as 강수없음, 1mm 미만, 6.2mm, 30.0~50.0mm or 50.0mm 이상")
        case "SNO":
            hour.snowfall = try amount(value, path, "a snow amount such as 적설없음, 0.5cm 미만, 2.3cm or 5.0cm 이상")
        case "WSD": windSpeed = try number(value, path, "a wind speed in m/s", where: { $0 >= 0 })
        case "VEC":
            windDirection = try number(
                value, path, "a wind direction in degrees, 0...360", where: { (0...360).contains($0) })
        case "UUU": eastward = try number(value, path, "a wind component in m/s")
        case "VVV": northward = try number(value, path, "a wind component in m/s")
        case "LGT": hour.lightning = try number(value, path, "a lightning energy density in kA", where: { $0 >= 0 })
        case "WAV": hour.waveHeight = try number(value, path, "a wave height in m", where: { $0 >= 0 })
        default: break  // kept in rawValues
        }
    }

    /// The hour, with its wind assembled.
    var built: KMAHourlyWeather {
        var hour = hour
        hour.wind = windSpeed.map {
            KMAWind(speed: $0, direction: windDirection, eastward: eastward, northward: northward)
        }
        return hour
    }

    /// The number in `text`, `nil` when missing; an unreadable text, or a number `accepts` refuses,
    /// is a decoding error at `path`.
    private func number(
        _ text: String, _ path: String, _ expected: String, where accepts: (Double) -> Bool = { _ in true }
    ) throws(KMAError) -> Double? {
        switch KMAValueText(text) {
        case .missing: return nil
        case .number(let value) where accepts(value): return value
        case .number, .unreadable: throw Self.error(path, expected, text)
        }
    }

    private func code(_ text: String, _ path: String, _ expected: String) throws(KMAError) -> Int? {
        guard let value = try number(text, path, expected) else { return nil }
        guard value.rounded() == value else { throw Self.error(path, expected, text) }
        return Int(value)
    }

    private func percent(_ text: String, _ path: String, _ expected: String) throws(KMAError) -> Int? {
        guard let value = try number(text, path, expected + ", 0...100", where: { (0...100).contains($0) }) else {
            return nil
        }
        return Int(value.rounded())
    }

    private func amount(_ text: String, _ path: String, _ expected: String) throws(KMAError) -> KMAAmount? {
        switch KMAAmount.parse(text) {
        case .amount(let amount): return amount
        case .missing: return nil
        case .unreadable: throw Self.error(path, expected, text)
        }
    }

    private static func error(_ path: String, _ expected: String, _ text: String) -> KMAError {
        .decoding(path: path, expected: expected, found: "a string \(BodyText.quoted(text, limit: 40))")
    }
}
