import Foundation
import WeatherClient

/// What the client made of a successful answer, in the `expect` vocabulary: for each key the call can
/// observe, the JSON field it comes from and the value decoded (absent when the answer lacks it).
struct Observation: Sendable {
    struct Entry: Sendable {
        /// The JSON field the value was decoded from, e.g. `current.temp`, for messages.
        var field: String
        var value: PlainJSON?
    }

    private(set) var entries: [String: Entry] = [:]

    /// Records `key` as observable from `field`, with `value` when the answer has one.
    mutating func record(_ key: String, from field: String, _ value: PlainJSON?) {
        entries[key] = Entry(field: field, value: value)
    }

    mutating func record(_ key: String, from field: String, text: String?) {
        record(key, from: field, text.map(PlainJSON.string))
    }

    mutating func record(_ key: String, from field: String, number: Double?) {
        record(key, from: field, number.map(PlainJSON.number))
    }

    mutating func record(_ key: String, from field: String, integer: Int?) {
        record(key, from: field, integer.map { .number(Double($0)) })
    }

    mutating func record(_ key: String, from field: String, celsius temperature: Temperature?) {
        record(key, from: field, number: temperature?.celsius)
    }

    /// `"Seoul", -2.34 °C` or `aqi 2, count 1`: what was decoded, for a message.
    var summary: String {
        var parts: [String] = []
        if case .string(let name)? = entries["name"]?.value { parts.append("\"\(name)\"") }
        if case .number(let celsius)? = entries["celsius"]?.value { parts.append("\(rounded(celsius)) °C") }
        for key in entries.keys.sorted() where key != "name" && key != "celsius" {
            if let value = entries[key]?.value { parts.append("\(key) \(value.display)") }
        }
        return parts.isEmpty ? "an answer" : parts.joined(separator: ", ")
    }
}

extension PlainJSON {
    /// A value as a message shows it: strings quoted, whole numbers without `.0`.
    var display: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .bool(let value): "\(value)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// `-2.34`: a temperature to two decimals, for a message.
func rounded(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return "\(hundredths)"
}
