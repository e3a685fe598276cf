import Foundation
import MockWeatherTesting
import Testing
import WeatherApp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's tests written with the Swift Testing trait: the suite names its cassettes and mode once,
/// and each test reads its own mock from `MockWeatherHandle.current`. The same test body runs in both
/// modes: the handle's base URL and session reach the mock either way.
///
/// Twenty tests at once per mode, every one walking the same sequence cassette (Gangneung's morning,
/// noon and night): each sees the sequence from its start, so no test shares a mock, a position or a
/// journal with another.
enum GangneungThroughTheDay {
    static let tests = Array(0..<20)
    static let answers = ["Gangneung morning", "Gangneung noon", "Gangneung night", "Gangneung night"]

    static func walk(test: Int) async throws {
        let mock = try #require(MockWeatherHandle.current)
        let api = WeatherAPI(baseURL: mock.baseURL, apiKey: "test-key", session: mock.makeSession())
        var seen: [String] = []
        for _ in answers {
            seen.append(try await api.currentWeather(latitude: 37.7519, longitude: 128.8961).name)
            await Task.yield()
        }
        #expect(seen == answers, "test \(test)")
        #expect(mock.journal.counts == ReplayCounts(total: 4, matched: 4, unmatched: 0))
    }
}

@Suite(.mockWeather(.directory(relativeTo: #filePath, "Cassettes"), mode: .server))
struct TraitServerTests {
    @Test(arguments: GangneungThroughTheDay.tests)
    func eachTestWalksTheDayFromItsMorning(test: Int) async throws {
        try await GangneungThroughTheDay.walk(test: test)
    }

    @Test func theServerIsOnLoopback() throws {
        let mock = try #require(MockWeatherHandle.current)
        #expect(mock.baseURL.host == "127.0.0.1")
    }
}

@Suite(.mockWeather(.directory(relativeTo: #filePath, "Cassettes"), mode: .urlProtocol))
struct TraitURLProtocolTests {
    @Test(arguments: GangneungThroughTheDay.tests)
    func eachTestWalksTheDayFromItsMorning(test: Int) async throws {
        try await GangneungThroughTheDay.walk(test: test)
    }

    @Test(.mockWeather(mode: .urlProtocol))
    func aTestsOwnTraitWinsOverItsSuites() async throws {
        // The bundled set answers Seoul; the suite's directory has only Gangneung.
        let mock = try #require(MockWeatherHandle.current)
        let api = WeatherAPI(baseURL: mock.baseURL, apiKey: "test-key", session: mock.makeSession())
        #expect(try await api.currentWeather(latitude: 37.5683, longitude: 126.9778).name == "Seoul")
    }
}
