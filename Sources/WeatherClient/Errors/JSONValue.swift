internal import Foundation

/// Any JSON value, parsed only to explain a failure: what sits at a path, an error body's
/// `cod` and `message`.
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The body parsed as JSON, or `nil` when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value at `path`, or `nil` when the path does not exist.
    func value(at path: [any CodingKey]) -> JSONValue? {
        var current = self
        for key in path {
            switch current {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A string, or a number written as an integer when it is one (for `cod` and `message`).
    var text: String? {
        switch self {
        case .string(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        default: nil
        }
    }

    /// "a string \"hot\"", "null", "a number 27.5", "an object", "an array of 2 elements".
    var phrase: String {
        switch self {
        case .null: "null"
        case .bool(let value): "a boolean \(value)"
        case .number(let value): "a number \(text ?? "\(value)")"
        case .string(let value): "a string \(BodyText.quoted(value, limit: 40))"
        case .array(let elements):
            elements.count == 1 ? "an array of 1 element" : "an array of \(elements.count) elements"
        case .object: "an object"
        }
    }
}
