/// Why a document is not JSON, and where (a byte offset; `LineMap` turns it into line and column).
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package var message: String
    package var offset: Int
}

/// A strict RFC 8259 parser that keeps source offsets and number literal text.
///
/// Strict means: no comments, no trailing commas, no leading zeros, no control characters in strings,
/// valid UTF-8 only. A leading UTF-8 byte order mark is skipped. Nesting deeper than `maximumDepth`
/// is refused rather than risking the stack.
package struct JSONParser: JSONByteScanner {
    package static let maximumDepth = 256

    /// The document, kept for deferred values (which share its storage).
    private let source: [UInt8]
    /// The same bytes, read without bounds checks or reference counting; valid only inside
    /// ``withParser(_:_:)``, which every entry point goes through.
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0
    private var depth = 0
    private var deferredMemberName: String?

    private init(source: [UInt8], bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
    }

    private static func withParser<Result>(
        _ source: [UInt8], _ body: (inout JSONParser) throws(JSONSyntaxError) -> Result
    ) throws(JSONSyntaxError) -> Result {
        let outcome: Swift.Result<Result, JSONSyntaxError> = source.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(source: source, bytes: bytes)
            do throws(JSONSyntaxError) {
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Parses one complete JSON document; anything but whitespace after the value is an error.
    ///
    /// Objects and arrays that are the value of a member named `deferredMemberName` are checked as
    /// strictly as the rest (the same errors at the same offsets) but not built: they stay
    /// `.deferred`, built only if something looks inside (response bodies are served as written).
    package static func parse(_ bytes: [UInt8], deferringMembersNamed deferredMemberName: String? = nil)
        throws(JSONSyntaxError) -> JSONValue
    {
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw JSONSyntaxError(message: "the file is not valid UTF-8", offset: invalid)
        }
        return try withParser(bytes) { (parser) throws(JSONSyntaxError) in
            parser.deferredMemberName = deferredMemberName
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            if parser.index == bytes.count {
                throw JSONSyntaxError(message: "the file is empty; expected a JSON value", offset: parser.index)
            }
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if parser.index < bytes.count {
                throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
            }
            return value
        }
    }

    /// The decoded text of the string literal starting at `offset` of a document `parse` accepted.
    package static func decodeString(in bytes: [UInt8], at offset: Int) -> String {
        do {
            return try withParser(bytes) { (parser) throws(JSONSyntaxError) in
                parser.index = offset
                return try parser.parseString()
            }
        } catch {
            preconditionFailure("a string in a checked JSON document failed to parse: \(error)")
        }
    }

    /// Builds the value starting at `offset` of a document `parse` already accepted.
    package static func parseValue(in bytes: [UInt8], at offset: Int) throws(JSONSyntaxError) -> JSONValue {
        try withParser(bytes) { (parser) throws(JSONSyntaxError) in
            parser.index = offset
            return try parser.parseValue()
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        default:
            let found = describeCurrent()
            let literal = ["true", "false", "null"].first { "'\($0)'" == found.lowercased() }
            throw error("unexpected \(found); expected a value" + (literal.map { " (did you mean \($0)?)" } ?? ""))
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return JSONValue(.object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw error("expected ':' after the member name \"\(key)\", found \(describeCurrent())")
            }
            skipWhitespace()
            let value = try deferredMemberName == key ? parseDeferrableValue() : parseValue()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(.object(members), offset: start)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return JSONValue(.array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(.array(elements), offset: start)
    }

    /// A container is skimmed (checked without building); should the skim find a problem, the
    /// container is parsed the ordinary way so the error is exactly the one `parseValue` reports.
    private mutating func parseDeferrableValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return try parseValue()
        }
        let start = index
        let end = JSONSkimmer.endOfValue(in: bytes, at: start, depth: depth, maximumDepth: Self.maximumDepth)
        guard let end else { return try parseValue() }
        index = end
        let deferred = DeferredJSON(source: source, range: start..<end, isObject: bytes[start] == UInt8(ascii: "{"))
        return JSONValue(.deferred(deferred), offset: start)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: - Scalars

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        var scalars: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                if scalars.isEmpty { return String(decoding: run, as: UTF8.self) }
                scalars.append(contentsOf: run)
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try parseEscape(into: &scalars)
                runStart = index
            case 0..<0x20:
                throw error("control character U+\(hex4(UInt16(byte))) inside a string; escape it")
            default:
                index += 1
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: opening)
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try parseHex4())
            if (0xD800..<0xDC00).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw JSONSyntaxError(message: "unpaired UTF-16 surrogate in \\u escape", offset: escapeStart)
                }
                index += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError(message: "unpaired UTF-16 surrogate in \\u escape", offset: escapeStart)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw JSONSyntaxError(message: "unpaired UTF-16 surrogate in \\u escape", offset: escapeStart)
            }
            output.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
        default:
            throw JSONSyntaxError(
                message: "invalid escape '\\\(String(decoding: [byte], as: UTF8.self))' in a string",
                offset: escapeStart
            )
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        if let value = hex4() { return value }
        throw error("expected four hex digits after \\u, found \(describeCurrent())")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONSyntaxError(message: "invalid number: expected a digit after '-'", offset: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONSyntaxError(message: "invalid number: leading zeros are not allowed", offset: start)
            }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: expected a digit after '.'")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number: expected a digit in the exponent")
            }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let start = index
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw JSONSyntaxError(
                    message: "unexpected \(describe(at: start)); expected a value (did you mean \(literal)?)",
                    offset: start
                )
            }
            index += 1
        }
    }

    // MARK: - Helpers

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index)
    }

    private func describeCurrent() -> String { describe(at: index) }

    /// "end of file", "'}'", or the word starting here ("'True'") so the message shows what was written.
    private func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of file" }
        var end = position
        while end < bytes.count, end - position < 12 {
            let byte = bytes[end]
            let isWordByte =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || isDigit(byte) || byte >= 0x80
            if !isWordByte { break }
            end += 1
        }
        if end == position { end = position + 1 }
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))'"
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
