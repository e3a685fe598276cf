import Foundation
import HTTPServer
import Synchronization
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

/// `serve --record`, `record`, `verify` and `validate --max-age` through the real binary, against a
/// fake upstream on 127.0.0.1.
@Suite(.serialized) struct RecordCommandLineTests {
    @Test(arguments: [
        ["serve", "--record", "new", "--port", "0"], ["serve", "--record", "all", "--port", "0"],
        ["record", "--city", "Seoul"], ["verify"],
    ])
    func recordingWithoutAKeyRefusesToStartAndSaysHowToGiveOne(arguments: [String]) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let result = try await RunningProcess.run("mockweather", arguments + ["--cassettes", directory.url.path])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "needs an API key: give --api-key KEY (OpenWeatherMap) or --api-key API=KEY, or set OPENWEATHERMAP_API_KEY"
            ))
        #expect(!result.standardOutput.contains("listening"), "it never falls back to replay")
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func theKeyIsNeverPrintedInHelpOrUsageErrors() async throws {
        let withKey = ["OPENWEATHERMAP_API_KEY": realTestKey]
        let runs: [[String]] = [
            ["serve", "--help"], ["record", "--help"], ["verify", "--help"],
            ["serve", "--record", "new", "--api-key", "\(realTestKey) with a space", "--port", "0"],
            ["serve", "--record", "sometimes", "--api-key", realTestKey],
            ["serve", "--api-key", realTestKey, "--port", "0"],
            ["serve", "--record", "new", "--api-key", realTestKey, "--upstream", "ftp://x", "--port", "0"],
            ["record", "--api-key", realTestKey, "--at", "north"], ["record", "--api-key=\(realTestKey)", "--id", "x"],
            ["record", "--api-key", realTestKey, "--api-key", realTestKey, "--city", "Seoul"],
            ["record", "--api-key", realTestKey, "--city", "Seoul", "--scrub", "("],
        ]
        for arguments in runs {
            let result = try await RunningProcess.run("mockweather", arguments, environment: withKey)
            #expect(result.status == (arguments.contains("--help") ? 0 : 64), "\(arguments): \(result.standardError)")
            #expect(
                !(result.standardOutput + result.standardError).contains(realTestKey), "\(arguments) printed the key")
        }
    }

    @Test func serveRecordNewRecordsThroughTheBinaryWithTheKeyFromTheEnvironment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        let (first, second, journal, result) = try await withMock(.upstream(upstream), mode: .live) { api in
            let recording = MockSetup.replay(
                directory.url, arguments: ["--record", "new", "--upstream", try api.baseURL.absoluteString],
                environment: ["OPENWEATHERMAP_API_KEY": realTestKey])
            return try await withMock(recording, mode: .binary) { server in
                let port = try server.port
                let first = try await fetch("/data/2.5/weather?q=Seoul&appid=\(clientTestKey)", port: port)
                let second = try await fetch("/data/2.5/weather?q=seoul&appid=\(clientTestKey)", port: port)
                let journal = try await fetch("/__admin/requests", port: port)
                try server.process.signal(SIGTERM)
                return (first, second, journal, try await server.process.finish())
            }
        }
        #expect(result.status == 0)
        #expect(first.header("X-Mockweather-Recorded") == "recorded/current/q-seoul")
        #expect(second.header("X-Mockweather-Cassette") == "recorded/current/q-seoul")
        #expect(second.body == first.body)
        #expect(upstream.receivedKeys == [realTestKey])
        #expect(
            result.standardOutput.contains(
                "GET /data/2.5/weather?q=Seoul&appid=*** 200 upstream → recorded/current/q-seoul"))
        #expect(result.standardError.contains("mockweather: recorded recorded/current/q-seoul.json"))
        let outputs =
            [result.standardOutput, result.standardError, journal.text, first.everything]
            + allFiles(under: directory.url).map(\.contents)
        for text in outputs {
            #expect(!text.contains(realTestKey) && !text.contains(clientTestKey), "a key leaked: \(text)")
        }
    }

    @Test func recordCapturesABatchPrintsATableAndExits1WhenAnyFailed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let result = try await withMock(.upstream(FakeUpstream()), mode: .live) { api in
            try await record(
                [
                    "--city", "Seoul", "--city", "Atlantis", "--city", "Broken", "--at", "35.8714,128.6014", "--id",
                    "1835848", "--units", "metric", "--endpoint", "current", "--endpoint", "geocoding",
                ], upstream: try api.baseURL, directory: directory)
        }
        #expect(result.status == 1, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("REQUEST") == true)
        #expect(
            lines.contains {
                $0.contains("q=Seoul&units=metric&appid=***")
                    && $0.contains("recorded/current/q-seoul-metric.json (new)")
            })
        #expect(
            lines.contains { $0.contains("q=Atlantis") && $0.contains("404") && $0.contains("q-atlantis-metric.json") })
        #expect(lines.contains { $0.contains("q=Broken") && $0.contains("500") && $0.contains("not recorded") })
        #expect(lines.contains { $0.contains("geocoding for id 1835848") && $0.contains("skipped") })
        #expect(lines.last == "recorded 7 of 10; 2 failed; 1 skipped", "\(result.standardOutput)")
        #expect(!result.standardError.contains("\u{1B}["), "no progress line when standard error is not a terminal")
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path).contains("recorded/geocoding/reverse-lat35.87_lon128.60-limit-5.json"))
        #expect(files.map(\.path).contains("recorded/current/lat35.87_lon128.60-metric.json"))
        for text in files.map(\.contents) + [result.standardOutput, result.standardError] {
            #expect(!text.contains(realTestKey), "the key leaked: \(text)")
        }
        #expect(
            try await RunningProcess.run("mockweather", ["validate", directory.url.path]).status == 0,
            "every recording validates")
    }

    @Test func aBatchKilledWithSIGKILLLeavesNoPartialFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        // The first request is answered; the second never is, so the batch is mid-flight when killed.
        let calls = Atomic<Int>(0)
        let upstream = FakeUpstream { request in
            guard calls.wrappingAdd(1, ordering: .relaxed).newValue == 1 else { return HTTPResponse(fault: .hang) }
            return FakeUpstream.openWeatherMap(request)
        }
        let result = try await withMock(.upstream(upstream), mode: .live) { api in
            let batch = try RunningProcess.start(
                "mockweather",
                [
                    "record", "--upstream", try api.baseURL.absoluteString, "--cassettes", directory.url.path,
                    "--city", "Seoul", "--city", "Daegu", "--city", "Busan",
                ], environment: ["OPENWEATHERMAP_API_KEY": realTestKey])
            var arrived = 0
            for await _ in upstream.arrivals {
                arrived += 1
                if arrived == 2 { break }
            }
            batch.signal(SIGKILL)
            return await batch.finish()
        }
        #expect(result.endedBySignal && result.status == SIGKILL)
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path) == ["recorded/current/q-seoul.json"], "only complete cassettes, no temporary files")
        for file in files {
            #expect(
                CassetteDecoder.decode(file: file.path, bytes: Array(file.contents.utf8), providers: Providers.all)
                    .problems.isEmpty)
        }
    }

    @Test func verifyReportsAddedRemovedAndRetypedFieldsAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let recorded = try await withMock(.upstream(FakeUpstream()), mode: .live) { original in
            try await record(
                ["--city", "Seoul", "--city", "Daegu"], upstream: try original.baseURL, directory: directory)
        }
        #expect(recorded.status == 0, "\(recorded.standardOutput)")
        let before = allFiles(under: directory.url)
        // The API "changed" for Daegu: a field added, one removed, one retyped, and rain (weather, not drift).
        let changed = FakeUpstream { request in
            var response = FakeUpstream.openWeatherMap(request)
            guard request.target.contains("Daegu") else { return response }
            response.body = Array(
                #"{"coord":{"lon":126.9778,"lat":37.5683},"weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04d"}],"main":{"temp":270.81,"pressure":1031,"humidity":64},"name":"Daegu","cod":"200","echo":"x","key":"x","trace":"t","rain":{"1h":0.2}}"#
                    .utf8)
            return response
        }
        let result = try await withMock(.upstream(changed), mode: .live) { api in
            try await RunningProcess.run(
                "mockweather",
                ["verify", "--upstream", try api.baseURL.absoluteString, "--api-key", realTestKey, directory.url.path])
        }
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("recorded/current/q-seoul: same shape"))
        #expect(result.standardOutput.contains("recorded/current/q-daegu: DRIFT"))
        #expect(result.standardOutput.contains("    added    $.main.humidity (number)"))
        #expect(result.standardOutput.contains("    removed  $.wind (was object)"))
        #expect(result.standardOutput.contains("    retyped  $.cod: number → string"))
        #expect(
            result.standardOutput.contains("(varies with the weather or place, not drift: added    $.rain (object))"))
        #expect(result.standardOutput.contains("verify: 2 recorded cassettes: 1 same shape, 1 drifted, 0 not checked"))
        #expect(!(result.standardOutput + result.standardError).contains(realTestKey))
        let after = allFiles(under: directory.url)
        #expect(after.map(\.path) == before.map(\.path) && after.map(\.contents) == before.map(\.contents))
    }

    @Test func verifyExits69WhenTheUpstreamCannotBeReached() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("recorded/current/q-seoul.json", RecordingUnitTests.recorded(at: "2026-11-01T00:00:00Z"))
        let port = try await closedPort()
        let result = try await RunningProcess.run(
            "mockweather", ["verify", "--upstream", "http://127.0.0.1:\(port)", directory.url.path],
            environment: ["OPENWEATHERMAP_API_KEY": realTestKey])
        #expect(result.status == 69)
        #expect(
            result.standardOutput.contains("recorded/current/q-seoul: NOT CHECKED: upstream failed: cannot connect"))
        #expect(!result.standardOutput.contains(realTestKey))
    }

    @Test func validateWarnsAboutOldRecordingsAndStrictFails() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("recorded/current/old.json", RecordingUnitTests.recorded(at: "2020-01-01T00:00:00Z"))
        try directory.write("recorded/current/new.json", RecordingUnitTests.recorded(at: "2099-01-01T00:00:00Z"))
        let warned = try await RunningProcess.run("mockweather", ["validate", directory.url.path, "--max-age", "90d"])
        #expect(warned.status == 0)
        #expect(warned.standardOutput.contains("warning: recorded/current/old.json: recorded 2020-01-01T00:00:00Z, "))
        #expect(warned.standardOutput.contains("(more than --max-age 90d)"))
        #expect(!warned.standardOutput.contains("new.json"))
        let strict = try await RunningProcess.run(
            "mockweather", ["validate", directory.url.path, "--max-age", "90d", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardOutput.contains("error: recorded/current/old.json"))
        #expect(
            try await RunningProcess.run("mockweather", ["validate", directory.url.path, "--max-age", "soon"]).status
                == 64)
    }
}
