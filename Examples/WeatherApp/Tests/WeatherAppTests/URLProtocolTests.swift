import Foundation
import MockWeatherTesting
import Testing
import WeatherApp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's client with a session that replays cassettes without any socket; the app keeps its
/// live base URL.
@Suite struct URLProtocolTests {
    @Test func showsSeoulFromTheBundledCassettes() async throws {
        try await withMockWeatherReplayer { replayer in
            let api = WeatherAPI(apiKey: "test-key", session: replayer.makeSession())

            let seoul = try await api.currentWeather(latitude: 37.5683, longitude: 126.9778)

            #expect(seoul.name == "Seoul")
            #expect(abs(seoul.main.temp - -2.34) < 0.01)
        }
    }

    @Test func aCityWithoutACassetteIsAnsweredWithTheDiagnosis() async throws {
        try await withMockWeatherReplayer(expectingUnmatched: true) { replayer in
            let api = WeatherAPI(apiKey: "test-key", session: replayer.makeSession())

            do {
                _ = try await api.currentWeather(city: "Busan")
                Issue.record("Busan has no cassette, yet the app got an answer")
            } catch WeatherAPIError.server(let status, let message) {
                #expect(status == 501)
                #expect(message.contains("no cassette matches GET /data/2.5/weather?q=Busan"))
                #expect(message.contains("closest: "))
            }
            #expect(replayer.journal.unmatchedRequests.count == 1)
        }
    }

    @Test func aCassetteBuiltInTheTestAnswers() async throws {
        try await withMockWeatherReplayer(.cassettes([townCassette("Jeonju", kelvin: 288.15)])) { replayer in
            let api = WeatherAPI(apiKey: "test-key", session: replayer.makeSession())

            let town = try await api.currentWeather(latitude: 37.5, longitude: 127)

            #expect(town.name == "Jeonju")
            #expect(town.main.temp == 15)
        }
    }
}
