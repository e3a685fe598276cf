import Foundation
import Testing
import WeatherClient

/// Decoding current weather.
@Suite struct CurrentWeatherDecodingTests {
    /// Every field of the API's documented Zocca response decodes.
    @Test func zoccaDecodesEveryField() throws {
        let weather = try Fixtures.currentWeather(Fixtures.zocca)

        #expect(weather.coordinate == Coordinate(latitude: 44.34, longitude: 10.99))
        #expect(
            weather.conditions == [WeatherCondition(id: 501, main: "Rain", description: "moderate rain", icon: "10d")])
        #expect(weather.base == "stations")
        #expect(weather.main.temperature == .kelvin(298.48))
        #expect(weather.main.feelsLike == .kelvin(298.74))
        #expect(weather.main.temperatureMin == .kelvin(297.56))
        #expect(weather.main.temperatureMax == .kelvin(300.05))
        #expect(weather.main.pressure == 1015)
        #expect(weather.main.humidity == 64)
        #expect(weather.main.seaLevelPressure == 1015)
        #expect(weather.main.groundLevelPressure == 933)
        #expect(weather.main.temperatureCorrection == nil)
        #expect(weather.visibility == 10000)
        #expect(weather.wind?.speed == 0.62)
        #expect(weather.wind?.direction == 349)
        #expect(weather.wind?.gust == 1.18)
        #expect(weather.rain?.lastHour == 3.16)
        #expect(weather.rain?.lastThreeHours == nil)
        #expect(weather.snow == nil)
        #expect(weather.clouds?.cover == 100)
        #expect(weather.observedAt == Date(timeIntervalSince1970: 1_661_870_592))
        #expect(weather.system.type == 2)
        #expect(weather.system.id == 2_075_663)
        #expect(weather.system.message == nil)
        #expect(weather.system.country == "IT")
        #expect(weather.system.sunrise == Date(timeIntervalSince1970: 1_661_834_187))
        #expect(weather.system.sunset == Date(timeIntervalSince1970: 1_661_882_248))
        #expect(weather.timezoneOffset == 7200)
        #expect(weather.cityID == 3_163_858)
        #expect(weather.name == "Zocca")
        #expect(weather.code == 200)
        #expect(weather.units == .standard)
    }

    /// Every field of the published Seoul response decodes, and 270.81 K reads -2.34 °C.
    @Test func seoulDecodesEveryField() throws {
        let weather = try Fixtures.currentWeather(Fixtures.seoul)

        #expect(weather.coordinate == Coordinate(latitude: 37.5683, longitude: 126.9778))
        #expect(
            weather.conditions == [
                WeatherCondition(id: 804, main: "Clouds", description: "overcast clouds", icon: "04d")
            ])
        #expect(weather.base == "stations")
        #expect(weather.main.temperature == .kelvin(270.81))
        #expect(abs(weather.main.temperature.celsius - -2.34) < 1e-9)
        #expect(weather.main.feelsLike == .kelvin(267.4))
        #expect(weather.main.temperatureMin == .kelvin(269.84))
        #expect(weather.main.temperatureMax == .kelvin(270.81))
        #expect(weather.main.pressure == 1031)
        #expect(weather.main.humidity == 18)
        #expect(weather.main.seaLevelPressure == 1031)
        #expect(weather.main.groundLevelPressure == 1024)
        #expect(weather.visibility == 10000)
        #expect(weather.wind == Wind(speed: 2.46, direction: 318, gust: 4.32))
        #expect(weather.clouds?.cover == 89)
        #expect(weather.rain == nil)
        #expect(weather.snow == nil)
        #expect(weather.observedAt == Date(timeIntervalSince1970: 1_670_206_443))
        #expect(weather.system.type == 1)
        #expect(weather.system.id == 5509)
        #expect(weather.system.country == "KR")
        #expect(weather.system.sunrise == Date(timeIntervalSince1970: 1_670_193_092))
        #expect(weather.system.sunset == Date(timeIntervalSince1970: 1_670_228_029))
        #expect(weather.timezoneOffset == 32400)
        #expect(weather.cityID == 1_835_848)
        #expect(weather.name == "Seoul")
        #expect(weather.code == 200)
    }

    /// Each optional field may be missing.
    @Test(arguments: [
        "main.sea_level", "main.grnd_level", "main.feels_like", "visibility", "wind.gust", "wind.deg", "rain",
        "sys.type", "sys.id", "sys.country", "sys.sunrise", "sys.sunset", "timezone", "base", "wind",
        "clouds", "cod",
    ])
    func eachOptionalFieldMayBeMissing(path: String) throws {
        let json = try Fixtures.removing(path, from: Fixtures.zocca)

        let weather = try Fixtures.currentWeather(json)

        #expect(weather.name == "Zocca")
        #expect(weather.main.temperature == .kelvin(298.48))
    }

    /// A missing optional field decodes as nil rather than a default.
    @Test func missingOptionalFieldIsNilRatherThanADefault() throws {
        let weather = try Fixtures.currentWeather(try Fixtures.removing("main.feels_like", from: Fixtures.seoul))
        #expect(weather.main.feelsLike == nil)
        let noGust = try Fixtures.currentWeather(try Fixtures.removing("wind.gust", from: Fixtures.seoul))
        #expect(noGust.wind?.gust == nil)
        #expect(noGust.wind?.speed == 2.46)
    }

    /// Each required field, when missing, fails with its JSON path.
    @Test(arguments: [
        "coord", "coord.lat", "weather", "main", "main.temp", "main.temp_min", "main.temp_max", "main.pressure",
        "main.humidity", "dt", "sys", "id", "name", "wind.speed", "clouds.all",
    ])
    func missingRequiredFieldFailsWithItsJSONPath(path: String) throws {
        let json = try Fixtures.removing(path, from: Fixtures.zocca)

        let error = #expect(throws: WeatherError.self) { try Fixtures.currentWeather(json) }

        #expect(error == .decoding(path: path, expected: "a value (the field is required)", found: "nothing"))
    }

    /// A legacy response with sys.message, no timezone, no feels_like and an empty name decodes.
    @Test func legacyRemoteResponseDecodes() throws {
        let weather = try Fixtures.currentWeather(Fixtures.legacyRemote)

        #expect(weather.system.message == 0.0034)
        #expect(weather.system.country == nil)
        #expect(weather.timezoneOffset == nil)
        #expect(weather.main.feelsLike == nil)
        #expect(weather.name == "")
        #expect(weather.cityID == 0)
        #expect(weather.visibility == nil)
    }

    /// Integer-literal temperatures decode in the requested units.
    @Test func integerLiteralTemperaturesDecode() throws {
        let weather = try Fixtures.currentWeather(Fixtures.snowyMetricIntegers, units: .metric)

        #expect(weather.main.temperature == .celsius(-3))
        #expect(weather.main.feelsLike == .celsius(-7))
        #expect(weather.main.temperatureMin == .celsius(-4))
        #expect(weather.main.temperatureMax == .celsius(-2))
        #expect(weather.wind?.speed == 3)
        #expect(weather.units == .metric)
    }

    /// Several weather entries are all kept, the first one primary.
    @Test func severalConditionsAreKeptTheFirstPrimary() throws {
        let weather = try Fixtures.currentWeather(Fixtures.snowyMetricIntegers, units: .metric)

        #expect(weather.conditions.map(\.id) == [601, 701])
        #expect(weather.conditions.map(\.main) == ["Snow", "Mist"])
        #expect(weather.primaryCondition?.main == "Snow")
    }

    /// Snow carries both 1h and 3h volumes.
    @Test func snowCarriesOneAndThreeHourVolumes() throws {
        let weather = try Fixtures.currentWeather(Fixtures.snowyMetricIntegers, units: .metric)

        #expect(weather.snow == Precipitation(lastHour: 0.8, lastThreeHours: 2.1))
        #expect(weather.rain == nil)
    }

    /// Rain with only 3h, and an empty rain object, decode.
    @Test func rainWithOnlyThreeHoursOrEmptyDecodes() throws {
        let threeHours = try Fixtures.currentWeather(
            try Fixtures.replacing("rain", with: ["3h": 4.5], in: Fixtures.zocca))
        #expect(threeHours.rain == Precipitation(lastHour: nil, lastThreeHours: 4.5))
        let empty = try Fixtures.currentWeather(
            try Fixtures.replacing("rain", with: [String: Double](), in: Fixtures.zocca))
        #expect(empty.rain == Precipitation(lastHour: nil, lastThreeHours: nil))
    }

    /// cod decodes as an Int or as a String.
    @Test func codDecodesAsIntOrString() throws {
        #expect(try Fixtures.currentWeather(Fixtures.zocca).code == 200)
        #expect(try Fixtures.currentWeather(Fixtures.snowyMetricIntegers).code == ResponseCode(text: "200"))
        #expect(try Fixtures.currentWeather(Fixtures.snowyMetricIntegers).code?.value == 200)
    }

    /// cod of another type fails naming cod and what it accepts.
    @Test func codOfAnotherTypeFailsNamingCodAndWhatItAccepts() throws {
        let json = try Fixtures.replacing("cod", with: true, in: Fixtures.zocca)

        let error = #expect(throws: WeatherError.self) { try Fixtures.currentWeather(json) }

        #expect(error == .decoding(path: "cod", expected: "an integer or a string", found: "a boolean true"))
    }

    /// Temperatures carry the units the response was requested in.
    @Test func temperaturesCarryRequestedUnits() throws {
        #expect(try Fixtures.currentWeather(Fixtures.seoul, units: .standard).main.temperature.unit == .kelvin)
        #expect(try Fixtures.currentWeather(Fixtures.seoul, units: .metric).main.temperature.unit == .celsius)
        #expect(try Fixtures.currentWeather(Fixtures.seoul, units: .imperial).main.temperature.unit == .fahrenheit)
    }

    /// A plain JSONDecoder, which cannot know the units, reads the API's default: kelvin.
    @Test func plainDecoderReadsKelvinTheAPIsDefault() throws {
        let weather = try JSONDecoder().decode(CurrentWeather.self, from: Data(Fixtures.seoul.utf8))
        #expect(weather.units == .standard)
        #expect(weather.main.temperature == .kelvin(270.81))
    }
}
