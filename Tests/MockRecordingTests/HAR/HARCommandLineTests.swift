import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mockweather import` through the real binary, and the cassettes it writes served by
/// `mockweather serve` to a client.
@Suite(.serialized) struct HARCommandLineTests {
    /// Each entry's decoded response body, read from the archive with Foundation (independently of
    /// the importer), by entry index.
    private func archiveBodies(_ name: String) throws -> [Int: [UInt8]] {
        let data = try Data(contentsOf: HARFixtures.url(name))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        var bodies: [Int: [UInt8]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let content = (entry["response"] as? [String: Any])?["content"] as? [String: Any],
                let text = content["text"] as? String
            else { continue }
            bodies[index] =
                content["encoding"] as? String == "base64"
                ? Array(Data(base64Encoded: text) ?? Data()) : Array(text.utf8)
        }
        return bodies
    }

    @Test func importedCaptureIsServedByteForByteWithTheKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let imported = try await RunningProcess.run(
            "mockweather",
            [
                "import", HARFixtures.url("proxyman.har").path, "--cassettes", directory.url.path,
            ])
        #expect(imported.status == 1, "entry #6 has no response: \(imported.standardOutput)")
        #expect(imported.standardOutput.contains("imported 6 cassettes from 8 entries; 1 skipped"))
        #expect(imported.standardOutput.contains("proxyman.har:621:7: $.log.entries[6].response: no response"))
        for file in allFiles(under: directory.url) {
            #expect(!file.contents.contains(harTestKey), "\(file.path) holds the key")
        }
        #expect(!(imported.standardOutput + imported.standardError).contains(harTestKey))

        let bodies = try archiveBodies("proxyman.har")
        try await withMock(.replay(directory.url), mode: .binary) { server in
            let port = try server.port
            let key = "appid=client-key-0123456789"
            let checks: [(target: String, entry: Int)] = [
                ("/data/2.5/weather?q=Seoul&\(key)", 0),
                ("/data/2.5/forecast?q=Busan&\(key)", 1),  // the sequence: 429 first,
                ("/data/2.5/forecast?q=Busan&\(key)", 2),  // then 200 (entry #3 was the same answer)
                ("/data/2.5/forecast?q=Busan&\(key)", 2),
                ("/geo/1.0/direct?q=Daegu&limit=5&\(key)", 4),
                ("/data/2.5/weather?q=Atlantis&\(key)", 5),
                ("/img/wn/04d@2x.png", 9),
            ]
            for check in checks {
                let exchange = try await fetch(check.target, port: port)
                #expect(exchange.body == bodies[check.entry], "\(check.target) is not entry #\(check.entry)'s body")
            }
            let icon = try await fetch("/img/wn/04d@2x.png", port: port)
            #expect(icon.header("Content-Type") == "image/png")
            #expect(icon.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // The one body that held the key is served with it masked, otherwise unchanged.
            let gateway = try await fetch("/data/2.5/weather?q=Gwangju&\(key)", port: port)
            let original = String(decoding: try #require(bodies[7]), as: UTF8.self)
            #expect(gateway.status == 502)
            #expect(gateway.text == original.replacingOccurrences(of: harTestKey, with: "***"))
            let seoul = try await fetch("/data/2.5/weather?q=Seoul&\(key)", port: port)
            #expect(seoul.header("X-Cache-Key") == "/data/2.5/weather?q=seoul&appid=***")
            #expect(!seoul.everything.contains(harTestKey))
            await server.stop()
        }
    }

    @Test func everyFixtureImportsThroughTheBinary() async throws {
        let expectations: [(file: String, status: Int32, summary: String)] = [
            ("proxyman.har", 1, "imported 6 cassettes from 8 entries; 1 skipped"),
            ("chrome-devtools.har", 1, "imported 3 cassettes from 3 entries; 4 skipped"),
            ("charles.har", 1, "imported 3 cassettes from 3 entries; 2 skipped"),
            ("mitmproxy.har", 1, "imported 3 cassettes from 3 entries; 1 skipped"),
            ("swift-replay.har", 0, "imported 2 cassettes from 2 entries"),
        ]
        for expectation in expectations {
            let directory = try TemporaryDirectory()
            defer { directory.cleanUp() }
            let result = try await RunningProcess.run(
                "mockweather",
                [
                    "import", HARFixtures.url(expectation.file).path, "--cassettes", directory.url.path,
                ])
            #expect(
                result.status == expectation.status,
                "\(expectation.file): \(result.standardOutput)\(result.standardError)")
            #expect(
                result.standardOutput.contains(expectation.summary), "\(expectation.file): \(result.standardOutput)")
            let validated = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
            #expect(validated.status == 0, "\(expectation.file): \(validated.standardOutput)")
            for file in allFiles(under: directory.url) {
                #expect(!file.contents.contains(harTestKey), "\(expectation.file) → \(file.path) holds the key")
            }
        }
    }

    @Test func dryRunCreatesNoDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let target = directory.url.appendingPathComponent("not-yet")
        let result = try await RunningProcess.run(
            "mockweather",
            [
                "import", HARFixtures.url("swift-replay.har").path, "--cassettes", target.path, "--dry-run",
            ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("would import 2 cassettes from 2 entries; dry run: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func exitStatusSaysWhatWentWrong() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("not-har.har", #"{"log": {"entries": 5}}"#)
        let cassettes = directory.url.appendingPathComponent("out").path
        let missing = try await RunningProcess.run(
            "mockweather", ["import", directory.url.appendingPathComponent("nope.har").path])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("mockweather import: cannot read "))
        let notHAR = try await RunningProcess.run(
            "mockweather",
            [
                "import", directory.url.appendingPathComponent("not-har.har").path, "--cassettes", cassettes,
            ])
        #expect(notHAR.status == 65)
        #expect(
            notHAR.standardError.contains(
                "not-har.har:1:21: $.log.entries: expected an array of entries, found a number"))
        let badHost = try await RunningProcess.run(
            "mockweather",
            [
                "import", HARFixtures.url("swift-replay.har").path, "--host", "https://example.com/x",
            ])
        #expect(badHost.status == 64)
        #expect(badHost.standardError.contains("--host"))
        let noFile = try await RunningProcess.run("mockweather", ["import"])
        #expect(noFile.status == 64)
        // `imported` is a file, so no cassette can be written under it.
        try directory.write("blocked/imported", "not a folder")
        let blocked = try await RunningProcess.run(
            "mockweather",
            [
                "import", HARFixtures.url("swift-replay.har").path, "--cassettes",
                directory.url.appendingPathComponent("blocked").path,
            ])
        #expect(blocked.status == 73, "\(blocked.standardOutput)")
        #expect(blocked.standardOutput.contains("FAILED: cannot write "))
    }

    /// `import` read the whole archive whatever its size: one larger than the importer takes is
    /// refused by its size before a byte is read.
    @Test func anArchiveOverTheSizeLimitIsRefusedByItsSizeBeforeItIsRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let huge = directory.url.appendingPathComponent("huge.har").path
        // Sparse: no disk, and nothing in memory unless the importer reads it.
        let descriptor = open(huge, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        try #require(ftruncate(descriptor, off_t(HARImportBudget.maximumArchiveBytes + 1)) == 0)
        close(descriptor)
        let result = try await RunningProcess.run("mockweather", ["import", huge, "--dry-run"])
        #expect(result.status == 66)
        #expect(
            result.standardError.contains(
                "huge.har: 268435457 bytes, over the limit of 268435456 bytes (256 MiB) for a HAR archive"),
            "\(result.standardError)")
    }

    @Test func exportThenImportThroughTheBinaryLeavesNothingSkipped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let archive = directory.url.appendingPathComponent("bundled.har").path
        let cassettes = try CassetteLoader.load(directory: PackageLayout.bundledCassettes, providers: Providers.all)
        let responses = cassettes.flatMap(\.interactions).reduce(0) { $0 + $1.responses.count }
        let exported = try await RunningProcess.run(
            "mockweather", ["export", "--har", archive, "--cassettes", PackageLayout.bundledCassettes.path])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput.contains("exported \(responses) entries from \(cassettes.count) cassettes"))
        let target = directory.url.appendingPathComponent("out").path
        let imported = try await RunningProcess.run("mockweather", ["import", archive, "--cassettes", target])
        #expect(imported.status == 0, "\(imported.standardOutput)")
        #expect(imported.standardOutput.contains("from \(responses) entries\n"))
        #expect(try await RunningProcess.run("mockweather", ["validate", target]).status == 0)
        let toStandardOutput = try await RunningProcess.run(
            "mockweather", ["export", "--har", "-", "--cassettes", PackageLayout.bundledCassettes.path])
        #expect(toStandardOutput.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(toStandardOutput.standardOutput.utf8)) is [String: Any])
        let noFile = try await RunningProcess.run("mockweather", ["export"])
        #expect(noFile.status == 64)
        #expect(noFile.standardError.contains("'--har FILE' is required"))
        try directory.write("broken/x.json", "{}")
        let broken = try await RunningProcess.run(
            "mockweather",
            [
                "export", "--har", archive, "--cassettes", directory.url.appendingPathComponent("broken").path,
            ])
        #expect(broken.status == 65)
    }
}
