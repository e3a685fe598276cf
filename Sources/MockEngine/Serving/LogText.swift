/// Text from a request (its path, query, what it was matched against) written into a line meant for a
/// terminal or a log file.
///
/// A request path is percent-decoded, so `%0a` arrives as a newline and `%1b` as ESC: written as they
/// are, a request could forge a log line of its own, recolour the terminal or set its title. Control
/// characters are written the way the JSON log writes them (`\n`, `\r`, `\t`, `\u001b`), and DEL and
/// the C1 controls (U+0080 to U+009F, which some terminals obey as ESC sequences) as `\u007f` and
/// `\u0080`...`\u009f`. Everything else, backslashes included, is written unchanged, so ordinary lines
/// read as before.
package enum LogText {
    /// Appends the UTF-8 of `text` to `buffer` with every control character escaped. Text with none
    /// (nearly every request) is copied at once after one scan.
    package static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0[...], to: &buffer) }
    }

    /// The same for UTF-8 bytes. Callers cut slices only at ASCII bytes, so a C1 control (two bytes,
    /// `C2 80`...`C2 9F`) is never split between two calls.
    private static func appendEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to buffer: inout [UInt8]) {
        guard bytes.contains(where: needsAttention) else {
            buffer.append(contentsOf: bytes)
            return
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < bytes.endIndex, (0x80...0x9F).contains(bytes[index + 1]) {
                appendUnicodeEscape(bytes[index + 1], to: &buffer)
                index += 2
                continue
            }
            switch byte {
            case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20, 0x7F: appendUnicodeEscape(byte, to: &buffer)
            default: buffer.append(byte)
            }
            index += 1
        }
    }

    /// Appends `text` as a JSON string: `JSONValue.writeString`'s escapes, plus DEL and the C1 controls
    /// (`\u007f`, `\u0080`...`\u009f`), which JSON allows raw but a terminal showing the JSON log
    /// may obey.
    package static func appendJSONString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { needsAttention($0) || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else {
                buffer.append(contentsOf: bytes)
                return
            }
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                appendEscaped(bytes[start..<index], to: &buffer)
                buffer.append(contentsOf: [UInt8(ascii: "\\"), byte])
                start = index + 1
            }
            appendEscaped(bytes[start...], to: &buffer)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `text` with every control character escaped (see ``appendEscaped(_:to:)``).
    package static func escapingControlCharacters(_ text: String) -> String {
        var buffer: [UInt8] = []
        appendEscaped(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// A C0 control, DEL, or the lead byte of a two-byte sequence that may be a C1 control.
    @inline(__always)
    private static func needsAttention(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2
    }

    /// `\u00XX` for the code point `value` (below U+0100).
    private static func appendUnicodeEscape(_ value: UInt8, to buffer: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789abcdef"
        buffer.append(contentsOf: "\\u00".utf8)
        hexDigits.withUTF8Buffer { digits in
            buffer.append(digits[Int(value >> 4)])
            buffer.append(digits[Int(value & 0x0F)])
        }
    }
}
