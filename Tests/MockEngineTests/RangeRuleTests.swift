import Basics
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// A request pattern's `range`: decoded with its parameters lower-cased, every mistake reported at its
/// JSON path, and matched and cut as Cassettes/README.md says.
@Suite struct RangeRuleTests {
    private func cassette(range: String, body: String = #"{"coord":{},"list":[{"dt":10},{"dt":20},{"dt":30}]}"#)
        -> String
    {
        cassetteJSON(
            """
            {"request": {"path": "/data/2.5/air_pollution/history", "range": \(range)},
             "response": {"status": 200, "json": \(body)}}
            """)
    }

    @Test(arguments: [
        #"{"from": "start", "to": "end", "items": "list", "key": "dt"}"#,
        #"{"from": "START", "to": "End", "items": "list", "key": "dt", "covers": {"from": 10, "to": 30}, "includesEnd": true}"#,
        #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"to": -5}}"#,
        #"{"from": "start", "to": "end", "bounds": "reversed"}"#,
        #"{"from": "start", "to": "end", "bounds": "malformed"}"#,
    ])
    func everyFormOfARangeDecodesWithItsParametersLowerCased(range: String) throws {
        let loaded = try library([("h.json", cassette(range: range))])
        let rule = try #require(loaded.wholeCassettes().first?.interactions.first?.request.range)
        #expect(rule.from == "start" && rule.to == "end")
    }

    @Test func theDeclarationIsReadAsWritten() throws {
        let text = cassette(
            range: #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 10, "to": 30}}"#)
        let loaded = try library([("h.json", text)])
        let rule = try #require(loaded.wholeCassettes().first?.interactions.first?.request.range)
        #expect(
            rule
                == RangeRule(
                    from: "start", to: "end", bounds: .ordered, coversFrom: 10, coversTo: 30,
                    selection: RangeRule.Selection(items: "list", key: "dt", includesEnd: false)))
    }

    @Test(arguments: [
        (#"{"from": "start", "to": "end", "key": "dt"}"#, "$.interactions[0].request.range", #"missing "items""#),
        (
            #"{"from": "start", "to": "end", "bounds": "reversed", "items": "list"}"#,
            "$.interactions[0].request.range.items", #""items" applies only to ordered bounds"#
        ),
        (
            #"{"from": "start", "to": "end", "bounds": "backwards"}"#, "$.interactions[0].request.range.bounds",
            #"unknown bounds "backwards"; expected one of ordered, reversed, malformed"#
        ),
        (
            #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 30, "to": 10}}"#,
            "$.interactions[0].request.range.covers", #""from" (30) is after "to" (10)"#
        ),
        (
            #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 1.5}}"#,
            "$.interactions[0].request.range.covers.from", "expected whole Unix seconds, found 1.5"
        ),
        (
            #"{"from": "start", "to": "START", "items": "list", "key": "dt"}"#, "$.interactions[0].request.range.to",
            #""to" names the same parameter as "from" (start)"#
        ),
        (
            #"{"from": "start", "to": "end", "items": "list", "key": "dt", "includesEnd": "yes"}"#,
            "$.interactions[0].request.range.includesEnd", "expected true or false, found a string"
        ),
        (
            #"{"from": "start", "to": "end", "items": "list", "key": "dt", "step": 3600}"#,
            "$.interactions[0].request.range.step", #"unknown key "step""#
        ),
        (#""start""#, "$.interactions[0].request.range", "expected {\"from\": PARAMETER"),
    ])
    func aMistakeIsReportedAtItsPath(range: String, path: String, message: String) {
        let text = cassette(range: range)
        let found = problems([("h.json", text)])
        #expect(found.map(\.jsonPath) == [path], "\(found)")
        #expect(found.first?.message.hasPrefix(message) == true, "\(found)")
    }

    @Test(arguments: [
        (
            #"{"coord":{},"lsit":[]}"#, "$.interactions[0].response.json",
            #"the range cuts "list", which this body does not have"#
        ),
        (
            #"{"list":{"dt":1}}"#, "$.interactions[0].response.json.list",
            #"the range cuts "list": expected an array, found an object"#
        ),
        (
            #"{"list":[{"dt":1},{"time":2}]}"#, "$.interactions[0].response.json.list[1]",
            #"every item the range cuts needs a number "dt""#
        ),
        (
            #"{"list":[{"dt":"1"}]}"#, "$.interactions[0].response.json.list[0]",
            #"every item the range cuts needs a number "dt""#
        ),
    ])
    func aBodyTheRangeCannotCutIsAProblemNotASilentlyWholeAnswer(body: String, path: String, message: String) {
        let found = problems([("h.json", cassette(range: Self.ordered, body: body))])
        #expect(found.map(\.jsonPath) == [path], "\(found)")
        #expect(found.first?.message.hasPrefix(message) == true, "\(found)")
        #expect(found.first?.line != nil)
    }

    @Test func onlySuccessfulJSONBodiesAreCutAndChecked() throws {
        let refused = cassetteJSON(
            """
            {"request": {"path": "/data/2.5/air_pollution/history", "range": \(Self.ordered)},
             "response": {"status": 400, "json": {"cod": "400", "message": "no"}}}
            """)
        #expect(problems([("h.json", refused)]).isEmpty, "an error body has nothing to cut")
        let text = cassetteJSON(
            """
            {"request": {"path": "/data/2.5/air_pollution/history", "range": \(Self.ordered)},
             "response": {"status": 200, "text": "{\\"list\\": []}"}}
            """)
        let found = problems([("h.json", text)])
        #expect(found.map(\.jsonPath) == ["$.interactions[0].response"])
        #expect(found.first?.message.hasPrefix("a range cuts only a json body") == true, "\(found)")
    }

    private static let ordered = #"{"from": "start", "to": "end", "items": "list", "key": "dt"}"#

    @Test(arguments: [
        ("1670112000", Int64(1_670_112_000)), ("-5", -5), ("0", 0), ("1670112000.0", nil), ("+5", nil), ("1e9", nil),
        (" 5", nil), ("", nil), ("-", nil), ("1234567890123456789", nil),
    ])
    func boundsAreWholeUnixSeconds(text: String, seconds: Int64?) {
        #expect(RangeRule.wholeSeconds(text) == seconds)
    }

    @Test func eachBoundsKindAnswersItsOwnRequestsOnly() throws {
        let ordered = RangeRule(
            from: "start", to: "end", bounds: .ordered, coversFrom: 10, coversTo: 30,
            selection: RangeRule.Selection(items: "list", key: "dt", includesEnd: false))
        var reversed = ordered
        reversed.bounds = .reversed
        var malformed = ordered
        malformed.bounds = .malformed
        let cases: [(String, RangeRule?)] = [
            ("start=10&end=30", ordered), ("start=12&end=12", ordered), ("start=9&end=30", nil),
            ("start=10&end=31", nil), ("start=30&end=10", reversed), ("start=x&end=10", malformed),
            ("START=10&END=2.5", malformed), ("start=10", nil), ("end=10", nil),
        ]
        for (query, accepting) in cases {
            let parameters = QueryParameters(query)
            for rule in [ordered, reversed, malformed] {
                #expect(rule.accepts(parameters) == (rule == accepting), "\(query) by \(rule.bounds)")
            }
        }
    }

    @Test func cuttingKeepsTheItemsInTheWindowAndEverythingElseAsWritten() throws {
        let body = #"{"coord":{"lon":1.5,"lat":2},"list":[{"dt":10,"v":"a"},{"v":"no key"},{"dt":20},{"dt":30}],"n":1}"#
        let selection = RangeRule.Selection(items: "list", key: "dt", includesEnd: false)
        let slices = ItemSlices(compactBody: Array(body.utf8), selection: selection)
        func cut(_ low: Int64, _ high: Int64, includingEnd: Bool = false) -> String? {
            var selection = selection
            selection.includesEnd = includingEnd
            return slices.body(keeping: ItemWindow(selection: selection, low: low, high: high)).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        #expect(cut(10, 30) == #"{"coord":{"lon":1.5,"lat":2},"list":[{"dt":10,"v":"a"},{"dt":20}],"n":1}"#)
        #expect(
            cut(10, 30, includingEnd: true)
                == #"{"coord":{"lon":1.5,"lat":2},"list":[{"dt":10,"v":"a"},{"dt":20},{"dt":30}],"n":1}"#)
        #expect(cut(11, 19) == #"{"coord":{"lon":1.5,"lat":2},"list":[],"n":1}"#)
        let noList = ItemSlices(compactBody: Array(#"{"items":[]}"#.utf8), selection: selection)
        #expect(noList.body(keeping: ItemWindow(selection: selection, low: 0, high: 1)) == nil)
    }

    @Test func aRangedInteractionIsServedCutAndItsMissNamesTheRange() async throws {
        let text = cassette(
            range: #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 0, "to": 100}}"#)
        try await withMock(.cassettes([("h.json", text)]), mode: .router) { harness in
            let cut = try await harness.respond("/data/2.5/air_pollution/history?start=15&end=100")
            #expect(cut.text == #"{"coord":{},"list":[{"dt":20},{"dt":30}]}"#)
            let units = try await harness.respond("/data/2.5/air_pollution/history?start=15&end=25&units=imperial")
            #expect(units.text == #"{"coord":{},"list":[{"dt":20}]}"#)
            let outside = try await harness.respond("/data/2.5/air_pollution/history?start=50&end=200")
            #expect(outside.status == 501)
            #expect(
                outside.text.contains("range: 1970-01-01T00:00:50Z – 1970-01-01T00:03:20Z is outside"),
                "\(outside.text)")
            // A bound no calendar date can name is given as the number the client sent.
            let farFuture = try await harness.respond("/data/2.5/air_pollution/history?start=50&end=999999999999999999")
            #expect(
                farFuture.text.contains("range: 1970-01-01T00:00:50Z – Unix time 999999999999999999 is outside"),
                "\(farFuture.text)")
            let reversed = try await harness.respond("/data/2.5/air_pollution/history?start=50&end=20")
            #expect(reversed.text.contains("range: start=50 is after end=20"), "\(reversed.text)")
            let malformed = try await harness.respond("/data/2.5/air_pollution/history?start=soon&end=20")
            #expect(malformed.text.contains("range: start=soon is not whole Unix seconds"), "\(malformed.text)")
        }
    }

    @Test func twoArchivesOfTheSameRequestCoveringDifferentSpansAreNotTheSameRequest() {
        let first = cassette(
            range: #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 0, "to": 100}}"#)
        let second = cassette(
            range: #"{"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 100, "to": 200}}"#)
        #expect(problems([("a.json", first), ("b.json", second)]).isEmpty)
        #expect(problems([("a.json", first), ("b.json", first)]).count == 1)
    }
}
