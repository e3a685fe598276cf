/// The matching rules (docs/ARCHITECTURE.md#matching), one function each, so a match and its diagnosis agree.
///
/// `matches` is the hot path (no allocation beyond what the comparison needs); `diagnose` explains a
/// miss rule by rule, the way vcrpy lists the matchers that passed and failed.
enum Matchers {
    /// How well a pattern matches: nil for no match, otherwise what ranks it against other matches.
    static func match(_ pattern: RequestPattern, _ request: ReplayRequest) -> MatchQuality? {
        guard pattern.method == request.method, pattern.path == request.path else { return nil }
        var quality = MatchQuality()
        for constraint in pattern.query {
            let key = request.parameters.key(for: constraint.name)
            switch constraint.expectation {
            case .equals:
                guard let key, key == constraint.expectedKey else { return nil }
                if constraint.name == "appid" { quality.namesKey = true }
                quality.equalParameters += 1
            case .present:
                guard key != nil else { return nil }
                quality.otherParameters += 1
            case .absent:
                guard
                    key == nil
                        || QueryDefaults.leavesOut(request.parameters[constraint.name], forParameter: constraint.name)
                else { return nil }
                quality.otherParameters += 1
            }
        }
        if let near = pattern.near {
            guard let coordinate = request.coordinate else { return nil }
            let distance = GreatCircle.distanceKilometres(
                latitude1: near.latitude, longitude1: near.longitude,
                latitude2: coordinate.latitude, longitude2: coordinate.longitude)
            guard distance <= near.radiusKilometres else { return nil }
            quality.distanceKilometres = distance
        }
        if let range = pattern.range {
            guard range.accepts(request.parameters) else { return nil }
            quality.otherParameters += 1
        }
        return quality
    }

    /// Every rule's outcome for one pattern, in the order a reader checks them.
    static func diagnose(_ pattern: RequestPattern, _ request: ReplayRequest) -> [RuleOutcome] {
        var outcomes: [RuleOutcome] = []
        outcomes.append(
            RuleOutcome(
                rule: "method", passed: pattern.method == request.method,
                difference: "method: \(request.method) ≠ \(pattern.method)", requested: request.method,
                expected: pattern.method))
        outcomes.append(
            RuleOutcome(
                rule: "path", passed: pattern.path == request.path,
                difference: "path: \(request.path) ≠ \(pattern.path)", requested: request.path,
                expected: pattern.path))
        for constraint in pattern.query {
            let name = constraint.name
            let value = request.parameters[name]
            let shownValue = KeyScrubber.isKeyParameter(name) ? value.map { _ in KeyScrubber.mask } : value
            switch constraint.expectation {
            case .equals(let expected):
                let passed = value.map { QueryValue.equal($0, expected, parameter: name) } ?? false
                let difference =
                    shownValue.map { "\(name): \($0) ≠ \(expected)" } ?? "\(name): missing, expected \(expected)"
                outcomes.append(
                    RuleOutcome(
                        rule: name, passed: passed, difference: difference, requestLacksIt: value == nil,
                        requested: shownValue, expected: expected))
            case .present:
                outcomes.append(
                    RuleOutcome(
                        rule: name, passed: value != nil, difference: "\(name): missing, expected any value",
                        requestLacksIt: true, requested: shownValue, expected: "any value"))
            case .absent:
                let standard = QueryDefaults.values[name].map { " (or \($0), the API's default)" } ?? ""
                outcomes.append(
                    RuleOutcome(
                        rule: name, passed: QueryDefaults.leavesOut(value, forParameter: name),
                        difference: "\(name): \(shownValue ?? "") given, must be absent\(standard)",
                        requestLacksIt: true,
                        requested: shownValue, expected: "absent\(standard)"))
            }
        }
        if let near = pattern.near {
            let centre = "\(near.latitude),\(near.longitude)"
            if let coordinate = request.coordinate {
                let distance = GreatCircle.distanceKilometres(
                    latitude1: near.latitude, longitude1: near.longitude,
                    latitude2: coordinate.latitude, longitude2: coordinate.longitude)
                outcomes.append(
                    RuleOutcome(
                        rule: "near", passed: distance <= near.radiusKilometres,
                        difference:
                            "near: \(Self.format(distance)) km from \(centre), radius \(Self.format(near.radiusKilometres)) km",
                        requested: "\(coordinate.latitude),\(coordinate.longitude) (\(Self.format(distance)) km away)",
                        expected: "within \(Self.format(near.radiusKilometres)) km of \(centre)"
                    ))
            } else {
                outcomes.append(
                    RuleOutcome(
                        rule: "near", passed: false, difference: "near: needs numeric lat and lon (near \(centre))",
                        requestLacksIt: true, requested: nil,
                        expected: "within \(Self.format(near.radiusKilometres)) km of \(centre)"))
            }
        }
        if let range = pattern.range { outcomes.append(range.diagnose(request.parameters).outcome) }
        return outcomes
    }

    static func format(_ kilometres: Double) -> String {
        let rounded = (kilometres * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// One rule's verdict in a diagnosis.
struct RuleOutcome: Sendable, Equatable {
    var rule: String
    var passed: Bool
    /// What differed (`q: busan ≠ seoul`), shown when the rule failed.
    var difference: String
    /// The request does not carry what the rule looks at (a missing parameter, no coordinates), or
    /// carries what it excludes: a miss further away than a value that differs.
    var requestLacksIt = false
    /// What the request carried for the rule (`busan`; the key masked), nil when it carried nothing.
    var requested: String?
    /// What the pattern asks for (`seoul`, `any value`, `within 10 km of 37.56,126.97`).
    var expected: String?

    /// How far this outcome puts a request from the pattern: 0 passed, 1 a value differs, 2 the
    /// request lacks the value, 3 a different method or path.
    var penalty: Int {
        if passed { return 0 }
        if rule == "method" || rule == "path" { return 3 }
        return requestLacksIt ? 2 : 1
    }
}

/// What ranks matching interactions: the most specific wins, then the nearest
/// (docs/ARCHITECTURE.md#matching).
struct MatchQuality: Sendable {
    /// The pattern named a literal `appid` that matched: the API checks the key before anything else,
    /// so a staged 401 wins over a location match.
    var namesKey = false
    var equalParameters = 0
    var otherParameters = 0
    var distanceKilometres: Double?

    /// True when `self` should win over `other` (ties are broken by file order by the caller).
    func isBetter(than other: MatchQuality) -> Bool {
        if namesKey != other.namesKey { return namesKey }
        if equalParameters != other.equalParameters { return equalParameters > other.equalParameters }
        if otherParameters != other.otherParameters { return otherParameters > other.otherParameters }
        switch (distanceKilometres, other.distanceKilometres) {
        case (.some(let mine), .some(let theirs)): return mine < theirs
        case (.some, nil): return true
        default: return false
        }
    }
}
