import Foundation
import TestSupport
import Testing
import WeatherClient

/// The mock converts a body recorded in one unit system into the one requested; the client converts back.
/// Whatever the request asks for, the same weather must come out.
@Suite struct UnitsContractTests {
    /// openweathermap/current/seoul in standard, metric and imperial gives the same °C and °F.
    @Test func seoulInEveryUnitSystemGivesTheSameCelsiusAndFahrenheit() async throws {
        let cassette = try #require(
            ContractCase.bundled.first { $0.cassette.hasSuffix("current/seoul") }
        )
        let expected = try #require(cassette.steps.first)
        let expectedCelsius = try #require(expected.celsius)
        let expectedFahrenheit = expectedCelsius * 9 / 5 + 32

        try await withMock(try .contract, mode: .binary) { mock in

            let baseURL = try mock.baseURL
            for units in [Units.standard, .metric, .imperial] {
                let client = OpenWeatherClient(apiKey: "", baseURL: baseURL, units: units)
                let weather = try await client.currentWeather(city: "Seoul")
                let temperature = weather.main.temperature
                let label = "\(cassette.label) requested in \(units)"
                #expect(temperature.unit == units.temperatureUnit, "\(label): main.temp is in \(temperature.unit)")

                let outcome = ClientCall.Outcome.decoded(
                    name: weather.name,
                    celsius: temperature.celsius,
                    celsiusField: "main.temp"
                )
                for difference in differences(between: outcome, and: expected) {
                    Issue.record("\(label): \(difference)")
                }
                if abs(temperature.fahrenheit - expectedFahrenheit) > 0.02 {
                    Issue.record(
                        "\(label): main.temp: expected \(expectedFahrenheit) °F, the client decoded \(temperature.fahrenheit) °F"
                    )
                }
                #expect(
                    temperature.formatted(.precise, in: .celsius) == Temperature.celsius(expectedCelsius).formatted(),
                    "\(label): the same display text in every unit system"
                )
            }
        }
    }
}
