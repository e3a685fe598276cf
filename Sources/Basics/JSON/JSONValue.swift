/// A parsed JSON value that remembers where it came from, so problems can name a line and column,
/// and numbers keep their literal text (`270.81` is re-served as `270.81`, never `270.80999999999997`).
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        /// The literal text as written in the source, already checked against the JSON number grammar.
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in source order; duplicate keys are kept so the cassette decoder can report them.
        case object([JSONMember])
        /// An object or array the parser checked but did not build (a response body, served as
        /// written): ``members`` and ``elements`` build it on demand, ``write(into:)`` minifies its text.
        case deferred(DeferredJSON)
    }

    package var kind: Kind
    /// Byte offset of the value's first character in its source (0 for values built in code).
    package var offset: Int

    package init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// "an object", "a string", ...: used in "expected a number, found a string" messages.
    package var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .deferred(let deferred): deferred.isObject ? "an object" : "an array"
        }
    }

    /// How the value reads in an error message: short scalars as written (`123.4`, `"north"`, `true`),
    /// long strings shortened, containers by their kind.
    package var summary: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): text.count <= 40 ? Self.quoted(text) : Self.quoted(text.prefix(37) + "...")
        case .array, .object, .deferred: typeDescription
        }
    }

    package var members: [JSONMember]? {
        switch kind {
        case .object(let members): members
        case .deferred(let deferred) where deferred.isObject: deferred.built().members
        default: nil
        }
    }

    package var elements: [JSONValue]? {
        switch kind {
        case .array(let elements): elements
        case .deferred(let deferred) where !deferred.isObject: deferred.built().elements
        default: nil
        }
    }

    /// This value with a deferred container built into a tree (other values as they are).
    package var built: JSONValue {
        if case .deferred(let deferred) = kind { return deferred.built() }
        return self
    }

    package var stringValue: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    package var numberText: String? {
        if case .number(let text) = kind { return text }
        return nil
    }

    package var doubleValue: Double? { numberText.flatMap(Double.init) }

    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The last member named `key` (JSON's usual "last one wins"), or nil when absent or not an object.
    package subscript(key: String) -> JSONValue? {
        // Read through the buffer, from the end: the decoder looks up every member of every cassette
        // object this way, and copying each member out to compare its key retained both its fields.
        let members: [JSONMember]
        switch kind {
        case .object(let found): members = found
        case .deferred(let deferred) where deferred.isObject: return deferred.built()[key]
        default: return nil
        }
        return members.withUnsafeBufferPointer { members in
            var position = members.endIndex
            while position > members.startIndex {
                position -= 1
                if members[position].key == key { return members[position].value }
            }
            return nil
        }
    }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var keyOffset: Int
    package var value: JSONValue

    /// A member whose name starts at byte `keyOffset` of its document (0 when built in code).
    package init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// A checked but unbuilt container: the document it sits in (shared, not copied) and its range.
package struct DeferredJSON: Sendable {
    package let source: [UInt8]
    package let range: Range<Int>
    package let isObject: Bool

    /// The container at `range` of `source`, which the caller has checked is valid JSON.
    package init(source: [UInt8], range: Range<Int>, isObject: Bool) {
        self.source = source
        self.range = range
        self.isObject = isObject
    }

    /// The container as a tree, offsets still relative to the whole document.
    package func built() -> JSONValue {
        do {
            return try JSONParser.parseValue(in: source, at: range.lowerBound)
        } catch {
            preconditionFailure("a deferred JSON value was checked when it was parsed: \(error)")
        }
    }
}

extension DeferredJSON: CustomReflectable {
    /// The value's own text rather than the whole document it sits in.
    package var customMirror: Mirror {
        Mirror(self, children: ["range": range, "text": String(decoding: source[range], as: UTF8.self)])
    }
}

extension JSONValue: Equatable {
    /// Equal when both are the same JSON as written: the same kind, number literals with the same
    /// text, the same members (names and values) in the same order. Where a value sat in its source
    /// does not count, and an unbuilt (deferred) container equals the tree it builds to.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.deferred(let left), .deferred(let right)) where left.range == right.range && left.source == right.source:
            return true
        case (.deferred, _), (_, .deferred):
            return lhs.built.kind == rhs.built.kind
        default:
            return lhs.kind == rhs.kind
        }
    }
}

extension JSONValue.Kind: Equatable {
    /// Structural equality; a deferred container is compared by building it (see ``JSONValue/==``).
    package static func == (lhs: JSONValue.Kind, rhs: JSONValue.Kind) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.object(let left), .object(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.deferred, _), (_, .deferred): return JSONValue(lhs) == JSONValue(rhs)
        default: return false
        }
    }
}
