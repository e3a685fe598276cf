/// The details of an `expect` block: what a client decodes, key by key. Which keys there are and what
/// kind of value each takes is the provider's (``ExpectVocabulary``); the kinds and values are here.
package enum ExpectDetails {
    /// What a detail's value must be.
    package enum Kind: Sendable, Equatable {
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
    package struct Entry: Sendable, Equatable {
        /// A detail key of the provider's ``ExpectVocabulary``.
        package var name: String
        package var value: Value

        /// A detail; see the properties.
        package init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The value of a detail, as written.
    package enum Value: Sendable, Equatable {
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
