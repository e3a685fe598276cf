import Foundation
import MockWeather
import MockWeatherURLProtocol
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ReplayOptions.synthesis` through the public API: the world answers what the cassettes do not, in
/// both in-process modes, and a scenario that is not there fails the start.
@Suite struct SynthesisOptionTests {
    /// 2026-09-06T06:00:00Z, so two runs ask the world at one instant.
    private let instant = Date(timeIntervalSince1970: 1_788_674_400)

    private func options(_ synthesis: Synthesis?) -> ReplayOptions {
        var options = ReplayOptions()
        options.clock = instant
        options.synthesis = synthesis
        return options
    }

    @Test func theInProcessServerAnswersAnUnrecordedCityFromTheWorld() async throws {
        let options = options(Synthesis(scenario: "typhoon-landfall", seed: 7))
        try await InProcessMockWeather.run(.bundled, options: options) { mock in
            let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Busan"), session: .shared).get()
            #expect(status == 200)
            #expect(nameField(body) == "Busan")
            let seoul = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: .shared).get()
            #expect(seoul.1.contains("\"dt\":1670206443"), "the bundled cassette answers Seoul: \(seoul.1)")
        }
    }

    @Test func withoutTheOptionAnUnrecordedCityFailsClosed() async throws {
        try await InProcessMockWeather.run(.bundled, options: options(nil)) { mock in
            let (status, _) = try await fetch(weatherURL(mock.baseURL, "q=Busan"), session: .shared).get()
            #expect(status == 501)
        }
    }

    @Test func theURLProtocolModeAnswersTheSameBytesAsTheServer() async throws {
        let options = options(Synthesis(scenario: "cold-wave", seed: 3))
        let served = try await InProcessMockWeather.run(.bundled, options: options) { mock in
            try await fetch(weatherURL(mock.baseURL, "q=Jeju"), session: .shared).get().1
        }
        let replayer = try MockWeatherReplayer(.bundled, options: options)
        let configuration = URLSessionConfiguration.ephemeral
        replayer.attach(to: configuration)
        let base = try #require(URL(string: "http://api.openweathermap.org"))
        let replayed = try await fetch(weatherURL(base, "q=Jeju"), session: URLSession(configuration: configuration))
            .get().1
        #expect(replayed == served)
    }

    @Test func anUnknownScenarioFailsTheStartNamingIt() async throws {
        await #expect {
            try await InProcessMockWeather.run(.bundled, options: options(Synthesis(scenario: "tornado"))) { _ in }
        } throws: { error in
            "\(error)".contains("ReplayOptions.synthesis") && "\(error)".contains("tornado")
        }
    }
}
