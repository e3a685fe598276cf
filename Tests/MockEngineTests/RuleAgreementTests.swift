import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `match` and `diagnose` read the same evaluations (``MatchRule/evaluate(_:)``), so they cannot
/// disagree: over every bundled interaction, the request made from its pattern matches with every rule
/// passed, and that request with any one rule broken does not match, with that rule failed.
@Suite struct RuleAgreementTests {
    /// A request the pattern accepts: literal values, `*` as `1`, absences left out, the centre of a
    /// `near` circle, a range's sample bounds, header values.
    static func request(for pattern: RequestPattern, breaking broken: Int? = nil) -> ReplayRequest {
        var method = pattern.method
        var path = pattern.path
        var query: [(String, String)] = []
        var headers = HTTPHeaders()
        // A parameter broken by its own rule stays broken whatever a later rule (a range) would add.
        var brokenName: String?
        let coordinates = Providers.all.provider(forPath: pattern.path)?.vocabulary.coordinates
        for (index, rule) in pattern.rules.enumerated() {
            let breaks = index == broken
            switch rule {
            case .method(let value): method = breaks ? (value == "GET" ? "POST" : "GET") : value
            case .path(let value): path = breaks ? value + "x" : value
            case .parameter(let constraint):
                if breaks { brokenName = constraint.name }
                switch constraint.expectation {
                case .equals(let value):
                    let differing = NumericText.value(of: value).map { NumberText.shortest($0 + 1000) } ?? value + "x"
                    query.append((constraint.name, breaks ? differing : value))
                case .present: if !breaks { query.append((constraint.name, "1")) }
                case .absent: if breaks { query.append((constraint.name, "zzz")) }
                }
            case .header(let constraint):
                switch constraint.expectation {
                case .equals(let value): headers.add(name: constraint.name, value: breaks ? value + "x" : value)
                case .present: if !breaks { headers.add(name: constraint.name, value: "1") }
                case .absent: if breaks { headers.add(name: constraint.name, value: "zzz") }
                }
            case .near(let circle):
                guard let coordinates else { continue }
                let latitude =
                    breaks ? (circle.latitude > 0 ? circle.latitude - 45 : circle.latitude + 45) : circle.latitude
                query.removeAll { $0.0 == coordinates.latitude || $0.0 == coordinates.longitude }
                query += [
                    (coordinates.latitude, NumberText.shortest(latitude)),
                    (coordinates.longitude, NumberText.shortest(circle.longitude)),
                ]
            case .range(let range):
                let bounds = range.sampleBounds
                query.removeAll { ($0.0 == range.from || $0.0 == range.to) && $0.0 != brokenName }
                if !breaks {
                    query += [(range.from, bounds.from), (range.to, bounds.to)].filter { $0.0 != brokenName }
                }
            }
        }
        let text = query.map { "\($0.0)=\(RequestPath.percentEncoded($0.1))" }.joined(separator: "&")
        return ReplayRequest(method: method, path: path, query: text, headers: headers, providers: Providers.all)
    }

    private static let bundled: CassetteLibrary = {
        try! library(bundledFiles())
    }()

    @Test func aRequestMadeFromEachBundledPatternMatchesWithEveryRulePassed() {
        for entry in Self.bundled.entries {
            let request = Self.request(for: entry.pattern)
            let outcomes = Matchers.diagnose(entry.pattern, request)
            #expect(Matchers.match(entry.pattern, request) != nil, "\(entry.label): \(outcomes.filter { !$0.passed })")
            #expect(outcomes.allSatisfy { $0.passed }, "\(entry.label)")
            #expect(outcomes.count == entry.pattern.rules.count)
        }
    }

    @Test func breakingAnyOneRuleOfABundledPatternFailsThatRuleAndTheMatch() {
        var broken = 0
        for entry in Self.bundled.entries {
            for index in entry.pattern.rules.indices {
                let request = Self.request(for: entry.pattern, breaking: index)
                let outcomes = Matchers.diagnose(entry.pattern, request)
                let matched = Matchers.match(entry.pattern, request) != nil
                // The property itself: a match exactly when every rule passed.
                #expect(matched == outcomes.allSatisfy { $0.passed }, "\(entry.label) rule \(index)")
                #expect(
                    !outcomes[index].passed, "\(entry.label): breaking rule \(index) (\(outcomes[index].rule)) passed")
                #expect(!matched, "\(entry.label) matched with rule \(index) broken")
                broken += 1
            }
        }
        #expect(broken > Self.bundled.entries.count * 2)
    }

    /// One case per kind of rule, each broken on its own: the diagnosis names it, typed.
    @Test(arguments: [
        (#"{"method": "POST", "path": "/data/2.5/weather"}"#, RuleOutcome.Kind.method),
        (#"{"path": "/data/2.5/weather"}"#, .path),
        (#"{"path": "/data/2.5/weather", "query": {"q": "seoul"}}"#, .parameter("q")),
        (#"{"path": "/data/2.5/weather", "query": {"id": "*"}}"#, .parameter("id")),
        (#"{"path": "/data/2.5/weather", "query": {"lang": null}}"#, .parameter("lang")),
        (#"{"path": "/data/2.5/weather", "headers": {"Accept": "application/json"}}"#, .header("accept")),
        (#"{"path": "/data/2.5/weather", "near": {"lat": 37.5, "lon": 127, "radiusKm": 5}}"#, .near),
        (
            #"{"path": "/data/2.5/air_pollution/history", "range": {"from": "start", "to": "end", "items": "list", "key": "dt"}}"#,
            .range
        ),
    ])
    func eachKindOfRuleIsJudgedTheSameByMatchAndDiagnose(pattern: String, kind: RuleOutcome.Kind) throws {
        let body = kind == .range ? #"{"list": [{"dt": 1}]}"# : "{}"
        let file = cassetteJSON(#"{"request": \#(pattern), "response": {"status": 200, "json": \#(body)}}"#)
        let entry = try #require(try library([("rule.json", file)]).entries.first)
        let index = try #require(
            entry.pattern.rules.firstIndex { rule in
                RuleOutcome(rule, rule.evaluate(Self.request(for: entry.pattern)), Self.request(for: entry.pattern))
                    .kind
                    == kind
            })
        let good = Self.request(for: entry.pattern)
        #expect(Matchers.match(entry.pattern, good) != nil)
        let bad = Self.request(for: entry.pattern, breaking: index)
        #expect(Matchers.match(entry.pattern, bad) == nil)
        let failed = Matchers.diagnose(entry.pattern, bad).filter { !$0.passed }
        #expect(failed.map(\.kind) == [kind], "\(failed.map(\.difference))")
        #expect(!failed[0].difference.isEmpty)
    }
}
