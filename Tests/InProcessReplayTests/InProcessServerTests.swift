import Foundation
import MockWeather
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mock server inside the test process.
@Suite struct InProcessServerTests {
    @Test func bundledSetAnswersOverARealSocketOnLoopback() async throws {
        try await InProcessMockWeather.run(.bundled) { mock in
            #expect(mock.baseURL.host == "127.0.0.1")
            #expect(mock.port > 0)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }

            let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()

            #expect(status == 200)
            #expect(nameField(body) == "Seoul")
            let journal = mock.journal.requests
            #expect(journal.count == 1)
            #expect(journal.first?.cassette == "openweathermap/current/seoul#0")
            #expect(journal.first?.query?.contains("in-process-test-key") == false, "the key is masked")
        }
    }

    @Test func unmatchedRequestFailsClosedWith501NamingTheClosestCassette() async throws {
        try await InProcessMockWeather.run(.bundled) { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }

            let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Busan"), session: session).get()

            #expect(status == 501)
            #expect(body.contains("no cassette matches GET /data/2.5/weather?q=Busan&appid=***"))
            #expect(body.contains("closest: "))
            let unmatched = mock.journal.unmatchedRequests
            #expect(unmatched.count == 1)
            #expect(unmatched.first?.requestLine == "GET /data/2.5/weather?q=Busan&appid=***")
            #expect(unmatched.first?.closest?.isEmpty == false)
            #expect(mock.journal.counts == ReplayCounts(total: 1, matched: 0, unmatched: 1))
        }
    }

    @Test func scopedFormStopsTheServerWhenTheBodyThrows() async throws {
        struct Planned: Error {}
        let captured = CapturedServer()
        await #expect(throws: Planned.self) {
            try await InProcessMockWeather.run(.bundled) { mock in
                captured.server = mock
                #expect(mock.isRunning)
                throw Planned()
            }
        }
        let server = try #require(captured.server)
        #expect(!server.isRunning)
    }

    @Test func cassettesBuiltInCodeAreServedWithUnitConversion() async throws {
        let cassette = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "Busan"], json: weatherBody(name: "Busan", kelvin: 283.15))
        try await InProcessMockWeather.run(.cassettes([cassette])) { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }

            let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=busan&units=metric"), session: session)
                .get()

            #expect(status == 200)
            #expect(nameField(body) == "Busan")
            #expect(temperatureField(body) == 10)
        }
    }

    @Test func anInvalidCassetteBuiltInCodeFailsNamingItAndTheField() throws {
        let broken = InlineCassette(
            name: "tests/broken",
            json:
                #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"path": "/data/2.5/weather"}, "response": {"status": "two hundred"}}]}"#
        )

        #expect {
            try InProcessMockWeather.start(.cassettes([broken]))
        } throws: { error in
            let text = "\(error)"
            return text.contains("tests/broken.json") && text.contains("$.interactions[0].response.status")
        }
    }

    @Test func aMissingDirectoryFailsNamingIt() {
        let missing = URL(fileURLWithPath: "/nonexistent/mockweather-cassettes")

        #expect {
            try InProcessMockWeather.start(.directory(missing))
        } throws: { error in
            "\(error)".contains("/nonexistent/mockweather-cassettes")
        }
    }

    @Test func bundledAndCodeBuiltCassettesServeTogether() async throws {
        let busan = InlineCassette.answering(
            "/data/2.5/weather", query: ["q": "Busan"], json: weatherBody(name: "Busan", kelvin: 280))
        try await InProcessMockWeather.run(CassetteSet.bundled.adding(.cassettes([busan]))) { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }

            let busanAnswer = try await fetch(weatherURL(mock.baseURL, "q=Busan"), session: session).get()
            let seoulAnswer = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session).get()

            #expect(nameField(busanAnswer.1) == "Busan")
            #expect(nameField(seoulAnswer.1) == "Seoul")
        }
    }

    @Test func serversRunningAtOnceKeepTheirOwnCassettesSequencesAndJournals() async throws {
        let names = try await withThrowingTaskGroup(of: (Int, String?, Int).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let own = InlineCassette.answering(
                        "/data/2.5/weather", query: ["q": "shared-city"],
                        json: weatherBody(name: "Server \(index)", kelvin: 273.15 + Double(index)))
                    return try await InProcessMockWeather.run(CassetteSet.bundled.adding(.cassettes([own]))) { mock in
                        let session = URLSession(configuration: .ephemeral)
                        defer { session.finishTasksAndInvalidate() }
                        // mock-flaky resets its first request: each server's own sequence starts afresh.
                        let flaky = await fetch(weatherURL(mock.baseURL, "q=mock-flaky"), session: session)
                        let answer = try await fetch(weatherURL(mock.baseURL, "q=shared-city"), session: session).get()
                        if case .success = flaky {
                            Issue.record("server \(index): the first mock-flaky request was answered")
                        }
                        return (index, nameField(answer.1), mock.journal.counts.total)
                    }
                }
            }
            var results: [(Int, String?, Int)] = []
            for try await result in group { results.append(result) }
            return results
        }

        #expect(names.count == 8)
        for (index, name, total) in names {
            #expect(name == "Server \(index)")
            #expect(total == 2, "server \(index) journalled only its own requests")
        }
    }
}

/// Lets a test look at the server after the scoped form returned.
private final class CapturedServer: @unchecked Sendable {
    var server: InProcessMockWeather?
}
