import HTTPServer

/// One thing a pattern requires of a request (docs/ARCHITECTURE.md#matching). Each rule is evaluated
/// in exactly one place, ``evaluate(_:)``: `match` takes every evaluation passing as a match and
/// ranks it by what the rules counted, `diagnose` lists the same evaluations with what they read, so
/// the two can never disagree.
///
/// Indirect, so a copy of a rule (every candidate's rules are read on every request) is one
/// reference count, not one per string of its constraint.
package indirect enum MatchRule: Sendable, Equatable {
    case method(String)
    case path(String)
    case parameter(QueryConstraint)
    case header(HeaderConstraint)
    case near(GeoCircle)
    case range(RangeRule)

    /// This rule's verdict on `request`, with what ranking a match or a near miss needs.
    func evaluate(_ request: ReplayRequest) -> RuleEvaluation {
        switch self {
        case .method(let method):
            return RuleEvaluation(request.method == method ? .passed : .otherRoute)
        case .path(let path):
            return RuleEvaluation(request.path == path ? .passed : .otherRoute)
        case .parameter(let constraint):
            let key = request.parameters.key(for: constraint.name)
            switch constraint.expectation {
            case .equals:
                guard let key else { return RuleEvaluation(.lacks) }
                return RuleEvaluation(key == constraint.expectedKey ? .passed : .differs)
            case .present:
                return RuleEvaluation(key != nil ? .passed : .lacks)
            case .absent:
                let leftOut = key == nil || request.leavesOut(constraint.name)
                // A request carrying what the pattern excludes is further off than one with another value.
                return RuleEvaluation(leftOut ? .passed : .lacks)
            }
        case .header(let constraint):
            let value = request.headers[constraint.name]
            switch constraint.expectation {
            case .equals:
                guard let value else { return RuleEvaluation(.lacks) }
                return RuleEvaluation(
                    QueryValue.Key.text(value.trimmingASCIIWhitespace()) == constraint.expectedKey ? .passed : .differs)
            case .present:
                return RuleEvaluation(value != nil ? .passed : .lacks)
            case .absent:
                return RuleEvaluation(value == nil ? .passed : .lacks)
            }
        case .near(let circle):
            guard let coordinate = request.coordinate else { return RuleEvaluation(.lacks) }
            let distance = GreatCircle.distanceKilometres(
                latitude1: circle.latitude, longitude1: circle.longitude,
                latitude2: coordinate.latitude, longitude2: coordinate.longitude)
            var evaluation = RuleEvaluation(distance <= circle.radiusKilometres ? .passed : .differs)
            evaluation.distanceKilometres = distance
            return evaluation
        case .range(let range):
            let verdict = range.verdict(on: request.parameters)
            var evaluation = RuleEvaluation(verdict.passed ? .passed : verdict.lacks ? .lacks : .differs)
            evaluation.rangeDistance = verdict.distance
            return evaluation
        }
    }
}

/// What one rule found: whether the request passed, and the figures that rank matches and misses.
package struct RuleEvaluation: Sendable, Equatable {
    /// How a request stands against one rule.
    enum Verdict: Sendable, Equatable {
        case passed
        /// The request carries the value, and it differs.
        case differs
        /// The request lacks what the rule looks at (a parameter, coordinates), or carries what the
        /// rule excludes: further away than a differing value.
        case lacks
        /// Another method or path: the furthest miss.
        case otherRoute
    }

    var verdict: Verdict
    /// For `near`: how far the request's point is from the centre.
    var distanceKilometres: Double?
    /// For `range`: how far outside the covered span the request's range is (0 to 4, see `RangeRule`).
    var rangeDistance = 0

    init(_ verdict: Verdict) {
        self.verdict = verdict
    }

    var passed: Bool { verdict == .passed }
}
