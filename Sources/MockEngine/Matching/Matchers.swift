import Basics
import HTTPServer

/// Matching (docs/ARCHITECTURE.md#matching): a pattern matches when every one of its rules passes,
/// and the best match is ranked by what the rules counted; a miss is explained by the same rules'
/// outcomes, as vcrpy lists the matchers that passed and failed. Each rule is decided once, in
/// ``MatchRule/evaluate(_:)``, so a match and its diagnosis cannot disagree.
package enum Matchers {
    /// How well `pattern` matches `request`: nil when a rule fails, otherwise what ranks it.
    static func match(_ pattern: RequestPattern, _ request: ReplayRequest) -> MatchQuality? {
        match(rules: pattern.rules, request)
    }

    /// How well a pattern whose rules are `rules` matches `request` (what the library's loop calls:
    /// handing over the rules alone copies one array, where the whole pattern retains each field).
    static func match(rules: [MatchRule], _ request: ReplayRequest) -> MatchQuality? {
        // Through the buffer, each rule is evaluated where it lies: `for rule in` or the array's
        // subscript would copy (and retain the strings of) every rule of every candidate per request.
        rules.withUnsafeBufferPointer { rules in
            var quality = MatchQuality()
            for index in rules.indices {
                let evaluation = rules[index].evaluate(request)
                guard evaluation.passed else { return nil }
                quality.count(rules[index], evaluation)
            }
            return quality
        }
    }

    /// Every rule's outcome for `pattern`, in the order a reader checks them.
    static func diagnose(_ pattern: RequestPattern, _ request: ReplayRequest) -> [RuleOutcome] {
        pattern.rules.map { RuleOutcome($0, $0.evaluate(request), request) }
    }
}

