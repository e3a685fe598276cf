/// The request half of an interaction: what a request must look like to be answered by it.
struct RequestPattern: Sendable {
    /// Upper-case method (`GET`).
    var method: String
    /// Percent-decoded path without a trailing slash (`/data/2.5/weather`); `/` stays `/`.
    var path: String
    /// Constraints on query parameters, sorted by name; names are lower-case.
    var query: [QueryConstraint]
    var near: GeoCircle?

    /// Text that is equal for two patterns exactly when they accept the same requests; used to find
    /// "the same request in two files".
    var canonicalKey: String {
        var key = "\(method) \(path)"
        for constraint in query {
            key += " \(constraint.name)=\(constraint.expectation.canonicalText(forParameter: constraint.name))"
        }
        if let near { key += " near(\(near.latitude),\(near.longitude),\(near.radiusKilometres))" }
        return key
    }

    /// `q=seoul&lat=(absent)&near 37.5683,126.9778 ≤ 20 km`: for listings and diagnoses.
    var summary: String {
        var parts = query.map { "\($0.name)=\($0.expectation.displayText)" }
        if let near {
            parts.append("near \(near.latitude),\(near.longitude) ≤ \(Matchers.format(near.radiusKilometres)) km")
        }
        return parts.joined(separator: "&")
    }
}

/// One query parameter a pattern names.
struct QueryConstraint: Sendable {
    /// Lower-case: parameter names compare case-insensitively (`APPID` = `appid`).
    var name: String
    var expectation: QueryExpectation
}

/// What a pattern asks of one query parameter.
enum QueryExpectation: Sendable, Equatable {
    /// Present with an equal value (see `QueryValue.equal`).
    case equals(String)
    /// `"*"`: present with any value.
    case present
    /// `null`: must be absent.
    case absent

    func canonicalText(forParameter name: String) -> String {
        switch self {
        case .equals(let value): "=" + QueryValue.indexKey(value, forParameter: name)
        case .present: "*"
        case .absent: "(absent)"
        }
    }

    var displayText: String {
        switch self {
        case .equals(let value): value
        case .present: "*"
        case .absent: "(absent)"
        }
    }
}

/// How query values compare (DESIGN §2): `q` case-insensitively with whitespace trimmed, numbers
/// numerically (`37.50` = `37.5`), everything else exactly.
enum QueryValue {
    static func equal(_ requested: String, _ expected: String, parameter: String) -> Bool {
        indexKey(requested, forParameter: parameter) == indexKey(expected, forParameter: parameter)
    }

    /// A normal form such that two values are equal exactly when their normal forms are; the match
    /// index files interactions under it.
    static func indexKey(_ value: String, forParameter parameter: String) -> String {
        if parameter == "q" { return value.trimmingASCIIWhitespace().lowercased() }
        if let number = NumericText.value(of: value) { return "#\(number)" }
        return value
    }
}

/// Decimal number text as clients write coordinates and ids: `-?digits(.digits)?([eE][+-]?digits)?`,
/// nothing else (no `nan`, `inf` or hexadecimal, which `Double.init` would accept).
enum NumericText {
    static func value(of text: String) -> Double? {
        var sawDigit = false
        var state = 0  // 0 sign, 1 integer, 2 fraction, 3 exponent sign, 4 exponent
        var exponentDigits = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                if !(offset == 0 && state == 0) && state != 3 { return nil }
                if state == 3 { state = 4 }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state == 0 { state = 1 }
                if state == 3 { state = 4 }
                if state == 4 { exponentDigits = true } else { sawDigit = true }
            case UInt8(ascii: "."):
                guard state <= 1 else { return nil }
                state = 2
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, state <= 2 else { return nil }
                state = 3
            default:
                return nil
            }
        }
        guard sawDigit, state < 3 || exponentDigits else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value  // -0 and 0 are the same coordinate
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
