/// The `expect` keys that describe what a client decodes beyond a name and a temperature: the shapes
/// of One Call 3.0, Air Pollution, zip geocoding and icons (Cassettes/README.md lists them). The keys
/// themselves and each one's kind are cases of ``CassetteKey/Expect``, which both decoders read
/// (`start` and `end` among them: the range an air pollution history expectation is for).
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

    /// One detail of an expectation.
    struct Entry: Sendable, Equatable {
        /// The raw value of a ``CassetteKey/Expect`` case that has a ``CassetteKey/Expect/detailKind``.
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
