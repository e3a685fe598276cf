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
    @Test func helpListsEveryOptionAndExitsZero() throws {
        let result = try ReplayLocationProcess.run(["--help"])

        #expect(result.status == 0)
        for option in [
            "--realtime", "--speed", "--instant", "--interval", "--distance-filter", "--format", "--grid", "--weather",
            "--exec", "--seed", "--svg", "--output",
        ] {
            #expect(result.standardOutput.contains(option))
        }
    }

    @Test func aUsageErrorExits64AndNamesTheOption() throws {
        let result = try ReplayLocationProcess.run([TestTraces.seoulToDaeguPath(), "--fromat", "gpx"])

        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--fromat'; did you mean '--format'?"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aGridNeedsAFormatThatCanCarryIt() throws {
        let result = try ReplayLocationProcess.run([TestTraces.seoulToDaeguPath(), "--grid", "kma", "--format", "gpx"])

        #expect(result.status == 64)
        #expect(result.standardError.contains("--grid kma needs a format with room for it"))
    }

    @Test func aBadTraceExits65WithFileAndPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("bad.json").path
        try #"{"format": "mockweather-trace/1", "waypoints": [{"lat": 123.4, "lon": 2}]}"#.write(
            toFile: trace, atomically: true, encoding: .utf8)

        let result = try ReplayLocationProcess.run([trace])

        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "\(trace):1:57: $.waypoints[0].lat: expected a number between -90 and 90, found 123.4"))
    }

    @Test func instantJSONLinesCoverTheWholeDrive() throws {
        let result = try ReplayLocationProcess.run([TestTraces.seoulToDaeguPath(), "--interval", "60", "--grid", "kma"])

        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count > 200)
        #expect(lines.first?.contains(#""waypoint":"Seoul City Hall","nx":60,"ny":127}"#) == true)
        #expect(lines.last?.contains(#""time":"2026-11-29T03:33:18.133Z""#) == true)
        #expect(lines.last?.contains(#""waypoint":"Daegu City Hall""#) == true)
        #expect(result.standardError.isEmpty, "no progress noise when standard error is not a terminal")
    }

    @Test func execOutputGoesToStandardErrorAndAFailureStopsWith69() throws {
        let result = try ReplayLocationProcess.run([
            TestTraces.seoulToDaeguPath(), "--interval", "600", "--format", "simctl",
            "--exec", "echo at {lat},{lon}; test {elapsed} != 1200.000",
        ])

        #expect(result.status == 69)
        #expect(result.standardOutput.split(separator: "\n").count == 3)
        #expect(result.standardOutput.split(separator: "\n").allSatisfy { !$0.hasPrefix("at ") })
        #expect(result.standardError.contains("at 37.5662833,126.9779148"))
        #expect(result.standardError.contains("--exec command failed with exit status 1 for the fix at 1200 s (20:00)"))
    }

    @Test func ctrlCStopsRealtimePlaybackCleanlyWith130() throws {
        let process = try ReplayLocationProcess.start([
            TestTraces.seoulToDaeguPath(), "--speed", "1", "--interval", "0.05", "--format", "gpx",
        ])
        // Wait for real output rather than for time to pass: the first fix means playback is running.
        var received = try process.readOutput(untilContains: "<wpt ")

        process.process.signal(SIGINT)
        received += try process.readToEnd()
        process.process.waitUntilExit()

        #expect(process.process.terminationStatus == 130)
        #expect(received.hasSuffix("</gpx>\n"))
        #expect(process.standardError().contains("interrupted after"))
    }
}

/// Runs the `replay-location` binary built next to the test bundle.
struct ReplayLocationProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    let process: ChildProcess
    private let output: FileHandle
    private let errors: Pipe

    /// The binary called `name` (default `replay-location`) built next to the test bundle.
    static func executable(named name: String = "replay-location") throws -> URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        struct NotBuilt: Error, CustomStringConvertible {
            var name: String
            var description: String { "\(name) is not built next to the tests; run swift build first" }
        }
        throw NotBuilt(name: name)
    }

    static func start(_ arguments: [String]) throws -> ReplayLocationProcess {
        let process = ChildProcess()
        process.executableURL = try executable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        process.standardInput = .nullDevice
        try process.run()
        return ReplayLocationProcess(process: process, output: output.fileHandleForReading, errors: errors)
    }

    /// Runs to completion. Standard error is read after standard output, which is safe while it stays below a
    /// pipe's buffer (64 KiB), as it does for these tests: no progress lines go to a pipe.
    static func run(_ arguments: [String]) throws -> Result {
        let running = try start(arguments)
        let outputText = try running.readToEnd()
        let errorText = running.standardError()
        running.process.waitUntilExit()
        return Result(status: running.process.terminationStatus, standardOutput: outputText, standardError: errorText)
    }

    func readOutput(untilContains marker: String) throws -> String {
        var text = ""
        while !text.contains(marker) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }

    func readToEnd() throws -> String {
        String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
    }

    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
