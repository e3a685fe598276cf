package import Basics

/// Small constructors for building JSON documents in code (admin API answers).
extension JSONValue {
    package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
    static func string(_ text: String?) -> JSONValue { text.map { JSONValue(.string($0)) } ?? JSONValue(.null) }
    package static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }
    /// `value` as a JSON number, or null when it is not finite (JSON has no `inf` or `nan`).
    package static func number(_ value: Double) -> JSONValue {
        value.isFinite ? JSONValue(.number(NumberText.shortest(value))) : .null
    }
    package static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    package static let null = JSONValue(.null)
    package static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember(key: $0.key, keyOffset: 0, value: $0.value) }))
    }
    package static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember(key: $0.0, keyOffset: 0, value: $0.1) }))
    }
}

/// Numbers as the mock writes them in text of its own (messages, admin answers, requests made from
/// patterns).
package enum NumberText {
    /// The shortest text that reads back as `value`, without a trailing `.0` (`27`, `-2.34`, `80.6`).
    package static func shortest(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `value` rounded to tenths, then as ``shortest(_:)`` (`12.3`, `5`): distances in messages.
    package static func shortest(tenths value: Double) -> String {
        shortest((value * 10).rounded() / 10)
    }
}
