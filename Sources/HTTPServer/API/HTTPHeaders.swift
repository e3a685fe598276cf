/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Order and the original spelling of names are preserved exactly as received (or as added), so a
/// handler can echo or record headers faithfully. Lookups compare names ASCII case-insensitively, as
/// RFC 9110 §5.1 requires. Repeated fields are kept as separate entries; ``subscript(_:)`` returns the
/// first, ``values(for:)`` returns all of them.
package struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field: its name as spelled on the wire and its value without surrounding whitespace.
    package typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// What the server must look at when it encodes these fields, worked out once as fields are added
    /// rather than on every response (a handler typically sends the same prepared headers many times).
    /// Conservative: removing a field never clears a flag, so a set flag only means "check".
    private(set) var traits = FieldTraits()

    /// The fields as the response encoder writes them, made by ``precomputeWireFormat()`` and dropped
    /// by any change to the list.
    private(set) var wireForm: WireForm?

    /// Creates an empty header list.
    package init() {
        fields = []
    }

    /// An empty list with room for `capacity` fields (the parser's: one allocation per request).
    init(reservingCapacity capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// Creates a header list holding `fields` in the given order (repeated names are kept).
    package init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
        for field in fields { traits.note(name: field.name, value: field.value) }
    }

    /// Creates a header list from a literal such as `["Content-Type": "application/json"]`, in order.
    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
        for field in fields { traits.note(name: field.name, value: field.value) }
    }

    /// The number of fields, counting repeated names separately.
    package var count: Int { fields.count }

    /// Whether the list holds no fields.
    package var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (compared case-insensitively), or `nil` if there is none.
    ///
    /// Setting a value replaces every field with that name by one field at the position of the first;
    /// setting `nil` removes them all.
    package subscript(name: String) -> String? {
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
    package func values(for name: String) -> [String] {
        fields.lazy.filter { $0.name.equalsCaseInsensitively(name) }.map(\.value)
    }

    /// Whether at least one field is named `name` (compared case-insensitively).
    package func contains(name: String) -> Bool {
        fields.contains { $0.name.equalsCaseInsensitively(name) }
    }

    /// Appends a field, keeping any existing fields with the same name.
    package mutating func add(name: String, value: String) {
        wireForm = nil
        traits.note(name: name, value: value)
        fields.append((name: name, value: value))
    }

    /// Appends a field the request parser has already checked (a token name, a value without CR, LF
    /// or NUL), skipping the byte-by-byte check ``add(name:value:)`` makes.
    mutating func addChecked(name: String, value: String) {
        wireForm = nil
        traits.noteName(name)
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` at the position of the first such
    /// field, or appends it if there is none.
    package mutating func replaceOrAdd(name: String, value: String) {
        wireForm = nil
        traits.note(name: name, value: value)
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
    package mutating func remove(name: String) {
        wireForm = nil
        fields.removeAll { $0.name.equalsCaseInsensitively(name) }
    }

    /// Encodes the fields for the wire now, so every response that carries this list (a handler's
    /// prepared response, sent many times) copies them in one step instead of field by field. Any
    /// later change to the list discards the encoding; the bytes sent are the same either way.
    package mutating func precomputeWireFormat() {
        var bytes: [UInt8] = []
        let fields = ResponseEncoder.appendFields(of: self, to: &bytes)
        wireForm = WireForm(bytes: bytes, hasDate: fields.hasDate, contentLength: fields.contentLength)
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Two lists are equal when they hold the same fields in the same order; names compare
    /// case-insensitively, values exactly.
    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        guard lhs.fields.count == rhs.fields.count else { return false }
        return zip(lhs.fields, rhs.fields).allSatisfy { left, right in
            left.name.equalsCaseInsensitively(right.name) && left.value == right.value
        }
    }

    /// The fields as they would appear on the wire, one `Name: value` per line.
    package var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

/// A header list's fields encoded as the response encoder writes them (immutable, shared by copies).
final class WireForm: Sendable {
    let bytes: [UInt8]
    let hasDate: Bool
    let contentLength: String?

    init(bytes: [UInt8], hasDate: Bool, contentLength: String?) {
        self.bytes = bytes
        self.hasDate = hasDate
        self.contentLength = contentLength
    }
}

/// Which fields a header list may hold that the response encoder treats specially. Each flag is set
/// when a field that needs it is added and never cleared, so `false` is a guarantee and `true` a hint.
struct FieldTraits: Sendable {
    /// A name that is not a token, or a value with CR, LF or NUL: the response is refused (500).
    var mayBeInvalid = false
    /// `Connection`: the handler may ask to close.
    var mayNameConnection = false
    /// `Date`, `Content-Length` or `Transfer-Encoding`: fields the encoder keeps, replaces or drops.
    var mayNameFramingOrDate = false

    mutating func note(name: String, value: String) {
        noteName(name)
        if mayBeInvalid { return }
        var name = name
        var value = value
        let nameIsToken = name.withUTF8 { bytes in !bytes.isEmpty && bytes.allSatisfy(\.isTokenCharacter) }
        let valueIsClean = value.withUTF8 { bytes in
            !bytes.contains { $0 == 0 || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        }
        mayBeInvalid = !nameIsToken || !valueIsClean
    }

    mutating func noteName(_ name: String) {
        switch name.utf8.count {
        case 4, 10, 14, 17: break
        default: return  // the common case: no special name has this length
        }
        var name = name
        name.withUTF8 { utf8 in
            switch utf8.count {
            case 10 where utf8.equalsLowercase("connection"): mayNameConnection = true
            case 4 where utf8.equalsLowercase("date"): mayNameFramingOrDate = true
            case 14 where utf8.equalsLowercase("content-length"): mayNameFramingOrDate = true
            case 17 where utf8.equalsLowercase("transfer-encoding"): mayNameFramingOrDate = true
            default: break
            }
        }
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
