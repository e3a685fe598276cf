import Foundation
import LocationSimulator
import Testing

@Suite struct PlaybackSessionTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    func session(_ configure: (inout PlaybackOptions) -> Void, trace: Trace = TestTraces.drive()) throws
        -> PlaybackSession
    {
        var options = PlaybackOptions()
        options.interval = 60
        configure(&options)
        return try PlaybackSession(
            trace: trace, options: options, startDate: Date(timeIntervalSince1970: 1_795_910_400),
            clock: ManualPlaybackClock())
    }

    @Test func anOutputFileAppearsOnlyWhenComplete() async throws {
        let output = path("drive.gpx")
        let session = try session {
            $0.outputPath = output
            $0.format = .gpx
        }
        var seenDuringPlayback: [Bool] = []

        let outcome = try await session.run { _ in
            seenDuringPlayback.append(FileManager.default.fileExists(atPath: output))
        }

        #expect(seenDuringPlayback.allSatisfy { $0 == false })
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasSuffix("</gpx>\n"))
        #expect(text.components(separatedBy: "<wpt ").count - 1 == outcome.deliveredCount)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["drive.gpx"])
    }

    @Test func aFailingCommandStopsPlaybackButCompletesTheOutput() async throws {
        let output = path("partial.geojson")
        let session = try session {
            $0.outputPath = output
            $0.format = .geojson
            $0.command = try? CommandTemplate("test {elapsed} != 180.000")
        }

        await #expect {
            try await session.run()
        } throws: { error in
            guard case PlaybackError.commandFailed(let command, let termination, let time) = error else { return false }
            return command == "test 180.000 != 180.000" && termination == .exited(1) && time == 180
        }

        let collection = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
        let features = (collection as? [String: Any])?["features"] as? [[String: Any]]
        #expect(features?.count == 5)  // fixes at 0, 60, 120 and 180 (written before its command ran), and the track
    }

    @Test func cancellationCompletesTheDocumentAndReportsAnInterruption() async throws {
        let output = path("interrupted.gpx")
        let session = try session {
            $0.outputPath = output
            $0.format = .gpx
            $0.pace = .realtime(speed: 1)
        }
        let outcome = try await cancelPlayback(afterFixes: 10) { consume in
            try await session.run { await consume($0) }
        }

        #expect(outcome.wasInterrupted)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasSuffix("</gpx>\n"))
        #expect(text.components(separatedBy: "<wpt ").count - 1 == outcome.deliveredCount)
    }

    @Test func theMapIsWrittenWithTheCallersLabels() async throws {
        let svgPath = path("map.svg")
        let session = try session {
            $0.svgPath = svgPath
            $0.writesFixes = false
        }

        _ = try await session.run(mapLabels: { [MapLabel(point: TestTraces.suwon, title: "3.2°C", detail: "Suwon")] })

        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.contains("3.2°C"))
        #expect(svg.contains("Suwon"))
    }

    @Test func anUnwritableOutputIsAnOutputError() async throws {
        let session = try session { $0.outputPath = "/nonexistent-directory/out.jsonl" }

        await #expect {
            try await session.run()
        } throws: { error in
            guard case PlaybackError.output(.cannotCreate(let path, _)) = error else { return false }
            return path == "/nonexistent-directory/out.jsonl"
        }
    }
}
