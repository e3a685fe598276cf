import Basics
import MockEngine

/// Converts response bodies between the API's unit systems, as the API does: every temperature and,
/// for imperial, every wind speed (m/s ↔ mph), rounded to 2 decimals half away from zero.
///
/// Which fields are converted is one table, ``fields``, covering the shapes the API answers in units:
/// current weather (`main.*`, `wind.speed`/`gust`), the forecast (the same in every `list[]` item),
/// One Call 3.0 (`current`, `hourly[]`, timemachine's `data[]`, `daily[]` with its `temp` and
/// `feels_like` objects), and day_summary (`temperature.*`, `wind.max.speed`). day_summary and overview
/// state their units in a top-level `units` field, which is rewritten to the target's name; overview's
/// `weather_overview` text has its temperatures (`-2°C`) and wind speeds (`2.46 meter/sec`) rewritten
/// too (see ``OverviewText``).
///
/// Fields outside the table are left alone, and number literals that are not converted keep their
/// text. A recorded number whose conversion is not finite (a `1e308` K temperature in imperial) is
/// written as `null`: JSON has no `inf`, and no unit system has such a temperature. Air pollution and geocoding bodies have nothing in the table, so they are served as recorded.
enum UnitConversion {
    /// What a field of the table is.
    indirect enum Field: Sendable {
        case temperature
        case windSpeed
        /// A `"units": "metric"` statement, rewritten to the target's name.
        case unitsName
        /// Prose that states temperatures and wind speeds with their units (overview's text).
        case prose
        /// An object whose listed members are fields.
        case object([String: Field])
        /// An array whose every element is the field.
        case each(Field)
        /// `number` for a number, `object` for an object (One Call 4.0's `data[].temp`: a number in
        /// hours, an object in days).
        case numberOrObject(number: Field, object: Field)
    }

    static let metresPerSecondInMilesPerHour = 2.236_936_292_054_4

    /// The fields of every shape the API converts, from the top level of a body.
    static let fields: Field = {
        let temperatures = { (names: [String]) in
            Field.object(Dictionary(uniqueKeysWithValues: names.map { ($0, Field.temperature) }))
        }
        // Current weather's `main`, also in every forecast item.
        let main = temperatures(["temp", "feels_like", "temp_min", "temp_max"])
        // Current weather's and forecast items' `wind`, and day_summary's `wind.max`.
        let wind = Field.object(["speed": .windSpeed, "gust": .windSpeed, "max": .object(["speed": .windSpeed])])
        // One Call's `current`, `hourly[]` and timemachine's `data[]`.
        let oneCallHour = Field.object([
            "temp": .temperature, "feels_like": .temperature, "dew_point": .temperature,
            "wind_speed": .windSpeed, "wind_gust": .windSpeed,
        ])
        let oneCallDay = Field.object([
            "temp": temperatures(["day", "min", "max", "night", "eve", "morn"]),
            "feels_like": temperatures(["day", "night", "eve", "morn"]),
            "dew_point": .temperature, "wind_speed": .windSpeed, "wind_gust": .windSpeed,
        ])
        // One Call 4.0's `data[]` holds hours or days; timemachine's holds hours.
        let record = Field.object([
            "temp": .numberOrObject(
                number: .temperature, object: temperatures(["day", "min", "max", "night", "eve", "morn"])),
            "feels_like": .numberOrObject(number: .temperature, object: temperatures(["day", "night", "eve", "morn"])),
            "dew_point": .temperature, "wind_speed": .windSpeed, "wind_gust": .windSpeed,
        ])
        return .object([
            "main": main, "wind": wind,
            "list": .each(.object(["main": main, "wind": wind])),
            "current": oneCallHour, "hourly": .each(oneCallHour), "data": .each(record),
            "daily": .each(oneCallDay),
            "temperature": temperatures(["min", "max", "afternoon", "night", "evening", "morning"]),
            "units": .unitsName, "weather_overview": .prose,
        ])
    }()

    /// True when the body holds at least one field of the table (a number, or a `units` name).
    static func isConvertible(_ body: JSONValue) -> Bool {
        holdsField(body, fields)
    }

    private static func holdsField(_ value: JSONValue, _ field: Field) -> Bool {
        switch field {
        case .temperature, .windSpeed: return value.doubleValue != nil
        case .unitsName: return value.stringValue.flatMap(Units.init(rawValue:)) != nil
        case .prose: return value.stringValue.map(OverviewText.mentionsUnits) ?? false
        case .object(let members):
            return value.members?.contains { member in
                members[member.key].map { holdsField(member.value, $0) } ?? false
            } ?? false
        case .each(let element):
            return value.elements?.contains { holdsField($0, element) } ?? false
        case .numberOrObject(let number, let object):
            return value.members == nil ? holdsField(value, number) : holdsField(value, object)
        }
    }

    /// The body with every field of the table converted from `source` to `target` units.
    static func convert(_ body: JSONValue, from source: Units, to target: Units) -> JSONValue {
        guard source != target else { return body }
        return converted(body, fields, source, target)
    }

    private static func converted(_ value: JSONValue, _ field: Field, _ source: Units, _ target: Units) -> JSONValue {
        var value = value
        switch field {
        case .temperature, .windSpeed:
            guard let number = value.doubleValue else { return value }
            let result =
                field.isTemperature
                ? temperature(number, from: source, to: target) : windSpeed(number, from: source, to: target)
            let converted = rounded(result)
            value.kind = converted.isFinite ? .number(format(converted)) : .null
        case .unitsName:
            if value.stringValue.flatMap(Units.init(rawValue:)) != nil { value.kind = .string(target.rawValue) }
        case .prose:
            if let text = value.stringValue { value.kind = .string(OverviewText.converted(text, to: target)) }
        case .object(let fields):
            let built = value.built
            guard case .object(var members) = built.kind else { return value }
            for index in members.indices {
                if let field = fields[members[index].key] {
                    members[index].value = converted(members[index].value, field, source, target)
                }
            }
            value = JSONValue(.object(members), offset: built.offset)
        case .each(let element):
            let built = value.built
            guard case .array(let items) = built.kind else { return value }
            value = JSONValue(.array(items.map { converted($0, element, source, target) }), offset: built.offset)
        case .numberOrObject(let number, let object):
            value = converted(value, value.members == nil ? number : object, source, target)
        }
        return value
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
        // Past 2^53 / 100 a Double has no hundredths to round, and `value * 100` could overflow.
        guard abs(value) < 9e13 else { return value }
        let result = (value * 100).rounded(.toNearestOrAwayFromZero) / 100
        return result == 0 ? 0 : result
    }

    /// Shortest text that reads back as `value`, without a trailing `.0` (`27`, `-2.34`, `80.6`).
    static func format(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension UnitConversion.Field {
    fileprivate var isTemperature: Bool {
        if case .temperature = self { return true }
        return false
    }
}
