import Testing
import WeatherWorld

@Suite struct ScenarioDecoderTests {
    @Test func anOutOfRangeNumberIsReportedWithFileLineColumnAndPath() {
        let text = """
            {
              "format": "mockweather-scenario/1",
              "summary": "A cold wave",
              "events": [
                {
                  "kind": "cold-wave",
                  "start": "+0h", "end": "+1d",
                  "area": { "lat": 37.5, "lon": 127, "radius": 300 },
                  "anomaly": 55
                }
              ]
            }
            """
        #expect(
            ScenarioFixtures.problems(text, file: "cold-wave.json") == [
                "cold-wave.json:9:18: $.events[0].anomaly: 55 is out of range: expected a number above 0 and at most 40 °C"
            ])
    }

    @Test func everyProblemOfAFileIsReportedAtOnce() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "heat-wave", "start": "+0h", "end": "+1d", "area": {"lat": 95, "lon": 127, "radius": 300},
                 "anomaly": -3},
                {"kind": "clear-spell", "start": "+2h", "end": "+1h", "area": {"lat": 37, "lon": 127, "radius": 100}}
                """)
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.contains("$.events[0].area.lat: 95 is out of range") })
        #expect(problems.contains { $0.contains("$.events[0].anomaly: -3 is out of range") })
        #expect(problems.contains { $0.contains("$.events[1].end: the event ends (\"+1h\") at or before it starts") })
    }

    @Test func aMisspeltKeyIsUnknownWithASuggestion() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "cold-wave", "start": "+0h", "end": "+1d", "area": {"lat": 37, "lon": 127, "radius": 300},
                 "anomaly": 8, "anomoly": 9}
                """)
        #expect(
            ScenarioFixtures.problems(text) == [
                "test.json:5:16: $.events[0].anomoly: unknown key \"anomoly\" for a cold-wave event; did you mean 'anomaly'?"
            ])
    }

    @Test func aFieldOfAnotherKindIsUnknownForThisKind() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "cold-wave", "start": "+0h", "end": "+1d", "area": {"lat": 37, "lon": 127, "radius": 300},
                 "anomaly": 8, "peakRate": 9}
                """)
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains("$.events[0].peakRate: unknown key \"peakRate\" for a cold-wave event") == true)
        #expect(problems.first?.contains("expected one of kind, start, end, area, anomaly, alert, notes") == true)
    }

    @Test func aRepeatedKeyIsReported() {
        let text = """
            {"format": "mockweather-scenario/1", "summary": "a", "summary": "b", "events": []}
            """
        #expect(
            ScenarioFixtures.problems(text) == [
                "test.json:1:54: $.summary: duplicate key \"summary\"; each key may appear once"
            ])
    }

    @Test func aMissingFieldIsReportedAtItsObject() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "fine-dust", "start": "+0h", "end": "+1d", "area": {"lat": 37, "lon": 127, "radius": 300},
                 "pm10": 400}
                """)
        #expect(
            ScenarioFixtures.problems(text) == [
                "test.json:4:14: $.events[0]: missing \"pm25\" (a number above 0 and at most 3000 µg/m³)"
            ])
    }

    @Test func aValueOfTheWrongTypeIsReportedWithWhatWasFound() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "heavy-snow", "start": "+0h", "end": "+1d", "area": {"lat": 37, "lon": 127, "radius": 300},
                 "rate": "2"}
                """)
        #expect(
            ScenarioFixtures.problems(text) == [
                "test.json:5:10: $.events[0].rate: expected a number above 0 and at most 100 mm/h of water, found \"2\""
            ])
    }

    @Test(arguments: [
        (
            "\"lat\": -91, \"lon\": 127, \"radius\": 10",
            "$.events[0].area.lat: -91 is out of range: expected a number from -90 to 90 degrees"
        ),
        (
            "\"lat\": 37, \"lon\": 181, \"radius\": 10",
            "$.events[0].area.lon: 181 is out of range: expected a number from -180 to 180 degrees"
        ),
        (
            "\"lat\": 37, \"lon\": 127, \"radius\": -5",
            "$.events[0].area.radius: -5 is out of range: expected a number above 0"
        ),
        ("\"lat\": 37, \"lon\": 127, \"radius\": 1e999", "$.events[0].area.radius: 1e999 is too large to be a number"),
        (
            "\"lat\": 37, \"lon\": 127, \"south\": 30",
            "$.events[0].area: an area is a circle (lat, lon, radius) or a box"
        ),
        ("", "$.events[0].area: an empty area; give a circle"),
        (
            "\"south\": 38, \"west\": 124, \"north\": 33, \"east\": 131",
            "$.events[0].area.north: north (33) must be above south (38)"
        ),
        (
            "\"south\": 33, \"west\": 179, \"north\": 38, \"east\": -179",
            "$.events[0].area.east: east (-179) must be east of west (179)"
        ),
    ])
    func aBadAreaIsReported(_ area: String, _ expected: String) {
        let text = ScenarioFixtures.document(
            events: "{\"kind\": \"clear-spell\", \"start\": \"+0h\", \"end\": \"+1d\", \"area\": {\(area)}}")
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.contains(expected) == true, "\(problems)")
    }

    @Test(arguments: [
        (
            "\"peakRate\": 600",
            "$.events[0].peakRate: 600 is out of range: expected a number above 0 and at most 500 mm/h"
        ),
        ("\"speed\": 250", "$.events[0].speed: 250 is out of range: expected a number from 0 to 200 km/h"),
        ("\"heading\": 361", "$.events[0].heading: 361 is out of range: expected a number from 0 to 360 degrees"),
    ])
    func anAbsurdRainBandIsReported(_ override: String, _ expected: String) {
        var fields = [
            "\"lat\": 36.6", "\"lon\": 127.4", "\"orientation\": 75", "\"heading\": 345", "\"speed\": 2",
            "\"halfWidth\": 60", "\"peakRate\": 25",
        ]
        let key = override.split(separator: ":")[0]
        fields.removeAll { $0.hasPrefix(key) }
        fields.append(override)
        let text = ScenarioFixtures.document(
            events: "{\"kind\": \"rain-band\", \"start\": \"+0h\", \"end\": \"+1d\", \(fields.joined(separator: ", "))}"
        )
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.contains(expected) == true, "\(problems)")
    }

    @Test func finePM25AbovePM10IsReported() {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "fine-dust", "start": "+0h", "end": "+1d", "area": {"lat": 37, "lon": 127, "radius": 300},
                 "pm10": 100, "pm25": 150}
                """)
        #expect(
            ScenarioFixtures.problems(text).first?.contains("$.events[0].pm25: pm25 (150) is above pm10 (100)") == true)
    }

    @Test func anUnknownKindSuggestsTheClosest() {
        let text = ScenarioFixtures.document(events: "{\"kind\": \"coldwave\", \"start\": \"+0h\", \"end\": \"+1d\"}")
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("$.events[0].kind: unknown event kind \"coldwave\"") == true)
        #expect(problems.first?.hasSuffix("did you mean 'cold-wave'?") == true)
    }

    @Test func anotherFormatIsRefused() {
        let text = "{\"format\": \"mockweather-cassette/1\", \"summary\": \"x\", \"events\": []}"
        #expect(
            ScenarioFixtures.problems(text) == [
                "test.json:1:12: $.format: unsupported format \"mockweather-cassette/1\"; expected "
                    + "\"mockweather-scenario/1\" (is this a mockweather scenario?)"
            ])
    }

    @Test func textThatIsNotJSONIsReportedWhereItBreaks() {
        let problems = ScenarioFixtures.problems("{\n  \"format\": \"mockweather-scenario/1\",\n}")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("test.json:3:1: $: not JSON: ") == true, "\(problems)")
    }

    @Test func theDocumentMustBeAnObjectWithEvents() {
        #expect(ScenarioFixtures.problems("[]") == ["test.json:1:1: $: expected a scenario object, found an array"])
        let problems = ScenarioFixtures.problems("{\"format\": \"mockweather-scenario/1\"}")
        #expect(problems.count == 2)
        #expect(problems.contains { $0.contains("missing \"summary\"") })
        #expect(problems.contains { $0.contains("missing \"events\"") })
    }

    @Test func tooManyEventsAreRefused() {
        let event =
            "{\"kind\": \"clear-spell\", \"start\": \"+0h\", \"end\": \"+1h\", \"area\": {\"lat\": 0, \"lon\": 0, \"radius\": 1}}"
        let text = ScenarioFixtures.document(events: Array(repeating: event, count: 101).joined(separator: ","))
        #expect(
            ScenarioFixtures.problems(text) == ["test.json:4:13: $.events: 101 events; a scenario may have at most 100"]
        )
    }

    @Test func aFileOfThousandsOfProblemsListsTheFirstHundred() throws {
        let members = (0..<1_000).map { "\"extra\($0)\": 0" }.joined(separator: ", ")
        let text = "{\"format\": \"mockweather-scenario/1\", \"summary\": \"x\", \"events\": [], \(members)}"
        do throws(ScenarioValidationError) {
            _ = try ScenarioDecoder.decode(Array(text.utf8), name: "x", file: "x.json")
            Issue.record("decoded a file with a thousand unknown keys")
        } catch {
            #expect(error.problems.count == 100)
            #expect(error.isTruncated)
            #expect(error.description.hasPrefix("100+ problems in scenario file x.json:"))
        }
    }

    @Test func aValidFileDecodesToItsEvents() throws {
        let text = ScenarioFixtures.document(
            events: """
                {"kind": "heat-wave", "start": "2026-08-05T00:00:00+09:00", "end": "2026-08-06T15:00:00Z",
                 "area": {"south": 33, "west": 124.5, "north": 38.7, "east": 131}, "anomaly": 4.5,
                 "alert": {"event": "Heat wave warning", "senderName": "KMA", "description": "Hot."}}
                """)
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), name: "mine", file: "mine.json")
        #expect(
            scenario
                == Scenario(
                    name: "mine", summary: "test",
                    events: [
                        ScenarioEvent(
                            kind: .heatWave(area: .box(south: 33, west: 124.5, north: 38.7, east: 131), anomaly: 4.5),
                            start: .absolute(1_785_855_600), end: .absolute(1_786_028_400),
                            alert: ScenarioAlert(event: "Heat wave warning", senderName: "KMA", description: "Hot."))
                    ]))
    }

    @Test func aFileIsNamedAfterItsFileName() {
        #expect(ScenarioDecoder.scenarioName(forFile: "/tmp/storms/my-storm.json") == "my-storm")
        #expect(ScenarioDecoder.scenarioName(forFile: "cold-wave.json") == "cold-wave")
        #expect(ScenarioDecoder.scenarioName(forFile: "./notes") == "notes")
    }
}
