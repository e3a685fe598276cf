import Basics
import Testing

@Suite struct JSONProblemTests {
    @Test func duplicateAndUnknownKeysAreReportedAtTheirNamesWithASuggestion() throws {
        let source = Array(#"{"lat": 1, "lon": 2, "lat": 3, "nmae": "x", "zzz": 0}"#.utf8)
        let members = try #require(try JSONParser.parse(source).members)

        let problems = JSONProblem.keyProblems(in: members, at: .root, allowed: ["lat", "lon", "name"])

        #expect(problems.map(\.path.description) == ["$.lat", "$.nmae", "$.zzz"])
        #expect(problems.map(\.offset) == [21, 31, 44])
        #expect(
            problems.map(\.message) == [
                #"duplicate key "lat"; each key may appear once"#,
                #"unknown key "nmae"; did you mean 'name'?"#,
                #"unknown key "zzz"; expected one of lat, lon, name"#,
            ])
    }

    @Test func pathsQuoteKeysThatAreNotIdentifiers() {
        let path = JSONPath.root.appending("query").appending("x-y").appending(2)
        #expect(path.description == #"$.query["x-y"][2]"#)
    }
}
