import Foundation
import MockWeatherTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a new user meets first (issue 25): a test's own cassettes over the bundled set, cassettes
/// beside the test file, a fault a reused connection cannot hide, and failures reported where the
/// scoped functions were called.
@Suite struct UserFacingAPITests {
    private let liveAPI = URL(string: "https://api.openweathermap.org")!

    /// Seoul at 300 K (26.85 °C) instead of the bundled 270.81 K.
    private var warmSeoul: InlineCassette {
        .answering(
            "/data/2.5/weather", query: ["q": "Seoul"], json: weatherBody(name: "Seoul", kelvin: 300),
            name: "test/warm-seoul")
    }

    @Test func aTestsCassetteOverridesTheBundledOneAndTheJournalNamesWhatItOverrode() async throws {
        let replayer = try MockWeatherReplayer(CassetteSet.bundled.overridden(by: .cassettes([warmSeoul])))
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (status, body) = try await fetch(weatherURL(liveAPI, "q=Seoul"), session: session).get()
        let (_, daegu) = try await fetch(weatherURL(liveAPI, "q=Daegu"), session: session).get()

        #expect(status == 200)
        #expect(temperatureField(body) == 300)
        #expect(nameField(daegu) == "Daegu", "the rest of the bundled set still answers")
        let seoul = try #require(replayer.journal.requests.first)
        #expect(seoul.cassette == "test/warm-seoul")
        #expect(seoul.overridden == "openweathermap/current/seoul#0")
        #expect(seoul.description.hasSuffix("→ 200 (test/warm-seoul, overriding openweathermap/current/seoul#0)"))
        #expect(replayer.journal.requests.last?.overridden == nil, "Daegu overrode nothing")
    }

    @Test func anOverrideWinsEvenOverAMoreSpecificBundledMatch() async throws {
        // The bundled set answers q=Seoul,KR with an interaction of its own; the test's q=* wins.
        let anywhere = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "*"], json: weatherBody(name: "Anywhere", kelvin: 290),
            name: "test/anywhere")
        let replayer = try MockWeatherReplayer(CassetteSet.bundled.overridden(by: .cassettes([anywhere])))
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (_, body) = try await fetch(weatherURL(liveAPI, "q=Seoul,KR"), session: session).get()

        #expect(nameField(body) == "Anywhere")
        #expect(replayer.journal.requests.first?.overridden == "openweathermap/current/seoul#1")
    }

    @Test func sideBySideTheSameRequestTwiceStillFailsTheStart() throws {
        #expect {
            _ = try MockWeatherReplayer(CassetteSet.bundled.adding(.cassettes([warmSeoul])))
        } throws: { error in
            "\(error)".contains("the same request as")
        }
    }

    @Test func theJournalsAdminViewNamesTheOverrideToo() async throws {
        try await withMockWeather(CassetteSet.bundled.overridden(by: .cassettes([warmSeoul]))) { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            _ = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()

            let (_, admin) = try await fetch(
                URL(string: "\(mock.baseURL.absoluteString)/__admin/requests")!, session: session
            ).get()
            #expect(admin.contains(#""overrides":"openweathermap/current/seoul#0""#))
        }
    }

    @Test func aDirectoryRelativeToTheSourceFileIgnoresTheWorkingDirectory() async throws {
        // The package's own Cassettes/, two folders up from this file, as an absolute location (changing
        // the working directory to show it would disturb the tests running beside this one).
        let set = CassetteSet.directory(relativeTo: #filePath, "../../Cassettes")
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Cassettes").standardizedFileURL
        #expect(set.directories == [expected])

        let replayer = try MockWeatherReplayer(set)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let (status, _) = try await fetch(weatherURL(liveAPI, "q=Seoul"), session: session).get()

        #expect(status == 200)
        #expect(replayer.journal.requests.first?.cassette == "openweathermap/current/seoul#0")
    }

    @Test func aResetAfterTheHeadFailsTheRequestEvenOnAReusedConnection() async throws {
        try await withMockWeather { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            // The first request leaves a keep-alive connection for the second to reuse.
            let seoul = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()
            let first = await fetch(weatherURL(mock.baseURL, "q=mock-flaky-after-head"), session: session)
            let second = try await fetch(weatherURL(mock.baseURL, "q=mock-flaky-after-head"), session: session).get()

            #expect(seoul.0 == 200)
            #expect(throws: URLError.self, "the app sees the failure, not a silent retry") { try first.get() }
            #expect(second.0 == 200)
            let requests = mock.journal.requests.filter { $0.query?.contains("mock-flaky-after-head") == true }
            #expect(requests.count == 2, "no request was sent again behind the app's back")
            #expect(requests.first?.faultKind == .resetAfterHead)
            #expect(requests.first?.description.contains("→ 200, then reset-after-head (") == true)
        }
    }

    @Test func aResetAfterTheHeadThroughTheURLProtocolIsAConnectionLost() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let first = await fetch(weatherURL(liveAPI, "q=mock-flaky-after-head"), session: session)

        if case .failure(let error) = first {
            #expect(error.code == .networkConnectionLost)
        } else {
            Issue.record("the first mock-flaky-after-head request was answered")
        }
    }

    @Test func aBareResetOnAReusedConnectionMayBeRetriedSilentlyAndTheJournalShowsIt() async throws {
        try await withMockWeather { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            _ = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()

            let seen = await fetch(weatherURL(mock.baseURL, "q=mock-flaky"), session: session)

            // URLSession (libcurl on Linux, Apple's stack on macOS) may send a request again when a
            // reused connection dies before a byte of the answer: then the app sees the 200, and the
            // journal is where the reset shows.
            let flaky = mock.journal.requests.filter { $0.query?.contains("mock-flaky") == true }
            #expect(
                flaky.first?.description.contains("→ reset, no response (openweathermap/faults/flaky [1/2])") == true)
            if case .success(let answer) = seen {
                #expect(answer.0 == 200)
                #expect(flaky.count == 2, "the retry the app never saw")
            }
        }
    }

    @Test func aBareResetShowsAsNoResponseInTheJournal() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }

        _ = await fetch(weatherURL(liveAPI, "q=mock-flaky"), session: session)

        let entry = try #require(replayer.journal.requests.first)
        #expect(entry.description.contains("→ reset, no response (openweathermap/faults/flaky [1/2])"))
    }

    @Test func anUnmatchedRequestIsReportedAtTheFileAndLineGiven() async throws {
        let line: UInt = 4242
        try await withKnownIssue {
            try await withMockWeatherReplayer(line: line) { replayer in
                let session = replayer.makeSession()
                defer { session.finishTasksAndInvalidate() }
                _ = await fetch(weatherURL(liveAPI, "q=Busan"), session: session)
            }
        } matching: { issue in
            issue.sourceLocation?.line == Int(line) && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func aSwiftTestingHelperPassesItsCallersLocationOn() async throws {
        let here = SourceLocation(fileID: "Caller/Caller.swift", filePath: "/Caller.swift", line: 7, column: 3)
        try await withKnownIssue {
            try await withMockWeatherReplayer(sourceLocation: here) { replayer in
                let session = replayer.makeSession()
                defer { session.finishTasksAndInvalidate() }
                _ = await fetch(weatherURL(liveAPI, "q=Busan"), session: session)
            }
        } matching: { issue in
            issue.sourceLocation == here
        }
    }
}
