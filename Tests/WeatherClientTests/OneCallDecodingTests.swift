import Foundation
import Testing
import WeatherClient

/// Decoding One Call 3.0.
@Suite struct OneCallDecodingTests {
    @Test func fullAnswerDecodesEveryBlockInTheRequestedUnits() throws {
        let oneCall = try OneCallFixtures.decode(OneCall.self, OneCallFixtures.full)

        #expect(oneCall.coordinate == OneCallFixtures.seoul)
        #expect(oneCall.timeZone == "Asia/Seoul")
        #expect(oneCall.timeZoneOffset == 32400)
        #expect(oneCall.units == .standard)
        let current = try #require(oneCall.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_670_206_443))
        #expect(current.sunrise == Date(timeIntervalSince1970: 1_670_193_092))
        #expect(current.temperature == .kelvin(270.81))
        #expect(current.feelsLike == .kelvin(267.4))
        #expect(current.dewPoint == .kelvin(252.34))
        #expect(current.pressure == 1031)
        #expect(current.humidity == 18)
        #expect(current.uvIndex == 1.47)
        #expect(current.cloudCover == 89)
        #expect(current.visibility == 10000)
        #expect(current.wind == Wind(speed: 2.46, direction: 318, gust: 4.32))
        #expect(current.primaryCondition?.description == "overcast clouds")
        #expect(current.precipitationProbability == nil)
        #expect(oneCall.minutely?.map(\.precipitation) == [0, 0.21])
        #expect(oneCall.minutely?.last?.time == Date(timeIntervalSince1970: 1_670_206_560))
        #expect(oneCall.hourly?.count == 2)
        #expect(oneCall.daily?.count == 2)
        let alert = try #require(oneCall.alerts?.first)
        #expect(alert.sender == "Korea Meteorological Administration")
        #expect(alert.event == "Cold wave warning")
        #expect(alert.start == Date(timeIntervalSince1970: 1_670_205_600))
        #expect(alert.end == Date(timeIntervalSince1970: 1_670_292_000))
        #expect(alert.tags == ["Extreme low temperature"])
    }

    @Test func hourlyCarriesPopAndLeavesOutWhatTheAPIOmits() throws {
        let hourly = try #require(try OneCallFixtures.decode(OneCall.self, OneCallFixtures.full).hourly)

        #expect(hourly[0].precipitationProbability == 0)
        #expect(hourly[0].sunrise == nil)
        #expect(hourly[0].wind.gust == 4.32)
        #expect(hourly[1].temperature == .kelvin(271))
        #expect(hourly[1].precipitationProbability == 0.4)
        #expect(hourly[1].wind.gust == nil)
        #expect(hourly[1].snow == Precipitation(lastHour: 0.12))
        #expect(hourly[1].rain == nil)
    }

    @Test func dailyDecodesTemperaturesFeelsLikeAndBareRainAndSnowVolumes() throws {
        let daily = try #require(try OneCallFixtures.decode(OneCall.self, OneCallFixtures.full).daily)

        let today = daily[0]
        #expect(today.summary == "Expect a day of partly cloudy with snow")
        #expect(today.temperatures.day == .kelvin(271.5))
        #expect(today.temperatures.minimum == .kelvin(265.2))
        #expect(today.temperatures.maximum == .kelvin(272.9))
        #expect(today.temperatures.night == .kelvin(266.1))
        #expect(today.temperatures.evening == .kelvin(268.4))
        #expect(today.temperatures.morning == .kelvin(265.9))
        #expect(today.feelsLike.day == .kelvin(267.1))
        #expect(today.feelsLike.night == .kelvin(261.3))
        #expect(today.feelsLike.evening == .kelvin(264.2))
        #expect(today.feelsLike.morning == .kelvin(261.0))
        #expect(today.moonPhase == 0.39)
        #expect(today.moonrise == Date(timeIntervalSince1970: 1_670_223_660))
        #expect(today.wind == Wind(speed: 4.1, direction: 315, gust: 8.9))
        #expect(today.precipitationProbability == 0.41)
        #expect(today.snow == 0.35)
        #expect(today.rain == nil)
        #expect(today.uvIndex == 1.9)

        let tomorrow = daily[1]
        #expect(tomorrow.summary == nil)
        #expect(tomorrow.moonrise == nil, "moonrise 0 means the moon does not rise that day")
        #expect(tomorrow.moonset == Date(timeIntervalSince1970: 1_670_275_560))
        #expect(tomorrow.wind.gust == nil)
        #expect(tomorrow.rain == 1.5)
        #expect(tomorrow.temperatures.maximum == .kelvin(269))
    }

    @Test func excludedBlocksDecodeAsAbsentNotAsErrors() throws {
        let bare = try OneCallFixtures.decode(OneCall.self, OneCallFixtures.everyBlockExcluded, units: .metric)

        #expect(bare.current == nil)
        #expect(bare.minutely == nil)
        #expect(bare.hourly == nil)
        #expect(bare.daily == nil)
        #expect(bare.alerts == nil)
        #expect(bare.timeZone == "Asia/Seoul")

        let withoutMinutelyAndAlerts = try OneCallFixtures.decode(
            OneCall.self,
            try Fixtures.removing("alerts", from: try Fixtures.removing("minutely", from: OneCallFixtures.full))
        )
        #expect(withoutMinutelyAndAlerts.minutely == nil)
        #expect(withoutMinutelyAndAlerts.alerts == nil)
        #expect(withoutMinutelyAndAlerts.current != nil)
        #expect(withoutMinutelyAndAlerts.daily?.count == 2)
    }

