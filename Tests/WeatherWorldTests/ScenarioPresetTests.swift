import Foundation
import Testing
import WeatherWorld
import WorldData

@Suite struct ScenarioPresetTests {
    let catalog = ScenarioCatalog(presetsDirectory: ScenarioFixtures.presetsDirectory)

    @Test func theBundledPresetsAreTheDocumentedOnes() {
        #expect(catalog.presetNames() == ScenarioFixtures.presetNames)
    }

    @Test(arguments: ScenarioFixtures.presetNames)
    func everyPresetDecodesWithASummary(_ name: String) throws {
        let scenario = try catalog.scenario(name)
        #expect(scenario.name == name)
        #expect(!scenario.summary.isEmpty)
    }

    @Test(arguments: ScenarioFixtures.presetNames)
    func everyPresetCountsItsTimesFromTheClockStart(_ name: String) throws {
        let scenario = try catalog.scenario(name)
        for event in scenario.events {
            var times = [event.start, event.end]
            if case .typhoon(_, let track) = event.kind { times += track.map(\.time) }
            for time in times {
                guard case .afterStart = time else {
                    Issue.record("\(name): an absolute time \(time); presets happen whenever they are run")
                    continue
                }
            }
        }
    }

    @Test(arguments: ScenarioFixtures.presetNames.filter { $0 != "climatology" && $0 != "clear-winter-day" })
    func everyHazardPresetRaisesAnAlert(_ name: String) throws {
        let scenario = try catalog.scenario(name)
        #expect(!scenario.events.isEmpty)
        for event in scenario.events {
            let alert = try #require(event.alert, "\(name): an event without an alert")
            #expect(!alert.event.isEmpty && !alert.description.isEmpty)
        }
    }

    @Test func theClimatologyPresetIsTheClimatology() throws {
        #expect(try catalog.scenario("climatology") == Scenario.climatology)
    }

    @Test func theTyphoonMakesLandfallNearBusanThreeHoursAfterTheStartAndHeadsUpTheEastCoast() throws {
        let scenario = try catalog.scenario("typhoon-landfall")
        let event = try #require(scenario.events.first)
        guard case .typhoon(_, let track) = event.kind else {
            Issue.record("the first event is not a typhoon: \(event.kind)")
            return
        }
        let landfall = try #require(track.first { $0.time == .afterStart(3 * 3_600) })
        // Geoje's coast, within half a degree of Busan (35.10 N, 129.03 E).
        #expect(abs(landfall.latitude - 35.1) < 0.5 && abs(landfall.longitude - 129.0) < 0.5)
        #expect(event.alert?.event == "Typhoon warning")
        #expect(event.alert?.senderName == "Korea Meteorological Administration")
        // North along the coast to Gangneung's latitude (37.75 N) about nine hours after landfall.
        let last = try #require(track.last)
        #expect(last.latitude > 37.75)
        #expect(last.time == .afterStart(12 * 3_600))
        // Weakening after landfall: pressure rises, wind falls.
        let afterLandfall = track.drop { $0.time != landfall.time }
        for (earlier, later) in zip(afterLandfall, afterLandfall.dropFirst()) {
            #expect(later.centralPressure > earlier.centralPressure)
            #expect(later.maximumWind < earlier.maximumWind)
        }
    }

    @Test func theYellowDustIsAVeryBadPM10Episode() throws {
        let scenario = try catalog.scenario("yellow-dust")
        guard case .fineDust(_, let pm10, let pm25) = try #require(scenario.events.first).kind else {
            Issue.record("not a fine-dust event")
            return
        }
        #expect((300...800).contains(pm10))
        #expect(pm25 < pm10)
    }

    @Test func theResourceBundleHoldsTheSamePresets() throws {
        let directory = try #require(WorldData.directory, "the WorldData resource bundle was not found")
        let bundled = ScenarioCatalog(presetsDirectory: directory.appendingPathComponent("scenarios").path)
        #expect(bundled.presetNames() == ScenarioFixtures.presetNames)
    }
}
