import Basics

/// Small constructors for building JSON documents in code (admin API answers).
extension JSONValue {
    static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }
    static func string(_ text: String?) -> JSONValue { text.map { JSONValue(.string($0)) } ?? JSONValue(.null) }
    static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }
    static func number(_ value: Double) -> JSONValue { JSONValue(.number(UnitConversion.format(value))) }
    static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    static let null = JSONValue(.null)
    static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember(key: $0.key, keyOffset: 0, value: $0.value) }))
    }
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember(key: $0.0, keyOffset: 0, value: $0.1) }))
    }
}
