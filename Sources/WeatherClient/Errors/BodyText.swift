internal import Foundation

/// Short, single-line descriptions of response bodies for error messages.
enum BodyText {
    /// True when the body, ignoring leading whitespace and a byte-order mark, starts with `<`.
    static func looksLikeHTML(_ body: Data) -> Bool {
        body.first { !isWhitespace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF } == UInt8(ascii: "<")
    }

    /// True when the body is empty or only whitespace.
    static func isBlank(_ body: Data) -> Bool {
        body.allSatisfy(isWhitespace)
    }

    /// The text of the first `<title>` (or, failing that, `<h1>`), whitespace collapsed and
    /// common entities decoded; `nil` when there is none or it is empty.
    static func htmlTitle(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        for tag in ["title", "h1"] {
            guard let open = text.range(of: "<\(tag)", options: .caseInsensitive),
                let openEnd = text[open.upperBound...].firstIndex(of: ">"),
                let close = text[openEnd...].range(of: "</\(tag)", options: .caseInsensitive)
            else { continue }
            let inner = singleLine(decodeEntities(String(text[text.index(after: openEnd)..<close.lowerBound])))
            if !inner.isEmpty { return truncated(inner, limit: 100) }
        }
        return nil
    }

    /// The start of the body as one line of at most `limit` characters, for a message.
    static func excerpt(_ body: Data, limit: Int = 120) -> String {
        truncated(singleLine(String(decoding: body.prefix(limit * 4), as: UTF8.self)), limit: limit)
    }

    /// `"value"`, cut to `limit` characters with an ellipsis.
    static func quoted(_ value: String, limit: Int) -> String {
        "\"\(truncated(value, limit: limit))\""
    }

    /// Whether the JSON text ends before its outermost value is complete: an open string,
    /// object or array at the end of the body. Brackets inside strings do not count.
    static func isTruncatedJSON(_ body: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    private static func truncated(_ text: String, limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    private static func decodeEntities(_ text: String) -> String {
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " ")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result.replacingOccurrences(of: "&amp;", with: "&")
    }
}