    @Test func integerTemperaturesInImperialAreFahrenheitAndWindStaysInTheBodysUnits() throws {
        let json = try Fixtures.replacing(
            "current",
            with: [
                "dt": 1_670_206_443, "temp": 28, "feels_like": 20, "pressure": 1031, "humidity": 18, "dew_point": -6,
                "clouds": 89, "wind_speed": 5, "wind_deg": 318, "weather": [[String: Any]](),
            ],
            in: OneCallFixtures.full
        )

        let oneCall = try OneCallFixtures.decode(OneCall.self, json, units: .imperial)

        let current = try #require(oneCall.current)
        #expect(current.temperature == .fahrenheit(28))
        #expect(current.temperature.formatted(.whole, in: .celsius) == "-2°")
        #expect(current.dewPoint == .fahrenheit(-6))
        #expect(current.wind.speed == 5)
        #expect(oneCall.units.speedUnit == .milesPerHour)
        #expect(current.uvIndex == nil)
        #expect(current.visibility == nil)
        #expect(current.primaryCondition == nil)
        #expect(oneCall.daily?.first?.temperatures.maximum.unit == .fahrenheit)
    }

    @Test func wrongTypeDeepInADayNamesItsJSONPath() throws {
        let json = OneCallFixtures.full.replacingOccurrences(of: #""max":269,"#, with: #""max":"warm","#)

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(OneCall.self, json) }

        #expect(error == .decoding(path: "daily[1].temp.max", expected: "a number", found: #"a string "warm""#))
    }

    @Test func missingWindSpeedInAnHourNamesItsJSONPath() throws {
        let json = OneCallFixtures.full.replacingOccurrences(of: #""wind_speed":3,"#, with: "")

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(OneCall.self, json) }

        #expect(
            error
                == .decoding(
                    path: "hourly[1].wind_speed", expected: "a value (the field is required)", found: "nothing"))
    }

    @Test func timeMachineDecodesItsOneReadingWithIntegerTemperatures() throws {
        let history = try OneCallFixtures.decode(
            HistoricalWeather.self, OneCallFixtures.timeMachineMetric, units: .metric)

        #expect(history.coordinate == OneCallFixtures.seoul)
        #expect(history.timeZone == "Asia/Seoul")
        #expect(history.timeZoneOffset == 32400)
        #expect(history.units == .metric)
        let snapshot = try #require(history.snapshot)
        #expect(snapshot.temperature == .celsius(-2))
        #expect(snapshot.feelsLike == .celsius(-6))
        #expect(snapshot.sunset == Date(timeIntervalSince1970: 1_670_228_029))
        #expect(snapshot.uvIndex == nil)
        #expect(snapshot.visibility == nil)
        #expect(snapshot.primaryCondition?.description == "흐림")
    }

    @Test func daySummaryTakesTheUnitsItsBodyStates() throws {
        let summary = try OneCallFixtures.decode(DaySummary.self, OneCallFixtures.daySummaryMetric, units: .standard)

        #expect(summary.coordinate == OneCallFixtures.seoul)
        #expect(summary.utcOffset == UTCOffset(hours: 9))
        #expect(summary.date == CalendarDate(year: 2022, month: 12, day: 5))
        #expect(summary.units == .metric)
        #expect(summary.afternoonCloudCover == 89)
        #expect(summary.afternoonHumidity == 18)
        #expect(summary.totalPrecipitation == 0)
        #expect(summary.afternoonPressure == 1031)
        #expect(summary.temperatures.minimum == .celsius(-8.2))
        #expect(summary.temperatures.maximum == .celsius(-0.3))
        #expect(summary.temperatures.afternoon == .celsius(-2.34))
        #expect(summary.temperatures.night == .celsius(-7.1))
        #expect(summary.temperatures.evening == .celsius(-4.6))
        #expect(summary.temperatures.morning == .celsius(-7.9))
        #expect(summary.maximumWind == Wind(speed: 4.32, direction: 318))
    }

    @Test func daySummaryWithoutUnitsUsesTheRequestedOnes() throws {
        let json = try Fixtures.removing("units", from: OneCallFixtures.daySummaryMetric)
        let summary = try OneCallFixtures.decode(DaySummary.self, json, units: .imperial)
        #expect(summary.units == .imperial)
        #expect(summary.temperatures.afternoon == .fahrenheit(-2.34))
    }

    /// A day summary's malformed field fails naming it.
    @Test(arguments: [
        ("units", "kelvin", "units", #"a string "kelvin" (expected standard, metric or imperial)"#),
        ("date", "05/12/2022", "date", #"a string "05/12/2022" (expected a date written YYYY-MM-DD)"#),
        ("tz", "+9", "tz", #"a string "+9" (expected a UTC offset written ±HH:MM)"#),
    ])
    func daySummaryMalformedFieldNamesIt(field: String, value: String, path: String, found: String) throws {
        let json = try Fixtures.replacing(field, with: value, in: OneCallFixtures.daySummaryMetric)

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(DaySummary.self, json) }

        #expect(error == .decoding(path: path, expected: "a valid value", found: found))
    }

    @Test func daySummaryMissingMaximumWindNamesTheNestedPath() throws {
        let json = try Fixtures.removing("wind.max", from: OneCallFixtures.daySummaryMetric)

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(DaySummary.self, json) }

        #expect(error == .decoding(path: "wind.max", expected: "a value (the field is required)", found: "nothing"))
    }

    @Test func overviewDecodesItsText() throws {
        let overview = try OneCallFixtures.decode(WeatherOverview.self, OneCallFixtures.overviewMetric)

        #expect(overview.text == "The current weather is overcast with a temperature of -2°C.")
        #expect(overview.date.description == "2022-12-05")
        #expect(overview.utcOffset.description == "+09:00")
        #expect(overview.units == .metric)
        #expect(overview.coordinate == OneCallFixtures.seoul)
    }
}
