import Basics
import Foundation
import TestSupport
import Testing

@testable import MockWeather

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
        let imported = try MockweatherBinary.run([
            "import", HARFixtures.url("proxyman.har").path, "--cassettes", directory.url.path,
        ])
        #expect(imported.status == 1, "entry #6 has no response: \(imported.stdout)")
        #expect(imported.stdout.contains("imported 6 cassettes from 8 entries; 1 skipped"))
        #expect(imported.stdout.contains("proxyman.har:621:7: $.log.entries[6].response: no response"))
        for file in allFiles(under: directory.url) {
            #expect(!file.contents.contains(harTestKey), "\(file.path) holds the key")
        }
        #expect(!(imported.stdout + imported.stderr).contains(harTestKey))

        let bodies = try archiveBodies("proxyman.har")
        let server = try RunningMockweather(["serve", "--port", "0", "--cassettes", directory.url.path])
        let port = try server.waitForListeningPort()
        defer { server.signal(SIGTERM) }
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
    }

    @Test func everyFixtureImportsThroughTheBinary() throws {
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
            let result = try MockweatherBinary.run([
                "import", HARFixtures.url(expectation.file).path, "--cassettes", directory.url.path,
            ])
            #expect(result.status == expectation.status, "\(expectation.file): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains(expectation.summary), "\(expectation.file): \(result.stdout)")
            let validated = try MockweatherBinary.run(["validate", directory.url.path])
            #expect(validated.status == 0, "\(expectation.file): \(validated.stdout)")
            for file in allFiles(under: directory.url) {
                #expect(!file.contents.contains(harTestKey), "\(expectation.file) → \(file.path) holds the key")
            }
        }
    }

    @Test func dryRunCreatesNoDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let target = directory.url.appendingPathComponent("not-yet")
        let result = try MockweatherBinary.run([
            "import", HARFixtures.url("swift-replay.har").path, "--cassettes", target.path, "--dry-run",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("would import 2 cassettes from 2 entries; dry run: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func exitStatusSaysWhatWentWrong() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("not-har.har", #"{"log": {"entries": 5}}"#)
        let cassettes = directory.url.appendingPathComponent("out").path
        let missing = try MockweatherBinary.run(["import", directory.url.appendingPathComponent("nope.har").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("mockweather import: cannot read "))
        let notHAR = try MockweatherBinary.run([
            "import", directory.url.appendingPathComponent("not-har.har").path, "--cassettes", cassettes,
        ])
        #expect(notHAR.status == 65)
        #expect(notHAR.stderr.contains("not-har.har:1:21: $.log.entries: expected an array of entries, found a number"))
        let badHost = try MockweatherBinary.run([
            "import", HARFixtures.url("swift-replay.har").path, "--host", "https://example.com/x",
        ])
        #expect(badHost.status == 64)
        #expect(badHost.stderr.contains("--host"))
        let noFile = try MockweatherBinary.run(["import"])
        #expect(noFile.status == 64)
        // `imported` is a file, so no cassette can be written under it.
        try directory.write("blocked/imported", "not a folder")
        let blocked = try MockweatherBinary.run([
            "import", HARFixtures.url("swift-replay.har").path, "--cassettes",
            directory.url.appendingPathComponent("blocked").path,
        ])
        #expect(blocked.status == 73, "\(blocked.stdout)")
        #expect(blocked.stdout.contains("FAILED: cannot write "))
    }

    @Test func exportThenImportThroughTheBinaryLeavesNothingSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let archive = directory.url.appendingPathComponent("bundled.har").path
        let cassettes = try CassetteLoader.load(directory: bundledCassettes)
        let responses = cassettes.flatMap(\.interactions).reduce(0) { $0 + $1.responses.count }
        let exported = try MockweatherBinary.run(["export", "--har", archive, "--cassettes", bundledCassettes.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("exported \(responses) entries from \(cassettes.count) cassettes"))
        let target = directory.url.appendingPathComponent("out").path
        let imported = try MockweatherBinary.run(["import", archive, "--cassettes", target])
        #expect(imported.status == 0, "\(imported.stdout)")
        #expect(imported.stdout.contains("from \(responses) entries\n"))
        #expect(try MockweatherBinary.run(["validate", target]).status == 0)
        let toStandardOutput = try MockweatherBinary.run(["export", "--har", "-", "--cassettes", bundledCassettes.path])
        #expect(toStandardOutput.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(toStandardOutput.stdout.utf8)) is [String: Any])
        let noFile = try MockweatherBinary.run(["export"])
        #expect(noFile.status == 64)
        #expect(noFile.stderr.contains("'--har FILE' is required"))
        try directory.write("broken/x.json", "{}")
        let broken = try MockweatherBinary.run([
            "export", "--har", archive, "--cassettes", directory.url.appendingPathComponent("broken").path,
        ])
        #expect(broken.status == 65)
    }
}
