import Foundation
import MockWeatherTesting
import Testing
import WeatherApp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Twenty tests at once in each mode, every one with its own cassette for the same request: each
/// must see only its own town (Swift Testing runs the cases of a parameterised test in parallel).
@Suite struct ParallelIsolationTests {
    static let towns = Array(0..<20)

    @Test(arguments: towns)
    func eachInProcessServerAnswersOnlyWithItsOwnCassettes(town: Int) async throws {
        try await withMockWeather(.cassettes([townCassette("Town \(town)", kelvin: 273.15 + Double(town))])) { mock in
            let api = WeatherAPI(baseURL: mock.baseURL, apiKey: "test-key", session: freshSession())
            for _ in 0..<3 {
                let answer = try await api.currentWeather(latitude: 37.5, longitude: 127)
                #expect(answer.name == "Town \(town)")
                #expect(answer.main.temp == Double(town))
                await Task.yield()
            }
            #expect(mock.journal.counts == ReplayCounts(total: 3, matched: 3, unmatched: 0))
        }
    }

    @Test(arguments: towns)
    func eachReplayerAnswersOnlyWithItsOwnCassettes(town: Int) async throws {
        try await withMockWeatherReplayer(.cassettes([townCassette("Town \(town)", kelvin: 273.15 + Double(town))])) {
            replayer in
            let api = WeatherAPI(apiKey: "test-key", session: replayer.makeSession())
            for _ in 0..<3 {
                let answer = try await api.currentWeather(latitude: 37.5, longitude: 127)
                #expect(answer.name == "Town \(town)")
                #expect(answer.main.temp == Double(town))
                await Task.yield()
            }
            #expect(replayer.journal.counts == ReplayCounts(total: 3, matched: 3, unmatched: 0))
        }
    }
}
