import Foundation
import Testing
import WeatherWorld

@Suite struct ScenarioCatalogTests {
    let catalog = ScenarioCatalog(presetsDirectory: ScenarioFixtures.presetsDirectory)

    @Test func aNameIsAPresetAndAPathIsAFile() {
        #expect(!ScenarioCatalog.namesFile("typhoon-landfall"))
        #expect(ScenarioCatalog.namesFile("storms/mine"))
        #expect(ScenarioCatalog.namesFile("mine.json"))
    }

    @Test func aPresetIsFoundByName() throws {
        #expect(try catalog.scenario("cold-wave").name == "cold-wave")
    }

    @Test func aUsersFileIsReadAndNamedAfterTheFile() throws {
        let directory = try ScenarioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("my-storm.json")
        try Data(ScenarioFixtures.document(events: "").utf8).write(to: file)
        let scenario = try catalog.scenario(file.path)
        #expect(scenario.name == "my-storm")
        #expect(scenario.summary == "test")
    }

    @Test func anUnknownNameSuggestsAPresetAndListsThem() {
        #expect(
            throws: ScenarioCatalogError.unknownPreset(name: "typhon-landfall", presets: ScenarioFixtures.presetNames)
        ) {
            try catalog.scenario("typhon-landfall")
        }
        let message = ScenarioCatalogError.unknownPreset(
            name: "typhon-landfall", presets: ["cold-wave", "typhoon-landfall"]
        )
        .description
        #expect(
            message == "unknown scenario \"typhon-landfall\"; did you mean 'typhoon-landfall'?; the presets are "
                + "cold-wave, typhoon-landfall (or give a file: a path with '/' or ending in .json)")
    }

    @Test func aFileOverOneMebibyteIsRefusedByItsSize() throws {
        let directory = try ScenarioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: ScenarioLimits.fileBytes + 1).write(to: file)
        #expect(throws: ScenarioCatalogError.tooLarge(file: file.path, bytes: 1_048_577)) {
            try catalog.scenario(file.path)
        }
    }

    @Test func aMissingFileSaysSo() {
        #expect(
            throws: ScenarioCatalogError.unreadable(file: "/nonexistent/x.json", reason: "No such file or directory")
        ) {
            try catalog.scenario("/nonexistent/x.json")
        }
    }

    @Test func aFileWithProblemsReportsThemUnderItsPath() throws {
        let directory = try ScenarioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.json")
        try Data("{\"format\": \"mockweather-scenario/1\", \"events\": []}".utf8).write(to: file)
        do throws(ScenarioCatalogError) {
            _ = try catalog.scenario(file.path)
            Issue.record("a file without a summary loaded")
        } catch {
            #expect(
                error.description
                    == "1 problem in scenario file \(file.path):\n  \(file.path):1:1: $: missing \"summary\" (one line saying what the scenario is)"
            )
        }
    }

    @Test func thePresetsAreListedWithTheirSummaries() throws {
        let presets = try catalog.presets()
        #expect(presets.map(\.name) == ScenarioFixtures.presetNames)
        #expect(presets.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func aNameWithoutPresetsSaysWhereTheyWereNotFound() {
        #expect(throws: ScenarioCatalogError.presetsUnavailable(name: "cold-wave")) {
            try ScenarioCatalog(presetsDirectory: nil).scenario("cold-wave")
        }
    }
}
