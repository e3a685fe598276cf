import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `replay-location` binary itself: exit codes, streams and signals, as a shell script sees them.
@Suite(.timeLimit(.minutes(1))) struct ReplayLocationExecutableTests {
    @Test func helpListsEveryOptionAndExitsZero() async throws {
        let result = try await RunningProcess.run("replay-location", ["--help"])

        #expect(result.status == 0)
        for option in [
            "--realtime", "--speed", "--instant", "--interval", "--distance-filter", "--format", "--grid", "--weather",
            "--exec", "--seed", "--svg", "--output",
        ] {
            #expect(result.standardOutput.contains(option))
        }
    }

    @Test func aUsageErrorExits64AndNamesTheOption() async throws {
        let result = try await RunningProcess.run(
            "replay-location", [TestTraces.seoulToDaeguPath(), "--fromat", "gpx"])

        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--fromat'; did you mean '--format'?"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aGridNeedsAFormatThatCanCarryIt() async throws {
        let result = try await RunningProcess.run(
            "replay-location", [TestTraces.seoulToDaeguPath(), "--grid", "kma", "--format", "gpx"])

        #expect(result.status == 64)
        #expect(result.standardError.contains("--grid kma needs a format with room for it"))
    }

    @Test func aBadTraceExits65WithFileAndPath() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("bad.json").path
        try #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 123.4, "lon": 2}]}"#.write(
            toFile: trace, atomically: true, encoding: .utf8)

        let result = try await RunningProcess.run("replay-location", [trace])

        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "\(trace):1:57: $.waypoints[0].lat: expected a number between -90 and 90, found 123.4"))
    }

    @Test func instantJSONLinesCoverTheWholeDrive() async throws {
        let result = try await RunningProcess.run(
            "replay-location", [TestTraces.seoulToDaeguPath(), "--interval", "60", "--grid", "kma"])

        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count > 200)
        #expect(lines.first?.contains(#""waypoint":"Seoul City Hall","nx":60,"ny":127}"#) == true)
        #expect(lines.last?.contains(#""time":"2026-11-29T03:33:18.133Z""#) == true)
        #expect(lines.last?.contains(#""waypoint":"Daegu City Hall""#) == true)
        #expect(result.standardError.isEmpty, "no progress noise when standard error is not a terminal")
    }

    @Test func execOutputGoesToStandardErrorAndAFailureStopsWith69() async throws {
        let result = try await RunningProcess.run(
            "replay-location",
            [
                TestTraces.seoulToDaeguPath(), "--interval", "600", "--format", "simctl",
                "--exec", "echo at {lat},{lon}; test {elapsed} != 1200.000",
            ])

        #expect(result.status == 69)
        #expect(result.standardOutput.split(separator: "\n").count == 3)
        #expect(result.standardOutput.split(separator: "\n").allSatisfy { !$0.hasPrefix("at ") })
        #expect(result.standardError.contains("at 37.5662833,126.9779148"))
        #expect(result.standardError.contains("--exec command failed with exit status 1 for the fix at 1200 s (20:00)"))
    }

    @Test func ctrlCStopsRealtimePlaybackCleanlyWith130() async throws {
        let process = try RunningProcess.start(
            "replay-location", [TestTraces.seoulToDaeguPath(), "--speed", "1", "--interval", "0.05", "--format", "gpx"])
        // Wait for real output rather than for time to pass: the first fix means playback is running.
        #expect(await process.standardOutput.waitUntilContains("<wpt "))

        process.signal(SIGINT)
        let result = await process.finish()

        #expect(result.status == 130 && !result.endedBySignal)
        #expect(result.standardOutput.hasSuffix("</gpx>\n"))
        #expect(result.standardError.contains("interrupted after"))
    }
}
