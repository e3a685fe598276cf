import Basics
import Testing

/// One form for every problem the package reports (cassettes, HAR archives, traces):
/// `file:line:column: path: message`, leaving out only what is not known.
@Suite struct SourceProblemLocationTests {
    @Test func aFullLocationReadsFileLineColumnPathThenMessage() {
        let location = SourceProblemLocation(file: "current/seoul.json", path: "$.interactions[0]", line: 3, column: 7)

        #expect(
            location.describing("missing \"request\"")
                == "current/seoul.json:3:7: $.interactions[0]: missing \"request\"")
    }

    @Test func whatIsNotKnownIsLeftOutWithItsSeparator() {
        #expect(SourceProblemLocation(file: "a.json", path: "$").describing("m") == "a.json: $: m")
        #expect(
            SourceProblemLocation(path: "$.waypoints[3].lat", line: 2, column: 5).describing("m")
                == "2:5: $.waypoints[3].lat: m")
        #expect(SourceProblemLocation(path: "line 12").describing("m") == "line 12: m")
        #expect(SourceProblemLocation(file: "drive.gpx", path: "", line: 4).describing("m") == "drive.gpx:4:1: m")
        #expect(SourceProblemLocation(path: "").describing("m") == "m")
    }

    @Test func thePositionInitialiserTakesLineAndColumnFromTheLineMap() {
        let bytes = Array("{\n  \"caf\u{E9}\": x}".utf8)
        let offset = bytes.firstIndex(of: UInt8(ascii: "x"))!
        let location = SourceProblemLocation(
            file: "f.json", path: "$.café", position: LineMap(bytes).position(ofOffset: offset))

        #expect(location.line == 2)
        #expect(location.column == 11)
        #expect(SourceProblemLocation(file: "f.json", path: "$", position: nil).line == nil)
    }
}
