import Foundation
import MockWeatherTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Unmatched requests become test failures.
@Suite struct BridgeTests {
    @Test func anUnmatchedRequestToTheInProcessServerFailsTheTestNamingItAndTheClosest() async throws {
        try await withKnownIssue {
            try await withMockWeather { mock in
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                _ = await fetch(weatherURL(mock.baseURL, "q=Busan"), session: session)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no cassette matched GET /data/2.5/weather?q=Busan&appid=***")
                && text.contains("closest: ")
        }
    }

    @Test func anUnmatchedRequestThroughTheProtocolFailsTheTest() async throws {
        try await withKnownIssue {
            try await withMockWeatherReplayer { replayer in
                let session = replayer.makeSession()
                defer { session.finishTasksAndInvalidate() }
                _ = await fetch(weatherURL(URL(string: "https://api.openweathermap.org")!, "q=Busan"), session: session)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("q=Busan")
        }
    }

    @Test func aTestExpectingMissesIsNotFailedByThem() async throws {
        let unmatched = try await withMockWeatherReplayer(expectingUnmatched: true) { replayer in
            let session = replayer.makeSession()
            defer { session.finishTasksAndInvalidate() }
            _ = await fetch(weatherURL(URL(string: "https://api.openweathermap.org")!, "q=Busan"), session: session)
            return replayer.journal.unmatchedRequests
        }

        #expect(unmatched.map(\.requestLine) == ["GET /data/2.5/weather?q=Busan&appid=***"])
    }

    @Test func matchedRequestsRecordNothing() async throws {
        let status = try await withMockWeather { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            return try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get().0
        }

        #expect(status == 200)
    }
}
