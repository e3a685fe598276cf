import Foundation
import MockWeatherTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The trait gives each test a mock of its own, in either mode, as `MockWeatherHandle.current`.
@Suite struct MockWeatherTraitTests {
    @Test(.mockWeather(mode: .server))
    func aServerTestReachesItsMockByURL() async throws {
        let mock = try #require(MockWeatherHandle.current)
        #expect(mock.mode == .server)
        #expect(mock.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        let session = mock.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()
        #expect(status == 200)
        #expect(nameField(body) == "Seoul")
        #expect(mock.journal.counts.total == 1)
    }

    @Test(.mockWeather(mode: .urlProtocol))
    func aURLProtocolTestReachesItsMockAtTheAPIsOwnURL() async throws {
        let mock = try #require(MockWeatherHandle.current)
        #expect(mock.mode == .urlProtocol)
        #expect(mock.baseURL.absoluteString == "https://api.openweathermap.org")
        #expect(mock.server == nil && mock.replayer != nil)
        let session = mock.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()
        #expect(status == 200 && nameField(body) == "Seoul")
    }

    @Test func thereIsNoMockOutsideATraitsTest() {
        #expect(MockWeatherHandle.current == nil)
    }

    @Test(.mockWeather(expectingUnmatched: true))
    func aTestExpectingMissesReadsThemFromTheJournal() async throws {
        let mock = try #require(MockWeatherHandle.current)
        let session = mock.makeSession()
        defer { session.finishTasksAndInvalidate() }
        // The first unmatched city name reads the gazetteer (its 404 for a name no place has): slow under
        // a sanitizer, so the client waits as long as a loaded sanitizer run needs.
        let (status, _) = try await fetch(weatherURL(mock.baseURL, "q=Busan"), session: session, timeout: 120).get()
        #expect(status == 501)
        #expect(mock.journal.unmatchedRequests.count == 1)
    }

    @Test(arguments: MockWeatherMode.allCases)
    func anUnmatchedRequestFailsTheTestSayingHowToRecordIt(mode: MockWeatherMode) async throws {
        let trait = MockWeatherTrait.mockWeather(mode: mode, recording: .none)
        try await withKnownIssue {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                let mock = try #require(MockWeatherHandle.current)
                let session = mock.makeSession()
                defer { session.finishTasksAndInvalidate() }
                _ = await fetch(weatherURL(mock.baseURL, "q=Busan"), session: session, timeout: 120)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no cassette matched GET /data/2.5/weather?q=Busan&appid=***")
                && text.contains("MOCKWEATHER_RECORD=missing and OPENWEATHERMAP_API_KEY set")
        }
    }
}

/// A suite with the trait: every test gets its own mock, so twenty run in parallel, each advancing its
/// own sequence and seeing only its own requests.
@Suite(.mockWeather(mode: .urlProtocol)) struct MockWeatherSuiteTraitTests {
    @Test(arguments: 0..<20)
    func eachTestOfTheSuiteHasAMockOfItsOwn(index: Int) async throws {
        let mock = try #require(MockWeatherHandle.current)
        let session = mock.makeSession()
        defer { session.finishTasksAndInvalidate() }
        for _ in 0...(index % 3) {
            _ = try await fetch(weatherURL(mock.baseURL, "q=Seoul&test=\(index)"), session: session).get()
        }
        let requests = mock.journal.requests
        #expect(requests.count == index % 3 + 1, "only this test's requests")
        #expect(requests.allSatisfy { $0.query?.contains("test=\(index)") == true })
    }
}
