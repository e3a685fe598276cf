/// A parsed JSON value that remembers where it came from, so problems can name a line and column,
/// and numbers keep their literal text (`270.81` is re-served as `270.81`, never `270.80999999999997`).
struct JSONValue: Sendable {
    enum Kind: Sendable {
        case null
        case bool(Bool)
        /// The literal text as written in the source, already checked against the JSON number grammar.
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in source order; duplicate keys are kept so the cassette decoder can report them.
        case object([JSONMember])
    }

    var kind: Kind
    /// Byte offset of the value's first character in its source (0 for values built in code).
    var offset: Int

    init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// "an object", "a string", ...: used in "expected a number, found a string" messages.
    var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    var elements: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    var stringValue: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    var numberText: String? {
        if case .number(let text) = kind { return text }
        return nil
    }

    var doubleValue: Double? { numberText.flatMap(Double.init) }

    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The last member named `key` (JSON's usual "last one wins"), or nil when absent or not an object.
    subscript(key: String) -> JSONValue? {
        members?.last { $0.key == key }?.value
    }
}

/// One `"key": value` pair of a JSON object.
struct JSONMember: Sendable {
    var key: String
    var keyOffset: Int
    var value: JSONValue
}
