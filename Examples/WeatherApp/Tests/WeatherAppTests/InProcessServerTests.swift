import Foundation
import MockWeatherTesting
import Testing
import WeatherApp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's client against a mock server inside the test process, over a real socket.
@Suite struct InProcessServerTests {
    @Test func showsSeoulFromTheBundledCassettes() async throws {
        try await withMockWeather { mock in
            let api = WeatherAPI(baseURL: mock.baseURL, apiKey: "test-key", session: freshSession())

            let seoul = try await api.currentWeather(latitude: 37.5683, longitude: 126.9778)

            #expect(seoul.name == "Seoul")
            #expect(abs(seoul.main.temp - -2.34) < 0.01, "the mock converts the cassette's kelvin to °C")
        }
    }

    @Test func aMissingCityShowsTheAPIsOwnMessage() async throws {
        try await withMockWeather { mock in
            let api = WeatherAPI(baseURL: mock.baseURL, apiKey: "test-key", session: freshSession())

            await #expect(throws: WeatherAPIError.server(status: 404, message: "city not found")) {
                try await api.currentWeather(city: "Atlantis")
            }
        }
    }

    @Test func theLaunchEnvironmentPointsTheAppAtTheMock() async throws {
        try await withMockWeather { mock in
            // What a UI test puts in XCUIApplication.launchEnvironment.
            var api = WeatherAPI.fromEnvironment(["WEATHER_API_BASE_URL": mock.baseURL.absoluteString])
            api.session = freshSession()

            let seoul = try await api.currentWeather(city: "Seoul")

            #expect(seoul.name == "Seoul")
            #expect(mock.journal.requests.count == 1)
        }
    }
}
