/// A parsed JSON document that keeps what a validator needs and `JSONSerialization` loses: member order,
/// duplicate keys, whether a number was written as an integer, the number's text as written, and the line
/// each value starts on.
struct JSONValue: Sendable {
    enum Kind: Sendable {
        case object([Member])
        case array([JSONValue])
        case string(String)
        /// The number's value and its text exactly as written (for messages such as "found 123.4").
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    struct Member: Sendable {
        var key: String
        var value: JSONValue
    }

    var kind: Kind
    /// The 1-based line the value starts on.
    var line: Int

    /// How the value reads in an error message: short values as written, containers by their kind.
    var summary: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): text.count <= 40 ? "\"\(text)\"" : "\"\(text.prefix(37))...\""
        case .number(_, let literal): literal
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}

/// A JSON document that is not well formed, with the line and column of the problem.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes. Traces are small, so clarity wins over speed here.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 256

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON value that makes up the whole of `bytes` (a UTF-8 byte order mark is skipped).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(kind: try parseObject(), line: startLine)
        case UInt8(ascii: "["): return JSONValue(kind: try parseArray(), line: startLine)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): return JSONValue(kind: try parseLiteral("true", .bool(true)), line: startLine)
        case UInt8(ascii: "f"): return JSONValue(kind: try parseLiteral("false", .bool(false)), line: startLine)
        case UInt8(ascii: "n"): return JSONValue(kind: try parseLiteral("null", .null), line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: try parseNumber(), line: startLine)
        default:
            throw error("unexpected character '\(printable(bytes[index]))'; expected a value")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, value: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' after a member, found '\(printable(bytes[index]))'")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']' after an element, found '\(printable(bytes[index]))'")
        }
    }

    private mutating func parseLiteral(_ word: String, _ kind: JSONValue.Kind) throws(JSONSyntaxError)
        -> JSONValue.Kind
    {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected text; expected '\(word)'")
        }
        index += expected.count
        return kind
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue.Kind {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '-'") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("numbers must not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { throw error("number \(literal) is out of range") }
        return .number(value, literal: literal)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ end: Int) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(byte == UInt8(ascii: "\n") ? "unterminated string" : "control character in a string")
            }
            if byte == UInt8(ascii: "\\") {
                flushRun(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
                default: throw error("invalid escape '\\\(printable(escape))' in a string")
                }
                runStart = index
                continue
            }
            index += 1
        }
        throw error("unterminated string")
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHexQuad()
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate \\u\(String(first, radix: 16))") }
            index += 2
            let second = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("invalid surrogate pair") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw error("unpaired surrogate \\u\(String(first, radix: 16))")
        }
        return scalar
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }
}
