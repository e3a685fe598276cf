/// The `expect` keys that describe what a client decodes beyond a name and a temperature: the shapes
/// of One Call 3.0, Air Pollution, zip geocoding and icons (Cassettes/README.md lists them). Declared
/// once here; the cassette decoder and its fast path both read this table.
///
/// `start` and `end` are not decoded values but the range an air pollution history expectation is
/// for: a contract client asks for that range, and the other keys describe the answer to it.
enum ExpectDetails {
    /// What a detail's value must be.
    enum Kind: Sendable, Equatable {
        /// A string.
        case text
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// Any number.
        case number

        var description: String {
            switch self {
            case .text: "a string"
            case .integer(let range) where range.upperBound == Int.max: "a whole number from \(range.lowerBound)"
            case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .number: "a number"
            }
        }
    }

    private static let count = Kind.integer(0...Int.max)
    private static let seconds = Kind.integer(Int.min...Int.max)

    /// Every detail key, as the fast path matches member names.
    static let keys: [StaticString] = [
        "timezone", "date", "overview", "zip", "country", "contentType",
        "minutely", "hourly", "daily", "alerts", "count", "width", "height", "dt", "aqi",
        "dailyMaxCelsius", "minCelsius", "maxCelsius", "pm2_5",
        "start", "end", "firstDt", "lastDt",
    ]

    /// The kind of each key of ``keys``, in the same order.
    static let kinds: [Kind] = [
        .text, .text, .text, .text, .text, .text,
        count, count, count, count, count, count, count, seconds, .integer(1...5),
        .number, .number, .number, .number,
        seconds, seconds, seconds, seconds,
    ]

    /// ``keys`` as strings.
    static let names: [String] = keys.map { $0.description }

    /// One detail of an expectation.
    struct Entry: Sendable, Equatable {
        /// One of ``ExpectDetails/names``.
        var name: String
        var value: Value
    }

    /// The value of a detail, as written.
    enum Value: Sendable, Equatable {
        case text(String)
        case integer(Int)
        case number(Double)
    }

    /// The value `text` (a JSON string's content or a number literal) has as `kind`, or nil when it
    /// is not of that kind.
    static func value(_ kind: Kind, string: String?, numberText: String?) -> Value? {
        switch kind {
        case .text: return string.map(Value.text)
        case .integer(let range):
            guard let text = numberText, let integer = Int(text), range.contains(integer) else { return nil }
            return .integer(integer)
        case .number:
            return numberText.flatMap(Double.init).map(Value.number)
        }
    }
}
