import Testing
import WeatherWorld

@Suite struct ScenarioTyphoonTrackTests {
    static func typhoon(_ fixes: [String]) -> String {
        ScenarioFixtures.document(
            events: "{\"kind\": \"typhoon\", \"name\": \"Test\", \"track\": [\(fixes.joined(separator: ", "))]}")
    }

    static func fix(_ time: String, lat: Double = 34, lon: Double = 128, pressure: Double = 950) -> String {
        "{\"time\": \"\(time)\", \"lat\": \(lat), \"lon\": \(lon), \"centralPressure\": \(pressure), "
            + "\"radiusOfMaximumWind\": 40, \"maximumWind\": 40}"
    }

    @Test func aTyphoonSpansItsTrack() throws {
        let text = Self.typhoon([Self.fix("+0h"), Self.fix("+3h", lat: 35)])
        let scenario = try ScenarioDecoder.decode(Array(text.utf8), name: "t", file: "t.json")
        let event = try #require(scenario.events.first)
        #expect(event.start == .afterStart(0) && event.end == .afterStart(10_800))
        guard case .typhoon(let name, let track) = event.kind else {
            Issue.record("not a typhoon: \(event.kind)")
            return
        }
        #expect(name == "Test")
        #expect(track.map(\.latitude) == [34, 35])
    }

    @Test func aTrackOfOneFixIsTooShort() {
        let problems = ScenarioFixtures.problems(Self.typhoon([Self.fix("+0h")]))
        #expect(problems == ["test.json:4:59: $.events[0].track: a typhoon's track needs at least 2 fixes, found 1"])
    }

    @Test func fixesOutOfTimeOrderAreReported() {
        let problems = ScenarioFixtures.problems(Self.typhoon([Self.fix("+3h"), Self.fix("+1h")]))
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains(
                "$.events[0].track[1].time: fixes must be in time order: \"+1h\" is not after the fix before it (\"+3h\")"
            )
                == true)
    }

    @Test func aCentreMovingFasterThanAStormCanIsReported() {
        let problems = ScenarioFixtures.problems(Self.typhoon([Self.fix("+0h"), Self.fix("+1h", lat: 40)]))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("$.events[0].track[1]: the centre would move at 667 km/h") == true)
    }

    @Test func anImpossiblePressureIsReported() {
        let problems = ScenarioFixtures.problems(Self.typhoon([Self.fix("+0h", pressure: 850), Self.fix("+3h")]))
        #expect(
            problems.first?.contains(
                "$.events[0].track[0].centralPressure: 850.0 is out of range: expected a number from 870 to 1020 hPa")
                == true)
    }

    @Test func aTyphoonHasNoStartAndEndOfItsOwn() {
        let text = ScenarioFixtures.document(
            events:
                "{\"kind\": \"typhoon\", \"start\": \"+0h\", \"name\": \"T\", \"track\": [\(Self.fix("+0h")), \(Self.fix("+1h"))]}"
        )
        let problems = ScenarioFixtures.problems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("$.events[0].start: unknown key \"start\" for a typhoon event") == true)
    }
}