/// One rule's verdict in a diagnosis, with what the request carried and what the rule expects, as the
/// 501 message, the journal and the dashboard's table show it. Secret values are masked.
package struct RuleOutcome: Sendable, Equatable {
    /// Which rule, typed: what ranks a miss is the verdict, never the rule's name.
    enum Kind: Sendable, Equatable {
        case method, path, near, range
        case parameter(String)
        case header(String)
    }

    var kind: Kind
    var verdict: RuleEvaluation.Verdict
    /// What differed (`q: busan ≠ seoul`), shown when the rule failed.
    var difference: String
    /// What the request carried for the rule (`busan`; a secret masked), nil when it carried nothing.
    var requested: String?
    /// What the pattern asks for (`seoul`, `any value`, `within 10 km of 37.56,126.97`).
    var expected: String?
    /// How different a differing value is (edit distance, or how far outside a range): a misspelt
    /// city is closer than an unrelated cassette that fails as many rules.
    var valueDistance = 0

    /// The outcome of `rule`, evaluated as `evaluation`, for `request`.
    init(_ rule: MatchRule, _ evaluation: RuleEvaluation, _ request: ReplayRequest) {
        verdict = evaluation.verdict
        switch rule {
        case .method(let method):
            kind = .method
            difference = "method: \(request.method) ≠ \(method)"
            requested = request.method
            expected = method
        case .path(let path):
            kind = .path
            difference = "path: \(request.path) ≠ \(path)"
            requested = request.path
            expected = path
        case .parameter(let constraint):
            let name = constraint.name
            kind = .parameter(name)
            let value = request.parameters[name]
            let shown =
                constraint.isSecret || request.isSecretParameter(name) ? value.map { _ in KeyScrubber.mask } : value
            requested = shown
            (difference, expected) = Self.describe(
                name, constraint.expectation, shown, request.vocabulary.defaults[name])
            if evaluation.verdict == .differs, case .equals(let wanted) = constraint.expectation, let value {
                valueDistance = Suggestions.editDistance(value.lowercased(), wanted.lowercased())
            }
        case .header(let constraint):
            let name = constraint.name
            kind = .header(name)
            let value = request.headers[name]
            let shown =
                constraint.isSecret || request.isSecretHeader(name) ? value.map { _ in KeyScrubber.mask } : value
            requested = shown
            (difference, expected) = Self.describe("header \(name)", constraint.expectation, shown, nil)
        case .near(let circle):
            kind = .near
            let centre = "\(circle.latitude),\(circle.longitude)"
            let radius = NumberText.shortest(tenths: circle.radiusKilometres)
            expected = "within \(radius) km of \(centre)"
            if let coordinate = request.coordinate, let distance = evaluation.distanceKilometres {
                let away = NumberText.shortest(tenths: distance)
                difference = "near: \(away) km from \(centre), radius \(radius) km"
                requested = "\(coordinate.latitude),\(coordinate.longitude) (\(away) km away)"
            } else {
                let names = request.vocabulary.coordinates.map { "\($0.latitude) and \($0.longitude)" } ?? "coordinates"
                difference = "near: needs numeric \(names) (near \(centre))"
                requested = nil
            }
        case .range(let range):
            kind = .range
            let verdict = range.verdict(on: request.parameters)
            difference = verdict.difference
            requested = verdict.requested
            expected = range.expectedText
            valueDistance = evaluation.rangeDistance
        }
    }

    /// The difference and expectation texts of a parameter or header rule.
    private static func describe(
        _ name: String, _ expectation: QueryExpectation, _ shown: String?, _ standard: String?
    ) -> (difference: String, expected: String) {
        switch expectation {
        case .equals(let wanted):
            return (shown.map { "\(name): \($0) ≠ \(wanted)" } ?? "\(name): missing, expected \(wanted)", wanted)
        case .present:
            return ("\(name): missing, expected any value", "any value")
        case .absent:
            let standard = standard.map { " (or \($0), the API's default)" } ?? ""
            return ("\(name): \(shown ?? "") given, must be absent\(standard)", "absent\(standard)")
        }
    }

    var passed: Bool { verdict == .passed }

    /// The rule's name as the admin API and the dashboard show it: `method`, `path`, a parameter's
    /// name, `header NAME`, `near`, `range`.
    var rule: String {
        switch kind {
        case .method: "method"
        case .path: "path"
        case .near: "near"
        case .range: "range"
        case .parameter(let name): name
        case .header(let name): "header \(name)"
        }
    }

    /// How far this outcome puts a request from the pattern: 0 passed, 1 a value differs, 2 the
    /// request lacks the value (or carries what the rule excludes), 3 a different method or path.
    var penalty: Int {
        switch verdict {
        case .passed: 0
        case .differs: 1
        case .lacks: 2
        case .otherRoute: 3
        }
    }
}

/// What ranks matching interactions: the most specific wins, then the nearest
/// (docs/ARCHITECTURE.md#matching).
package struct MatchQuality: Sendable {
    /// The pattern named a literal secret (a key) that matched: the API checks the key before anything
    /// else, so a staged key state wins over a location match.
    var namesSecret = false
    var equalParameters = 0
    var otherParameters = 0
    var distanceKilometres: Double?

    /// Counts what a passed rule adds to the ranking.
    mutating func count(_ rule: MatchRule, _ evaluation: RuleEvaluation) {
        switch rule {
        case .method, .path: break
        case .parameter(let constraint): count(constraint.expectation, isSecret: constraint.isSecret)
        case .header(let constraint): count(constraint.expectation, isSecret: constraint.isSecret)
        case .near: distanceKilometres = evaluation.distanceKilometres
        case .range: otherParameters += 1
        }
    }

    private mutating func count(_ expectation: QueryExpectation, isSecret: Bool) {
        guard case .equals = expectation else {
            otherParameters += 1
            return
        }
        if isSecret { namesSecret = true }
        equalParameters += 1
    }

    /// True when `self` should win over `other` (ties are broken by file order by the caller).
    func isBetter(than other: MatchQuality) -> Bool {
        if namesSecret != other.namesSecret { return namesSecret }
        if equalParameters != other.equalParameters { return equalParameters > other.equalParameters }
        if otherParameters != other.otherParameters { return otherParameters > other.otherParameters }
        switch (distanceKilometres, other.distanceKilometres) {
        case (.some(let mine), .some(let theirs)): return mine < theirs
        case (.some, nil): return true
        default: return false
        }
    }
}
