import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// A corpus of broken cassettes: each problem names its file, JSON path, line and what is wrong.
@Suite struct CassetteLoaderTests {
    private func only(_ file: String, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> CassetteProblem?
    {
        let found = problems([(file, text)])
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        return found.first
    }

    @Test func notJSONIsReportedWithLineAndColumn() throws {
        let problem = try #require(
            only("bad/not-json.json", "{\n  \"format\": \"mockweather-cassette/1\",\n  \"source\" \"documented\"\n}"))
        #expect(problem.file == "bad/not-json.json")
        #expect(problem.jsonPath == "$")
        #expect(problem.line == 3 && problem.column == 12)
        #expect(problem.message == "not JSON: expected ':' after the member name \"source\", found '\"'")
        #expect(
            problem.description
                == "bad/not-json.json:3:12: $: not JSON: expected ':' after the member name \"source\", found '\"'")
    }

    @Test func unknownKeyIsReportedWithADidYouMean() throws {
        let text = cassetteJSON(
            #"{"request": {"path": "/data/2.5/weather", "qeury": {"q": "seoul"}}, "response": {"status": 200, "json": {}}}"#
        )
        let problem = try #require(only("typo.json", text))
        #expect(problem.jsonPath == "$.interactions[0].request.qeury")
        #expect(problem.message == "unknown key \"qeury\"; did you mean 'query'?")
    }

    @Test func wrongTypeSaysWhatWasExpectedAndFound() throws {
        let text = cassetteJSON(
            #"{"request": {"path": "/x", "query": {"q": true}}, "response": {"status": 200, "json": {}}}"#)
        let problem = try #require(only("type.json", text))
        #expect(problem.jsonPath == "$.interactions[0].request.query.q")
        #expect(
            problem.message.contains(
                "expected a string, a number, \"*\" (any value) or null (must be absent), found a boolean"))
    }

    @Test func missingBodyAndTwoBodiesAreBothProblems() {
        let text = cassetteJSON(
            #"{"request": {"path": "/a"}, "response": {"status": 200}}"#,
            #"{"request": {"path": "/b"}, "response": {"status": 200, "json": {}, "text": "x"}}"#)
        let found = problems([("bodies.json", text)])
        #expect(found.map(\.jsonPath) == ["$.interactions[0].response", "$.interactions[1].response.text"])
        #expect(found[0].message.hasPrefix("no body; give exactly one of"))
        #expect(found[1].message.hasPrefix("two bodies (\"json\" and \"text\")"))
    }

    @Test(arguments: ["99", "600", "200.5", "\"200\""])
    func invalidStatusIsReported(status: String) throws {
        let text = cassetteJSON(#"{"request": {"path": "/a"}, "response": {"status": \#(status), "json": {}}}"#)
        let problem = try #require(only("status.json", text))
        #expect(problem.jsonPath == "$.interactions[0].response.status")
        #expect(problem.message.hasPrefix("invalid status"))
        #expect(problem.message.hasSuffix("expected an integer from 100 to 599"))
    }

    @Test func badBase64IsReported() throws {
        let text = cassetteJSON(#"{"request": {"path": "/a"}, "response": {"status": 200, "base64": "not*base64"}}"#)
        let problem = try #require(only("b64.json", text))
        #expect(problem.jsonPath == "$.interactions[0].response.base64")
        #expect(problem.message == "bad base64: not valid standard base64 with padding")
    }

    @Test func unknownFaultIsReportedWithADidYouMean() throws {
        let text = cassetteJSON(
            #"{"request": {"path": "/a"}, "response": {"status": 200, "json": {}}, "fault": "rest"}"#)
        let problem = try #require(only("fault.json", text))
        #expect(problem.jsonPath == "$.interactions[0].fault")
        #expect(
            problem.message
                == "unknown fault \"rest\"; expected one of reset, reset-after-head, empty, truncate, drip, hang; did you mean 'reset'?"
        )
    }

    @Test func truncateContentLengthMustBeABooleanAndOnlyOnTruncate() {
        let text = cassetteJSON(
            #"{"request": {"path": "/a"}, "response": {"status": 200, "json": {}}, "fault": {"kind": "truncate", "contentLength": "no"}}"#,
            #"{"request": {"path": "/b"}, "response": {"status": 200, "json": {}}, "fault": {"kind": "drip", "contentLength": false}}"#
        )
        let found = problems([("framing.json", text)])
        #expect(
            found.map(\.jsonPath) == ["$.interactions[0].fault.contentLength", "$.interactions[1].fault.contentLength"])
        #expect(found.first?.message == "expected true or false, found a string")
        #expect(found.last?.message == "\"contentLength\" applies only to the \"truncate\" fault")
    }

    @Test func responseAndResponsesTogetherOrNeitherAreProblems() {
        let text = cassetteJSON(
            #"{"request": {"path": "/a"}, "response": {"status": 200, "json": {}}, "responses": [{"status": 200, "json": {}}]}"#,
            #"{"request": {"path": "/b"}}"#)
        let found = problems([("both.json", text)])
        #expect(found.map(\.jsonPath) == ["$.interactions[0].responses", "$.interactions[1]"])
        #expect(found[0].message.hasPrefix("both \"response\" and \"responses\""))
        #expect(found[1].message == "missing \"response\" (or \"responses\", a sequence)")
    }

    @Test func theSameRequestInTwoFilesIsReportedOnTheSecond() {
        let first = cassetteJSON(interaction(query: #"{"q": "Seoul", "lat": 37.50}"#))
        let second = cassetteJSON(interaction(query: #"{"LAT": "37.5", "q": " seoul "}"#))
        let found = problems([("a/first.json", first), ("b/second.json", second)])
        #expect(found.count == 1)
        #expect(found.first?.file == "b/second.json")
        #expect(found.first?.jsonPath == "$.interactions[0].request")
        #expect(found.first?.message.hasPrefix("the same request as a/first.json $.interactions[0].request") == true)
    }

    @Test func everyProblemOfEveryFileIsReportedAtOnce() {
        let broken =
            #"{"format": "mockweather-cassette/2", "source": "recroded", "interactions": [{"request": {"path": "data"}, "response": {"status": 200, "json": {}, "units": "kelvin"}, "expect": {"error": "notFound"}}]}"#
        let found = problems([("one.json", broken), ("two.json", "[1,"), ("three.json", cassetteJSON())])
        #expect(
            found.map(\.file) == ["one.json", "one.json", "one.json", "one.json", "one.json", "two.json", "three.json"])
        #expect(
            found.map(\.jsonPath) == [
                "$.format", "$.source", "$.interactions[0].request.path", "$.interactions[0].expect.error",
                "$.interactions[0].response.units", "$", "$.interactions",
            ])
        #expect(found[1].message.hasSuffix("did you mean 'recorded'?"))
        // `data` is no path of any provider, so the error kinds are the ones every HTTP API has.
        #expect(found[3].message.contains("expected one of unauthorized, invalidRequest"))
    }

    @Test func delaysAndFaultsAreCheckedInDetail() {
        let text = cassetteJSON(
            #"{"request": {"path": "/a"}, "response": {"status": 200, "json": {}}, "delayMs": {"uniformMs": [500, 100]}}"#,
            #"{"request": {"path": "/b"}, "response": {"status": 200, "json": {}}, "fault": {"kind": "drip", "bodyBytes": 3}}"#,
            #"{"request": {"path": "/c"}, "response": {"status": 200, "json": {}}, "delayMs": -1}"#)
        let found = problems([("timing.json", text)])
        #expect(
            found.map(\.jsonPath) == [
                "$.interactions[0].delayMs.uniformMs", "$.interactions[1].fault.bodyBytes", "$.interactions[2].delayMs",
            ])
    }

    @Test func nearNeedsAValidCircle() {
        let text = cassetteJSON(interaction(near: #"{"lat": 95, "lon": 127, "radiusKm": 0}"#))
        let found = problems([("near.json", text)])
        #expect(
            found.map(\.jsonPath) == ["$.interactions[0].request.near.lat", "$.interactions[0].request.near.radiusKm"])
    }

    @Test func aValidCassetteDecodesEveryPart() throws {
        let text = cassetteJSON(
            source: "documented",
            #"""
            {"request": {"method": "get", "path": "/data/2.5/weather/", "query": {"APPID": "*", "q": "Seoul", "zip": null}},
             "responses": [{"status": 200, "headers": {"X-Test": "1"}, "text": "{}", "units": "metric"},
                           {"status": 500, "base64": "aGk=", "fault": {"kind": "truncate", "bodyBytes": 1}}],
             "delayMs": {"uniformMs": [10, 20]}, "expect": {"name": "Seoul", "celsius": -2.34}}
            """#)
        let cassette = try #require(try library([("ok/one.json", text)]).wholeCassettes().first)
        #expect(cassette.name == "ok/one")
        #expect(cassette.source == .documented)
        let only = try #require(cassette.interactions.first)
        #expect(only.request.method == "GET")
        #expect(only.request.path == "/data/2.5/weather")
        #expect(only.request.query.map(\.name) == ["appid", "q", "zip"])
        #expect(only.isSequence)
        #expect(only.responses.map(\.status) == [200, 500])
        #expect(only.responses[0].units == "metric")
        #expect(only.responses[1].fault == .truncate(bodyBytes: 1))
        #expect(only.responses.allSatisfy { $0.delay == .uniform(lowMilliseconds: 10, highMilliseconds: 20) })
        #expect(only.expectation == Expectation(name: "Seoul", celsius: -2.34))
    }

    @Test func loadingADirectoryWalksItRecursivelyInPathOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("b.json", cassetteJSON(interaction(query: #"{"q": "b"}"#)))
        try directory.write("a/z.json", cassetteJSON(interaction(query: #"{"q": "z"}"#)))
        try directory.write(".hidden/x.json", "not even JSON")
        try directory.write("README.md", "# not a cassette")
        let cassettes = try CassetteLoader.load(directory: directory.url, providers: Providers.all)
        #expect(cassettes.map(\.name) == ["a/z", "b"])
    }

    @Test func aMissingDirectoryIsItsOwnError() {
        #expect {
            try CassetteLoader.load(directory: URL(fileURLWithPath: "/nonexistent/cassettes"), providers: Providers.all)
        } throws: { error in
            (error as? CassetteLoadError)?.description.hasPrefix("cassette directory not found: /nonexistent/cassettes")
                == true
        }
    }
}
