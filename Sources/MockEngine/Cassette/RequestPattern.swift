/// The request half of an interaction: what a request must look like to be answered by it, as the
/// list of rules matching checks (``rules``, docs/ARCHITECTURE.md#matching).
package struct RequestPattern: Sendable, Equatable {
    /// Upper-case method (`GET`).
    package let method: String
    /// Percent-decoded path without a trailing slash (`/data/2.5/weather`); `/` stays `/`.
    package let path: String
    /// Every rule a request must pass, in the order a reader checks them: method, path, parameters
    /// (sorted by name), headers (sorted by name), `near`, `range`. The pattern's parts are read from
    /// them, not kept beside them: a library holds a pattern for each of its interactions, hundreds of
    /// thousands of them in a large set (docs/ARCHITECTURE.md#start-up-snapshots).
    let rules: [MatchRule]

    init(
        method: String, path: String, query: [QueryConstraint], headers: [HeaderConstraint] = [],
        near: GeoCircle? = nil, range: RangeRule? = nil
    ) {
        self.init(
            method: method, path: path, methodRule: .method(method), pathRule: .path(path), query: query,
            headers: headers, near: near, range: range)
    }

    /// A pattern whose method and path rules are given (a start-up snapshot shares one rule among all
    /// the patterns of a method or a path).
    init(
        method: String, path: String, methodRule: MatchRule, pathRule: MatchRule, query: [QueryConstraint],
        headers: [HeaderConstraint], near: GeoCircle?, range: RangeRule?
    ) {
        self.method = method
        self.path = path
        var rules: [MatchRule] = []
        rules.reserveCapacity(2 + query.count + headers.count + (near == nil ? 0 : 1) + (range == nil ? 0 : 1))
        rules.append(methodRule)
        rules.append(pathRule)
        for constraint in query { rules.append(.parameter(constraint)) }
        for constraint in headers { rules.append(.header(constraint)) }
        if let near { rules.append(.near(near)) }
        if let range { rules.append(.range(range)) }
        self.rules = rules
    }

    /// Constraints on query parameters, sorted by name; names are lower-case.
    package var query: [QueryConstraint] {
        rules.compactMap { rule in
            if case .parameter(let constraint) = rule { return constraint }
            return nil
        }
    }

    /// Constraints on headers, sorted by name; names are lower-case.
    package var headers: [HeaderConstraint] {
        rules.compactMap { rule in
            if case .header(let constraint) = rule { return constraint }
            return nil
        }
    }

    /// The circle a request's coordinates must fall in, if any.
    package var near: GeoCircle? {
        // Last but the range: found from the end.
        for rule in rules.reversed() {
            switch rule {
            case .near(let circle): return circle
            case .range: continue
            default: return nil
            }
        }
        return nil
    }

    /// Two parameters bounding a time range, and the body items the range selects (`RangeRule`).
    /// Read for every answered request: the last rule, when there is one.
    package var range: RangeRule? {
        if case .range(let range) = rules.last { return range }
        return nil
    }

    package static func == (lhs: RequestPattern, rhs: RequestPattern) -> Bool {
        lhs.rules == rhs.rules
    }

    /// A value that is equal for two patterns exactly when they accept the same requests; used to
    /// find "the same request in two files" (hashed, never printed, so nothing is formatted).
    package var canonicalKey: CanonicalKey {
        CanonicalKey(
            method: method, path: path,
            query: query.map {
                CanonicalKey.Constraint(name: $0.name, expectedKey: $0.expectedKey, expectation: $0.kind)
            }
                + headers.map {
                    CanonicalKey.Constraint(
                        name: "header:" + $0.name, expectedKey: $0.expectedKey, expectation: $0.kind)
                },
            near: near.map { [$0.latitude.bitPattern, $0.longitude.bitPattern, $0.radiusKilometres.bitPattern] },
            range: range)
    }

    /// Hashes its parts once, when made (start-up makes the keys on all cores, then checks them on
    /// one): a set of keys then compares stored hashes before any text.
    package struct CanonicalKey: Hashable, Sendable {
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

        package static func == (lhs: CanonicalKey, rhs: CanonicalKey) -> Bool {
            lhs.hashOfParts == rhs.hashOfParts && lhs.method == rhs.method && lhs.path == rhs.path
                && lhs.query == rhs.query && lhs.near == rhs.near && lhs.range == rhs.range
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(hashOfParts)
        }
    }

    /// `q=seoul&lat=(absent)&near 37.5683,126.9778 ≤ 20 km`: for listings and diagnoses.
    var summary: String {
        var parts = query.map { "\($0.name)=\($0.expectation.displayText)" }
        parts += headers.map { "header \($0.name)=\($0.expectation.displayText)" }
        if let near {
            parts.append(
                "near \(near.latitude),\(near.longitude) ≤ \(NumberText.shortest(tenths: near.radiusKilometres)) km")
        }
        if let range { parts.append("range \(range.expectedText)") }
        return parts.joined(separator: "&")
    }
}

