import Foundation
import Testing
import WeatherClient

/// The mock converts a body recorded in one unit system into the one requested; the client converts back.
/// Whatever the request asks for, the same weather must come out.
@Suite("One city in standard, metric and imperial is the same weather")
struct UnitsContractTests {
    @Test func seoulInEveryUnitSystemGivesTheSameCelsiusAndFahrenheit() async throws {
        let cassette = try #require(
            ContractCase.all(in: PackageLayout.bundledCassettes).first { $0.cassette.hasSuffix("current/seoul") }
        )
        let expectedCelsius = try #require(cassette.steps.first?.celsius)

        try await withContractServer { baseURL in
            var readings: [Units: Temperature] = [:]
            for units in [Units.standard, .metric, .imperial] {
                let client = OpenWeatherClient(apiKey: "", baseURL: baseURL, units: units)
                let weather = try await client.currentWeather(city: "Seoul")
                #expect(weather.units == units)
                #expect(weather.main.temperature.unit == units.temperatureUnit, "the body is in \(units) units")
                readings[units] = weather.main.temperature
            }

            for (units, temperature) in readings {
                #expect(abs(temperature.celsius - expectedCelsius) <= celsiusTolerance, "\(cassette.label) in \(units)")
                let fahrenheit = expectedCelsius * 9 / 5 + 32
                #expect(abs(temperature.fahrenheit - fahrenheit) <= 0.02, "\(cassette.label) in \(units)")
                #expect(temperature.formatted(.precise, in: .celsius) == "-2.3°C")
                #expect(temperature.formatted(.whole, in: .fahrenheit) == "28°")
            }
        }
    }
}
