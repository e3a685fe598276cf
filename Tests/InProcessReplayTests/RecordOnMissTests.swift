import Foundation
import MockWeatherTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Record-on-miss in the test process, against a local upstream that echoes the key (the live API is
/// never contacted): the first run records, the next replays with the upstream gone, and CI records
/// nothing.
@Suite(.serialized) struct RecordOnMissTests {
    private static let busan = "q=Busan"

    /// What a recording through the upstream at `upstream` with the real test key reads from its
    /// environment.
    private static func recording(
        _ mode: MockWeatherRecording.Mode, upstream: URL?, environment: [String: String] = [:]
    ) -> MockWeatherRecording {
        var recording = MockWeatherRecording.fromEnvironment(
            ["MOCKWEATHER_RECORD": mode.rawValue, "OPENWEATHERMAP_API_KEY": realTestKey].merging(environment) { $1 },
            upstreams: upstream.map { ["openweathermap": $0] } ?? [:])
        recording.timeout = .seconds(5)
        return recording
    }

    @Test func theFirstRunRecordsTheMissAndTheNextReplaysItWithTheUpstreamGone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let cassettes = CassetteSet.directory(directory.url.appendingPathComponent("Cassettes"))
        let upstream = FakeUpstream()
        let first = try await withMock(.upstream(upstream), mode: .live) { api in
            try await withMockWeather(cassettes, recording: Self.recording(.missing, upstream: try api.baseURL)) {
                mock in
                try await Self.get(Self.busan, from: mock.baseURL)
            }
        }
        #expect(first.status == 200)
        #expect(nameField(first.body) == "Busan")
        #expect(upstream.receivedKeys == [realTestKey], "the real key went upstream, not the client's")
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path) == ["Cassettes/recorded/current/q-busan.json"])
        for file in files {
            #expect(!file.contents.contains(realTestKey) && !file.contents.contains("in-process-test-key"))
            #expect(file.contents.contains(#""source": "recorded""#))
        }

        // The upstream is stopped: the replay needs nothing but the cassette, in either mode.
        let replayed = try await withMockWeather(cassettes, recording: .none) { mock in
            try await Self.get(Self.busan, from: mock.baseURL)
        }
        #expect(
            replayed.status == 200 && replayed.body == first.body.replacingOccurrences(of: realTestKey, with: "***"))
        let throughProtocol = try await withMockWeatherReplayer(cassettes, recording: .none) { replayer in
            try await Self.get(
                Self.busan, from: URL(string: "https://api.openweathermap.org")!, session: replayer.makeSession())
        }
        #expect(throughProtocol.status == 200 && nameField(throughProtocol.body) == "Busan")
    }

    @Test func inCINothingIsRecordedAndTheMissSaysSo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("Cassettes"), withIntermediateDirectories: true)
        let upstream = FakeUpstream()
        try await withMock(.upstream(upstream), mode: .live) { api in
            let recording = Self.recording(.missing, upstream: try api.baseURL, environment: ["CI": "true"])
            #expect(!recording.records)
            try await Self.askBusanExpectingTheMissToSay(
                [
                    "no cassette matched GET /data/2.5/weather?q=Busan",
                    "MOCKWEATHER_RECORD=missing is ignored because CI is set: nothing is recorded in CI",
                ],
                in: directory, recording: recording)
        }
        #expect(upstream.targets.isEmpty, "CI never reaches the upstream")
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func aMissWithoutTheAPIsKeyFailsNamingTheVariable() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream()
        try await withMock(.upstream(upstream), mode: .live) { api in
            let recording = MockWeatherRecording.fromEnvironment(
                ["MOCKWEATHER_RECORD": "missing"], upstreams: ["openweathermap": try api.baseURL])
            try await Self.askBusanExpectingTheMissToSay(
                ["OPENWEATHERMAP_API_KEY"], in: directory, recording: recording)
        }
        #expect(upstream.targets.isEmpty)
    }

    @Test(arguments: [
        ("", MockWeatherRecording.Mode.none, false), ("none", .none, false), ("missing", .missing, true),
        ("ALL", .all, true), ("mising", .none, false),
    ])
    func theModeIsReadFromTheEnvironment(value: String, mode: MockWeatherRecording.Mode, records: Bool) {
        let recording = MockWeatherRecording.fromEnvironment(["MOCKWEATHER_RECORD": value])
        #expect(recording.mode == mode)
        #expect(recording.records == records)
        if value == "mising" {
            #expect(recording.hint(forProvider: "openweathermap").contains("MOCKWEATHER_RECORD=mising is no mode"))
        }
    }

    @Test(arguments: [("true", true), ("1", true), ("false", false), ("0", false), ("", false)])
    func ciTurnsRecordingOff(value: String, isCI: Bool) {
        let recording = MockWeatherRecording.fromEnvironment(["MOCKWEATHER_RECORD": "all", "CI": value])
        #expect(recording.isInCI == isCI)
        #expect(recording.records == !isCI)
    }

    @Test func aSetWithoutADirectoryCannotRecord() async throws {
        try await withMock(.upstream(FakeUpstream()), mode: .live) { api in
            let recording = Self.recording(.missing, upstream: try api.baseURL)
            await #expect(throws: MockWeatherRecordingError.noDirectory) {
                try await withMockWeather(.bundled, recording: recording) { _ in }
            }
        }
    }

    /// Asks for Busan, which no cassette of `directory/Cassettes` answers, and expects the test to fail
    /// on the miss with a message holding every one of `phrases`.
    private static func askBusanExpectingTheMissToSay(
        _ phrases: [String], in directory: TemporaryDirectory, recording: MockWeatherRecording
    ) async throws {
        try await withKnownIssue {
            _ = try await withMockWeather(
                .directory(directory.url.appendingPathComponent("Cassettes")), recording: recording
            ) { mock in
                try await get(busan, from: mock.baseURL)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return phrases.allSatisfy(text.contains)
        }
    }

    private static func get(
        _ query: String, from base: URL, session: URLSession = URLSession(configuration: .ephemeral)
    )
        async throws -> (status: Int, body: String)
    {
        defer { session.finishTasksAndInvalidate() }
        // A miss reads the gazetteer (a city name no place has is its 404): slow under a sanitizer.
        let (status, body) = try await fetch(weatherURL(base, query), session: session, timeout: 120).get()
        return (status, body)
    }
}
