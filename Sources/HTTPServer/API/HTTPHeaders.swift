/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Order and the original spelling of names are preserved exactly as received (or as added), so a
/// handler can echo or record headers faithfully. Lookups compare names ASCII case-insensitively, as
/// RFC 9110 §5.1 requires. Repeated fields are kept as separate entries; ``subscript(_:)`` returns the
/// first, ``values(for:)`` returns all of them.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field: its name as spelled on the wire and its value without surrounding whitespace.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list holding `fields` in the given order (repeated names are kept).
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// Creates a header list from a literal such as `["Content-Type": "application/json"]`, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Whether the list holds no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (compared case-insensitively), or `nil` if there is none.
    ///
    /// Setting a value replaces every field with that name by one field at the position of the first;
    /// setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get {
            for field in fields where field.name.equalsCaseInsensitively(name) {
                return field.value
            }
            return nil
        }
        set {
            if let newValue {
                replaceOrAdd(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value for `name` (compared case-insensitively), in order; empty if there is none.
    public func values(for name: String) -> [String] {
        fields.lazy.filter { $0.name.equalsCaseInsensitively(name) }.map(\.value)
    }

    /// Whether at least one field is named `name` (compared case-insensitively).
    public func contains(name: String) -> Bool {
        fields.contains { $0.name.equalsCaseInsensitively(name) }
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` at the position of the first such
    /// field, or appends it if there is none.
    public mutating func replaceOrAdd(name: String, value: String) {
        guard let first = fields.firstIndex(where: { $0.name.equalsCaseInsensitively(name) }) else {
            fields.append((name: name, value: value))
            return
        }
        fields[first] = (name: fields[first].name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if fields[index].name.equalsCaseInsensitively(name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Removes every field named `name` (compared case-insensitively); does nothing if there is none.
    public mutating func remove(name: String) {
        fields.removeAll { $0.name.equalsCaseInsensitively(name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Two lists are equal when they hold the same fields in the same order; names compare
    /// case-insensitively, values exactly.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        guard lhs.fields.count == rhs.fields.count else { return false }
        return zip(lhs.fields, rhs.fields).allSatisfy { left, right in
            left.name.equalsCaseInsensitively(right.name) && left.value == right.value
        }
    }

    /// The fields as they would appear on the wire, one `Name: value` per line.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names and tokens compare (RFC 9110 §5.1). Non-ASCII
    /// bytes must match exactly.
    func equalsCaseInsensitively(_ other: String) -> Bool {
        var left = utf8.makeIterator()
        var right = other.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case (let a?, let b?):
                if a != b && a.asciiLowercased != b.asciiLowercased { return false }
            default:
                return false
            }
        }
    }
}

extension UInt8 {
    /// This byte lower-cased if it is an ASCII capital letter, unchanged otherwise.
    @inline(__always)
    var asciiLowercased: UInt8 {
        (self &- UInt8(ascii: "A")) < 26 ? self | 0x20 : self
    }
}
