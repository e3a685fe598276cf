/// Checks a JSON value without building it: accepts exactly what `JSONParser` accepts (strict RFC
/// 8259, the same depth limit) and returns where the value ends, or nil at the first problem. It
/// says nothing about the problem: the parser, run over the same bytes, reports it with its position.
/// UTF-8 validity is checked for the whole document beforehand.
package enum JSONSkimmer {
    /// The offset just past the value starting at `start`, or nil if it is not valid JSON. `depth` is
    /// the number of containers already open around it.
    package static func endOfValue(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int, maximumDepth: Int)
        -> Int?
    {
        var skimmer = Skimmer(bytes: bytes, index: start, depth: depth, maximumDepth: maximumDepth)
        guard skimmer.value() else { return nil }
        return skimmer.index
    }

    private struct Skimmer: JSONByteScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var depth: Int
        let maximumDepth: Int

        mutating func value() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return false
            }
        }

        private mutating func object() -> Bool {
            depth += 1
            guard depth <= maximumDepth else { return false }
            index += 1
            let quote = UInt8(ascii: "\"")
            let closed = items(closedBy: UInt8(ascii: "}")) { skimmer in
                skimmer.index < skimmer.bytes.count && skimmer.bytes[skimmer.index] == quote && skimmer.string()
                    && skimmer.nameSeparator() && skimmer.value()
            }
            guard closed else { return false }
            depth -= 1
            return true
        }

        private mutating func array() -> Bool {
            depth += 1
            guard depth <= maximumDepth else { return false }
            index += 1
            guard items(closedBy: UInt8(ascii: "]"), { $0.value() }) else { return false }
            depth -= 1
            return true
        }

        mutating func string() -> Bool {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                if byte < 0x20 { return false }
                if byte == UInt8(ascii: "\\") {
                    guard escape() else { return false }
                } else {
                    index += 1
                }
            }
            return false
        }

        private mutating func escape() -> Bool {
            index += 1
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return true
            case UInt8(ascii: "u"):
                guard let code = hex4() else { return false }
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return false }
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                    return true
                }
                return !(0xDC00..<0xE000).contains(code)
            default:
                return false
            }
        }

        mutating func number() -> Bool {
            _ = consume(UInt8(ascii: "-"))
            guard isDigitHere() else { return false }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigitHere() { return false }
            } else {
                skipDigits()
            }
            if consume(UInt8(ascii: ".")) {
                guard isDigitHere() else { return false }
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard isDigitHere() else { return false }
                skipDigits()
            }
            return true
        }

    }
}

/// A read position in JSON text for the scanners that walk bytes themselves (the parser and the
/// skimmer): the token-level steps they share.
package protocol JSONByteScanner {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    var index: Int { get set }
}

extension JSONByteScanner {
    @inlinable package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Steps over `byte` if it is next.
    @inlinable package mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Steps over `text` if it is next.
    @inlinable package mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = text.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        if matches { index += count }
        return matches
    }

    @inlinable package func isDigitHere() -> Bool {
        index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10
    }

    @inlinable package mutating func skipDigits() {
        while isDigitHere() { index += 1 }
    }

    /// Reads the comma-separated items of an object or array whose opening bracket was consumed,
    /// through `closing`; `item` reads one item. Whitespace and separators are handled here.
    @inlinable package mutating func items(closedBy closing: UInt8, _ item: (inout Self) -> Bool) -> Bool {
        skipWhitespace()
        if consume(closing) { return true }
        while true {
            skipWhitespace()
            guard item(&self) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(closing)
        }
    }

    /// Steps over the `:` between a member's name and its value, with the whitespace around it.
    @inlinable package mutating func nameSeparator() -> Bool {
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        return true
    }

    /// The four hex digits of a `\u` escape, or nil with `index` at the first byte that is not one.
    @inlinable package mutating func hex4() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

/// Compact JSON straight from checked source text: the bytes `JSONValue.write(into:)` would produce
/// for the parsed tree, without building it. Whitespace between tokens is dropped; numbers and
/// literals are copied as written; a string without escapes is copied as written (it can hold no
/// character the writer would escape), one with escapes is decoded and written the way the writer does.
package enum JSONMinifier {
    package static func append(_ source: [UInt8], range: Range<Int>, to output: inout [UInt8]) {
        var escapedStrings: [(outputOffset: Int, sourceOffset: Int)] = []
        let compact = source.withUnsafeBufferPointer { bytes in
            // Compact text is never longer than the source: written byte by byte into one buffer.
            [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                count = copyCompact(from: bytes, range: range, into: buffer, escapedStrings: &escapedStrings)
            }
        }
        guard !escapedStrings.isEmpty else {
            output.append(contentsOf: compact)
            return
        }
        // Rare: strings with escapes are decoded and written the way the writer writes them.
        var copiedUpTo = 0
        for (outputOffset, sourceOffset) in escapedStrings {
            output.append(contentsOf: compact[copiedUpTo..<outputOffset])
            JSONValue.writeString(JSONParser.decodeString(in: source, at: sourceOffset), into: &output)
            copiedUpTo = outputOffset
        }
        output.append(contentsOf: compact[copiedUpTo...])
    }

    /// Writes the compact text, leaving out strings with escapes; returns how many bytes it wrote
    /// and lists where each left-out string goes (output offset) and starts (source offset).
    private static func copyCompact(
        from bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, into output: UnsafeMutableBufferPointer<UInt8>,
        escapedStrings: inout [(outputOffset: Int, sourceOffset: Int)]
    ) -> Int {
        var written = 0
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\""):
                let stringStart = index
                let stringOutput = written
                var hasEscape = false
                output[written] = byte
                written += 1
                index += 1
                while bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        hasEscape = true
                        output[written] = bytes[index]
                        written += 1
                        index += 1
                    }
                    output[written] = bytes[index]
                    written += 1
                    index += 1
                }
                output[written] = bytes[index]
                written += 1
                index += 1
                if hasEscape {
                    written = stringOutput
                    escapedStrings.append((stringOutput, stringStart))
                }
            default:
                output[written] = byte
                written += 1
                index += 1
            }
        }
        return written
    }
}

/// Strict UTF-8 validation (no overlong forms, surrogates or code points past U+10FFFF) without
/// building a string; ASCII runs are checked eight bytes at a time.
package enum UTF8Validation {
    /// The offset of the first byte of the first invalid sequence, or nil when `bytes` is valid UTF-8.
    package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var index = 0
            while index < count {
                if index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var lowest: UInt8 = 0x80
                var highest: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0:
                    length = 3
                    lowest = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED:
                    length = 3
                    highest = 0x9F
                case 0xF0:
                    length = 4
                    lowest = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4:
                    length = 4
                    highest = 0x8F
                default: return index
                }
                guard index + 1 < count, (lowest...highest).contains(buffer[index + 1]) else { return index }
                for offset in 2..<length {
                    guard index + offset < count, buffer[index + offset] & 0xC0 == 0x80 else { return index }
                }
                index += length
            }
            return nil
        }
    }
}