/// One query parameter a pattern names.
package struct QueryConstraint: Sendable, Equatable {
    /// Lower-case: parameter names compare case-insensitively (`Q` = `q`).
    package let name: String
    package let expectation: QueryExpectation
    /// The expected value's normal form, computed once so a request's value is normalised only once.
    let expectedKey: QueryValue.Key?
    /// Whether the parameter's values compare without case (the provider's, `q`).
    let caseInsensitive: Bool
    /// Whether the parameter carries a secret (a literal value stages a key state, and ranks first).
    package let isSecret: Bool

    /// A constraint on `name` read with `vocabulary`: the API's default value (`lang=en`) is the same
    /// request as leaving the parameter out, so it becomes "absent".
    init(name: String, expectation: QueryExpectation, vocabulary: RequestVocabulary, isSecret: Bool) {
        var read = expectation
        if case .equals(let value) = expectation, vocabulary.isDefault(value, forParameter: name) { read = .absent }
        self.init(
            name: name, expectation: read, caseInsensitive: vocabulary.caseInsensitiveParameters.contains(name),
            isSecret: isSecret)
    }

    /// A constraint as a decoder made it (its default already "absent"): a start-up snapshot reads
    /// constraints back this way.
    init(name: String, expectation: QueryExpectation, caseInsensitive: Bool, isSecret: Bool) {
        self.name = name
        self.expectation = expectation
        self.caseInsensitive = caseInsensitive
        self.isSecret = isSecret
        if case .equals(let value) = expectation {
            expectedKey = QueryValue.key(value, caseInsensitive: caseInsensitive)
        } else {
            expectedKey = nil
        }
    }

    /// 0 equals, 1 present, 2 absent (with ``expectedKey``, what makes two constraints the same).
    var kind: Int { expectation.kind }
}

/// One header a pattern names: present with a value (compared exactly, surrounding white space
/// trimmed), present with any value, or absent.
package struct HeaderConstraint: Sendable, Equatable {
    /// Lower-case: header names compare case-insensitively.
    package let name: String
    package let expectation: QueryExpectation
    /// The expected value trimmed, compared with the request's trimmed value.
    let expectedKey: QueryValue.Key?
    /// Whether the header carries a secret (its provider's `Authorization`).
    let isSecret: Bool

    /// A constraint on the header `name` (lower-cased here).
    init(name: String, expectation: QueryExpectation, isSecret: Bool) {
        self.name = name.lowercased()
        self.expectation = expectation
        self.isSecret = isSecret
        if case .equals(let value) = expectation {
            expectedKey = .text(value.trimmingASCIIWhitespace())
        } else {
            expectedKey = nil
        }
    }

    var kind: Int { expectation.kind }
}

/// What a pattern asks of one query parameter.
package enum QueryExpectation: Sendable, Equatable {
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

    /// 0 equals, 1 present, 2 absent.
    var kind: Int {
        switch self {
        case .equals: 0
        case .present: 1
        case .absent: 2
        }
    }
}

/// How query values compare (docs/ARCHITECTURE.md#matching): a provider's case-insensitive parameters
/// (`q`) without case and with white space trimmed, numbers numerically (`37.50` = `37.5`), everything
/// else exactly.
package enum QueryValue {
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

    static func key(_ value: String, caseInsensitive: Bool) -> Key {
        if caseInsensitive { return .text(value.trimmingASCIIWhitespace().lowercased()) }
        if let number = NumericText.value(of: value) { return .number(number) }
        return .text(value)
    }
}

/// Decimal number text as clients write coordinates and ids: `-?digits(.digits)?([eE][+-]?digits)?`,
/// nothing else (no `nan`, `inf` or hexadecimal, which `Double.init` would accept).
package enum NumericText {
    /// The finite number `text` writes, nil for anything else.
    package static func value(of text: String) -> Double? {
        guard let value = decimal(of: text), value.isFinite else { return nil }
        return value == 0 ? 0 : value  // -0 and 0 are the same coordinate
    }

    /// The number `text` writes in this grammar, infinite when it is too large for a Double
    /// (`1e999`): what a range check reads, so such a value is out of range rather than no number.
    package static func decimal(of text: String) -> Double? {
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
        return Double(text)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, CRs and LFs.
    package func trimmingASCIIWhitespace() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return self }
        return String(self[first...last])
    }
}
