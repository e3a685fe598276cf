import Foundation
import TestSupport
import Testing

/// `mockweather serve --synthesize` and `mockweather synthesize` on the real binary: what the command
/// line refuses, and a freeze written where it was asked.
@Suite(.serialized) struct SynthesisCommandLineTests {
    @Test func anUnknownPresetExits64SuggestingTheClosest() async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--synthesize", "--scenario", "cold-wav"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("cold-wave"), "\(result.standardError)")
    }

    @Test func aScenarioFileWithProblemsExits64NamingFileAndPath() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "mine.json",
            #"{"format": "mockweather-scenario/1", "summary": "x", "events": [{"kind": "cold-wave", "start": "+1h", "end": "+2h", "anomaly": 99, "area": {"lat": 37, "lon": 127, "radius": 100}}]}"#
        )
        let file = directory.url.appendingPathComponent("mine.json").path
        let result = try await RunningProcess.run("mockweather", ["serve", "--synthesize", "--scenario", file])
        #expect(result.status == 64)
        #expect(result.standardError.contains("mine.json:1:"), "\(result.standardError)")
        #expect(result.standardError.contains("$.events[0].anomaly"), "\(result.standardError)")
    }

    @Test func aScenarioWithoutSynthesizeIsAUsageError() async throws {
        let result = try await RunningProcess.run("mockweather", ["serve", "--scenario", "cold-wave"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--scenario' is only used with '--synthesize'"))
    }

    @Test func synthesizeWritesACassettePerRequestUnderSynthesized() async throws {
        let directory = try TemporaryDirectory()
        let result = try await RunningProcess.run(
            "mockweather",
            [
                "synthesize", "--scenario", "yellow-dust", "--seed", "5", "--at", "2027-03-20T09:00:00+09:00", "--city",
                "Seoul", "--out", directory.url.path,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("synthesized").path)
        #expect(written.sorted() == ["current", "forecast"])
        #expect(result.standardError.contains("2 of 2 answers of the synthetic world (yellow-dust, seed 5)"))
    }
}
