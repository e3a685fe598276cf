import Testing
import WeatherClient

/// Temperature conversion and display.
@Suite struct TemperatureTests {
    /// Celsius rounds half away from zero, never to negative zero.
    @Test(arguments: [
        (-0.5, "-0.5°C", "-1°"),
        (-2.34, "-2.3°C", "-2°"),
        (-0.4, "-0.4°C", "0°"),
        (0.05, "0.1°C", "0°"),
        (26.85, "26.9°C", "27°"),
        (-0.04, "0.0°C", "0°"),
        (-0.05, "-0.1°C", "0°"),
        (2.5, "2.5°C", "3°"),
        (-2.5, "-2.5°C", "-3°"),
    ])
    func celsiusRoundsHalfAwayFromZero(value: Double, precise: String, whole: String) {
        let temperature = Temperature.celsius(value)
        #expect(temperature.formatted(.precise) == precise)
        #expect(temperature.formatted(.whole) == whole)
    }

    /// 300 K is 26.85 °C and shows as 26.9°C and 27°.
    @Test func threeHundredKelvinShowsAs26Point9Celsius() {
        let temperature = Temperature.kelvin(300)
        #expect(temperature.formatted(.precise, in: .celsius) == "26.9°C")
        #expect(temperature.formatted(.whole, in: .celsius) == "27°")
        #expect(abs(temperature.celsius - 26.85) < 1e-9)
    }

    /// Below freezing rounds away from zero instead of truncating toward it.
    @Test func belowFreezingRoundsAwayFromZeroNotTowardIt() {
        #expect(Temperature.kelvin(270.81).formatted(.precise, in: .celsius) == "-2.3°C")
        #expect(Temperature.kelvin(270.81).formatted(.whole, in: .celsius) == "-2°")
        // Int(272.65 - 273.15) == 0, but -0.5 °C rounds away from zero to -1.
        #expect(Temperature.kelvin(272.65).formatted(.whole, in: .celsius) == "-1°")
    }

    /// Kelvin that lands on a decimal half rounds on the decimal value, not its binary neighbour.
    @Test func kelvinHalfCasesUseDecimalArithmetic() {
        // In Double, 273.2 - 273.15 = 0.04999999999995453, which would round to 0.0.
        #expect(Temperature.kelvin(273.2).formatted(.precise, in: .celsius) == "0.1°C")
        // 273.1 K = -0.05 °C exactly: rounds away from zero, to -0.1.
        #expect(Temperature.kelvin(273.1).formatted(.precise, in: .celsius) == "-0.1°C")
        // 272.75 K = -0.4 °C: whole degrees show 0°, never -0°.
        #expect(Temperature.kelvin(272.75).formatted(.whole, in: .celsius) == "0°")
    }

    /// Fahrenheit converts both ways and displays with °F.
    @Test func fahrenheitConvertsBothWaysAndShowsDegreesF() {
        #expect(Temperature.celsius(26.85).formatted(.precise, in: .fahrenheit) == "80.3°F")
        #expect(Temperature.celsius(-40).formatted(.precise, in: .fahrenheit) == "-40.0°F")
        #expect(Temperature.fahrenheit(32).formatted(.precise, in: .celsius) == "0.0°C")
        #expect(Temperature.fahrenheit(212).formatted(.whole, in: .kelvin) == "373 K")
        #expect(abs(Temperature.fahrenheit(98.6).celsius - 37) < 1e-9)
        #expect(abs(Temperature.kelvin(0).fahrenheit - -459.67) < 1e-9)
    }

    /// Kelvin displays without a degree sign.
    @Test func kelvinDisplaysWithoutADegreeSign() {
        #expect(Temperature.kelvin(300).description == "300.0 K")
        #expect(Temperature.celsius(26.85).formatted(.whole, in: .kelvin) == "300 K")
    }

    /// converted(to:) keeps the value and changes the unit.
    @Test func convertedKeepsTheValueAndChangesTheUnit() {
        let converted = Temperature.kelvin(273.15).converted(to: .celsius)
        #expect(converted.unit == .celsius)
        #expect(abs(converted.value) < 1e-9)
    }

    /// A non-finite value displays as dashes instead of crashing.
    @Test func nonFiniteDisplaysDashes() {
        #expect(Temperature.celsius(.nan).formatted(.whole) == "--°")
        #expect(Temperature.celsius(.infinity).formatted(.precise) == "--°C")
        #expect(Temperature.kelvin(.nan).formatted() == "-- K")
    }

    /// Units name the API's temperature and wind units.
    @Test func unitsMapToTemperatureAndSpeedUnits() {
        #expect(Units.standard.temperatureUnit == .kelvin)
        #expect(Units.metric.temperatureUnit == .celsius)
        #expect(Units.imperial.temperatureUnit == .fahrenheit)
        #expect(Units.metric.speedUnit.symbol == "m/s")
        #expect(Units.imperial.speedUnit.symbol == "mph")
    }
}
