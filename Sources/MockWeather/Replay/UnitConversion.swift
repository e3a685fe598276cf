import Basics

/// Converts current-weather and forecast bodies between the API's unit systems, as the API does:
/// temperatures (`main.temp`, `feels_like`, `temp_min`, `temp_max`, also in every forecast item) and,
/// for imperial, wind speed and gust (m/s ↔ mph), rounded to 2 decimals half away from zero.
///
/// Bodies of any other shape are left alone. Number literals that are not converted keep their text.
enum UnitConversion {
    static let temperatureFields: Set<String> = ["temp", "feels_like", "temp_min", "temp_max"]
    static let windFields: Set<String> = ["speed", "gust"]
    static let metresPerSecondInMilesPerHour = 2.236_936_292_054_4

    /// True when the body has the shape of a current-weather (`main`) or forecast (`list[].main`) answer.
    static func isConvertible(_ body: JSONValue) -> Bool {
        if body["main"]?.members != nil { return true }
        return body["list"]?.elements?.contains { $0["main"]?.members != nil } ?? false
    }

    /// The body with temperatures and wind speeds converted from `source` to `target` units.
    static func convert(_ body: JSONValue, from source: Units, to target: Units) -> JSONValue {
        let body = body.built
        guard source != target, case .object(var members) = body.kind else { return body }
        for index in members.indices {
            switch members[index].key {
            case "main", "wind":
                members[index].value = convertFields(of: members[index].value, key: members[index].key, source, target)
            case "list":
                if case .array(let items) = members[index].value.kind {
                    members[index].value.kind = .array(items.map { convert($0, from: source, to: target) })
                }
            default:
                break
            }
        }
        return JSONValue(.object(members), offset: body.offset)
    }

    private static func convertFields(of value: JSONValue, key: String, _ source: Units, _ target: Units) -> JSONValue {
        guard case .object(var members) = value.kind else { return value }
        let fields = key == "main" ? temperatureFields : windFields
        for index in members.indices where fields.contains(members[index].key) {
            guard let number = members[index].value.doubleValue else { continue }
            let converted =
                key == "main"
                ? temperature(number, from: source, to: target) : windSpeed(number, from: source, to: target)
            members[index].value.kind = .number(format(rounded(converted)))
        }
        return JSONValue(.object(members), offset: value.offset)
    }

    static func temperature(_ value: Double, from source: Units, to target: Units) -> Double {
        let celsius: Double
        switch source {
        case .standard: celsius = value - 273.15
        case .metric: celsius = value
        case .imperial: celsius = (value - 32) * 5 / 9
        }
        switch target {
        case .standard: return celsius + 273.15
        case .metric: return celsius
        case .imperial: return celsius * 9 / 5 + 32
        }
    }

    static func windSpeed(_ value: Double, from source: Units, to target: Units) -> Double {
        let metresPerSecond = source == .imperial ? value / metresPerSecondInMilesPerHour : value
        return target == .imperial ? metresPerSecond * metresPerSecondInMilesPerHour : metresPerSecond
    }

    /// Two decimals, half away from zero (`-2.345` → `-2.35`).
    static func rounded(_ value: Double) -> Double {
        let result = (value * 100).rounded(.toNearestOrAwayFromZero) / 100
        return result == 0 ? 0 : result
    }

    /// Shortest text that reads back as `value`, without a trailing `.0` (`27`, `-2.34`, `80.6`).
    static func format(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
