/// The request half of an interaction: what a request must look like to be answered by it.
struct RequestPattern: Sendable, Equatable {
    /// Upper-case method (`GET`).
    var method: String
    /// Percent-decoded path without a trailing slash (`/data/2.5/weather`); `/` stays `/`.
    var path: String
    /// Constraints on query parameters, sorted by name; names are lower-case.
    var query: [QueryConstraint]
    var near: GeoCircle?
    /// Two parameters bounding a time range, and the body items the range selects (`RangeRule`).
    var range: RangeRule? = nil

    /// A value that is equal for two patterns exactly when they accept the same requests; used to
    /// find "the same request in two files" (hashed, never printed, so nothing is formatted).
    var canonicalKey: CanonicalKey {
        CanonicalKey(
            method: method, path: path,
            query: query.map {
                CanonicalKey.Constraint(name: $0.name, expectedKey: $0.expectedKey, expectation: $0.kind)
            },
            near: near.map { [$0.latitude.bitPattern, $0.longitude.bitPattern, $0.radiusKilometres.bitPattern] },
            range: range)
    }

    /// Hashes its parts once, when made (start-up makes the keys on all cores, then checks them on
    /// one): a set of keys then compares stored hashes before any text.
    struct CanonicalKey: Hashable, Sendable {
        struct Constraint: Hashable, Sendable {
            var name: String
            var expectedKey: QueryValue.Key?
            var expectation: Int
        }
        let method: String
        let path: String
        let query: [Constraint]
        let near: [UInt64]?
        let range: RangeRule?
        private let hashOfParts: Int

        init(method: String, path: String, query: [Constraint], near: [UInt64]?, range: RangeRule? = nil) {
            self.method = method
            self.path = path
            self.query = query
            self.near = near
            self.range = range
            var hasher = Hasher()
            hasher.combine(method)
            hasher.combine(path)
            hasher.combine(query)
            hasher.combine(near)
            hasher.combine(range)
            hashOfParts = hasher.finalize()
        }

        static func == (lhs: CanonicalKey, rhs: CanonicalKey) -> Bool {
            lhs.hashOfParts == rhs.hashOfParts && lhs.method == rhs.method && lhs.path == rhs.path
                && lhs.query == rhs.query && lhs.near == rhs.near && lhs.range == rhs.range
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hashOfParts)
        }
    }

    /// `q=seoul&lat=(absent)&near 37.5683,126.9778 ≤ 20 km`: for listings and diagnoses.
    var summary: String {
        var parts = query.map { "\($0.name)=\($0.expectation.displayText)" }
        if let near {
            parts.append("near \(near.latitude),\(near.longitude) ≤ \(Matchers.format(near.radiusKilometres)) km")
        }
        if let range { parts.append("range \(range.expectedText)") }
        return parts.joined(separator: "&")
    }
}

/// One query parameter a pattern names.
struct QueryConstraint: Sendable, Equatable {
    /// Lower-case: parameter names compare case-insensitively (`APPID` = `appid`).
    var name: String
    var expectation: QueryExpectation {
        didSet { expectedKey = Self.key(for: expectation, name: name) }
    }
    /// The expected value's normal form, computed once so a request's value is normalised only once.
    private(set) var expectedKey: QueryValue.Key?

    init(name: String, expectation: QueryExpectation) {
        self.name = name
        // The API's default (`lang=en`) is the same request as leaving the parameter out.
        if case .equals(let value) = expectation, QueryDefaults.isDefault(value, forParameter: name) {
            self.expectation = .absent
        } else {
            self.expectation = expectation
        }
        self.expectedKey = Self.key(for: self.expectation, name: name)
    }

    /// 0 equals, 1 present, 2 absent (with ``expectedKey``, what makes two constraints the same).
    var kind: Int {
        switch expectation {
        case .equals: 0
        case .present: 1
        case .absent: 2
        }
    }

    private static func key(for expectation: QueryExpectation, name: String) -> QueryValue.Key? {
        if case .equals(let value) = expectation { return QueryValue.key(value, forParameter: name) }
        return nil
    }
}

/// What a pattern asks of one query parameter.
enum QueryExpectation: Sendable, Equatable {
    /// Present with an equal value (see `QueryValue.equal`).
    case equals(String)
    /// `"*"`: present with any value.
    case present
    /// `null`: must be absent.
    case absent

    var displayText: String {
        switch self {
        case .equals(let value): value
        case .present: "*"
        case .absent: "(absent)"
        }
    }
}

/// Parameters a client may send with the API's default value or leave out, with the same answer at
/// the API: `lang=en`, `units=standard`, `mode=json` (compared case-insensitively). pyowm always sends
/// `lang=en`; a recording made without it must still answer it, and one made with it a client that
/// leaves it out. So a pattern's default value means "absent", and a request's default value counts
/// as absent (docs/ARCHITECTURE.md#matching).
enum QueryDefaults {
    static let values: [String: String] = ["lang": "en", "units": "standard", "mode": "json"]

    static func isDefault(_ value: String, forParameter name: String) -> Bool {
        guard let standard = values[name] else { return false }
        return value.trimmingASCIIWhitespace().lowercased() == standard
    }

    /// Whether a request whose parameter `name` has `value` (nil: not sent) leaves it out as far as
    /// matching goes.
    static func leavesOut(_ value: String?, forParameter name: String) -> Bool {
        value.map { isDefault($0, forParameter: name) } ?? true
    }
}

/// How query values compare (docs/ARCHITECTURE.md#matching): `q` case-insensitively with whitespace trimmed, numbers
/// numerically (`37.50` = `37.5`), everything else exactly.
enum QueryValue {
    /// A normal form such that two values are equal exactly when their keys are; the match index
    /// files interactions under it.
    enum Key: Hashable, Sendable, CustomStringConvertible {
        case number(Double)
        case text(String)

        var description: String {
            switch self {
            case .number(let value): "#\(value)"
            case .text(let text): text
            }
        }
    }

    static func equal(_ requested: String, _ expected: String, parameter: String) -> Bool {
        key(requested, forParameter: parameter) == key(expected, forParameter: parameter)
    }

    static func key(_ value: String, forParameter parameter: String) -> Key {
        // Place names and zip codes (`04524,kr`) are case-insensitive at the API.
        if parameter == "q" || parameter == "zip" { return .text(value.trimmingASCIIWhitespace().lowercased()) }
        if let number = NumericText.value(of: value) { return .number(number) }
        return .text(value)
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
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return self }
        return String(self[first...last])
    }
}
