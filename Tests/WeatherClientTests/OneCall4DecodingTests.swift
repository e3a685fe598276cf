import Foundation
import Testing
import WeatherClient

/// Every One Call 4.0 body of the reference decodes, live and documented forms alike.
@Suite struct OneCall4DecodingTests {
    private typealias F = OneCall4Fixtures

    @Test func liveCurrentDecodesEveryFieldInTheRequestedUnits() throws {
        let page = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentLisbon)

        #expect(page.coordinate == F.lisbon)
        #expect(page.timeZone == "Europe/Lisbon")
        #expect(page.timeZoneOffset == 3600)
        #expect(page.previous == nil && page.next == nil)
        #expect(page.units == .metric)
        let now = try #require(page.first)
        #expect(page.records.count == 1)
        #expect(now.time == Date(timeIntervalSince1970: 1_785_668_004))
        #expect(now.sunrise == Date(timeIntervalSince1970: 1_785_649_113))
        #expect(now.sunset == Date(timeIntervalSince1970: 1_785_700_020))
        #expect(now.temperature == .celsius(24.34))
        #expect(now.feelsLike == .celsius(24.68))
        #expect(now.pressure == 1016)
        #expect(now.humidity == 71)
        #expect(now.dewPoint == .celsius(18.75))
        #expect(now.uvIndex == 7.53)
        #expect(now.cloudCover == 40)
        #expect(now.visibility == 10000)
        #expect(now.wind == Wind(speed: 2.24, direction: 293, gust: 5.36))
        #expect(now.primaryCondition?.description == "scattered clouds")
        #expect(now.rain == nil && now.snow == nil)
        #expect(now.alertIDs.isEmpty, "no alerts key means no alerts")
    }

    @Test func rainInCurrentIsAnHourlyRateObject() throws {
        let now = try #require(try F.decode(OneCall4Page<OneCall4Current>.self, F.currentManilaRain).first)

        #expect(now.rain == Precipitation(lastHour: 0.13))
        #expect(now.visibility == 7458)
        #expect(now.wind.gust == nil)
        #expect(now.primaryCondition?.group == .rain)
    }

    @Test func documentedCurrentInStandardUnitsIsKelvinWithAlertIDs() throws {
        let now = try #require(
            try F.decode(OneCall4Page<OneCall4Current>.self, F.currentDocumented, units: .standard).first)

        #expect(now.temperature == .kelvin(286.42))
        #expect(now.temperature.formatted(in: .celsius) == "13.3°C")
        #expect(now.alertIDs == ["8B46C632-DCA7-44D7-8BDF-02445621BAFF", "29F58A35-55A1-4C2D-9F5E-0D2E5A1B7C33"])
        #expect(now.wind.gust == nil)
    }

    @Test func minutesCarryPrecipitationAndAlertIDs() throws {
        let page = try F.decode(OneCall4Page<OneCall4Minute>.self, F.minutesChile)

        #expect(page.records.map(\.precipitation) == [5.9626, 5.7888, 0])
        #expect(page.records[0].time == Date(timeIntervalSince1970: 1_785_669_780))
        #expect(page.records[0].alertIDs == [F.chileAlertID])
        #expect(page.records[2].alertIDs.isEmpty)
        #expect(page.timeZoneOffset == -14400)
    }

    @Test func quarterHourHasFractionalPressureNoGustAndALiveNextLink() throws {
        let page = try F.decode(OneCall4Page<OneCall4Interval>.self, F.quarterHoursLisbon)

        let step = try #require(page.first)
        #expect(step.pressure == 1014.25)
        #expect(step.wind.gust == nil)
        #expect(step.precipitationProbability == 0)
        #expect(page.previous == nil)
        let next = try #require(page.next)
        #expect(next.path == "/data/4.0/onecall/timeline/15min")
        #expect(next.start == Date(timeIntervalSince1970: 1_785_715_200))
        #expect(next.count == 50)
    }

    @Test func forecastHourHasPopAndHistoricalHourHasNone() throws {
        let forecast = try #require(try F.decode(OneCall4Page<OneCall4Interval>.self, F.hoursLisbon).first)
        let past = try #require(try F.decode(OneCall4Page<OneCall4Interval>.self, F.historicalHourLisbon).first)

        #expect(forecast.precipitationProbability == 0)
        #expect(forecast.wind.gust == 4.47)
        #expect(past.precipitationProbability == nil, "an hour in the past has no pop, which is not 0")
        #expect(past.visibility == nil)
        #expect(past.temperature == .celsius(21.4))
    }

    @Test func snowHourHasItsRateAndTheAlert() throws {
        let hour = try #require(try F.decode(OneCall4Page<OneCall4Interval>.self, F.snowHourChile).first)

        #expect(hour.snow == Precipitation(lastHour: 2.54))
        #expect(hour.rain == nil)
        #expect(hour.precipitationProbability == 1)
        #expect(hour.alertIDs == [F.chileAlertID])
    }

    @Test func liveDayDecodesTemperatureObjectsAndLeavesOutWhatTheLiveAPIOmits() throws {
        let page = try F.decode(OneCall4Page<OneCall4Day>.self, F.daysLisbon)

        let day = page.records[0]
        #expect(day.time == Date(timeIntervalSince1970: 1_785_628_800))
        #expect(day.temperatures.minimum == .celsius(18.73))
        #expect(day.temperatures.maximum == .celsius(26.99))
        #expect(day.temperatures.morning == .celsius(18.74))
        #expect(day.feelsLike.evening == .celsius(24.82))
        #expect(day.moonrise == Date(timeIntervalSince1970: 1_785_706_800))
        #expect(day.moonPhase == 0.62)
        #expect(day.pressure == 1015.44)
        #expect(day.dewPoint == nil)
        #expect(day.wind == Wind(speed: 6.17, direction: 307))
        #expect(day.precipitationProbability == 0)
        #expect(day.rain == nil)
        #expect(day.uvIndex == 0)
        #expect(page.previous?.start == Date(timeIntervalSince1970: 1_784_764_800))
        #expect(page.next?.start == Date(timeIntervalSince1970: 1_786_492_800))
    }

    @Test func dailyRainIsTheDaysTotalAsANumberAndMoonriseZeroIsNone() throws {
        let day = try F.decode(OneCall4Page<OneCall4Day>.self, F.daysLisbon).records[1]

        #expect(day.rain == 17.92)
        #expect(day.moonrise == nil, "moonrise 0 means the moon does not rise that day")
        #expect(day.moonset == Date(timeIntervalSince1970: 1_785_751_020))
        #expect(day.precipitationProbability == 1)
    }

    @Test func historicalDayHasNoPopAndSnowAsANumber() throws {
        let day = try #require(try F.decode(OneCall4Page<OneCall4Day>.self, F.historicalSnowDay).first)

        #expect(day.precipitationProbability == nil)
        #expect(day.snow == 6.3)
        #expect(day.temperatures.minimum == .celsius(-3.1))
    }

    @Test func documentedDayHasItsDewPointGustAndAnHttpsLinkWithoutUnits() throws {
        let page = try F.decode(OneCall4Page<OneCall4Day>.self, F.daysDocumented, units: .standard)

        let day = try #require(page.first)
        #expect(day.time == Date(timeIntervalSince1970: 1_777_460_400))
        #expect(day.dewPoint == .kelvin(281.2))
        #expect(day.wind.gust == 10.4)
        #expect(day.temperatures.maximum == .kelvin(290.51))
        #expect(page.next?.count == 10)
        #expect(page.next?.start == Date(timeIntervalSince1970: 1_776_596_400))
    }

    @Test func aDailyRainObjectFailsWithItsPathRatherThanPassingAsATotal() throws {
        let json = F.daysLisbon.replacingOccurrences(of: #""rain":17.92"#, with: #""rain":{"1h":17.92}"#)

        let error = #expect(throws: WeatherError.self) { try F.decode(OneCall4Page<OneCall4Day>.self, json) }

        #expect(error == .decoding(path: "data[1].rain", expected: "a number", found: "an object"))
    }

    @Test func aMissingRequiredFieldNamesItsJSONPath() throws {
        let json = F.hoursLisbon.replacingOccurrences(of: #""dt":1785672000,"#, with: "")

        let error = #expect(throws: WeatherError.self) { try F.decode(OneCall4Page<OneCall4Interval>.self, json) }

        #expect(error == .decoding(path: "data[1].dt", expected: "a value (the field is required)", found: "nothing"))
    }

    @Test func liveAlertHasLocalizedTextsTagsAndNoEvent() throws {
        let alert = try F.decode(OneCall4Alert.self, F.alertLive)

        #expect(alert.id == F.chileAlertID)
        #expect(alert.sender == "Dirección Meteorológica de Chile")
        #expect(alert.event == nil, "the live API sends an empty event")
        #expect(alert.start == Date(timeIntervalSince1970: 1_785_578_400))
        #expect(alert.end == Date(timeIntervalSince1970: 1_785_708_000))
        #expect(alert.texts.count == 1)
        #expect(alert.texts[0].language == "es-CL")
        #expect(alert.texts[0].text.hasPrefix("Precipitaciones Normales a Moderadas en zonas de las regiones"))
        #expect(alert.tags == ["Rain"])
    }

    @Test func documentedAlertHasOneTextOfUnknownLanguageAndItsEvent() throws {
        let alert = try F.decode(OneCall4Alert.self, F.alertDocumented)

        #expect(alert.event == "Heat Advisory")
        #expect(
            alert.texts == [
                OneCall4AlertText(
                    language: nil,
                    text: "...HEAT ADVISORY REMAINS IN EFFECT FROM 1 PM THIS AFTERNOON TO 8 PM CDT THIS EVENING...")
            ])
        #expect(alert.tags.isEmpty)
    }

    @Test func anAlertDescriptionOfAnotherShapeNamesItsPath() throws {
        let json = F.alertDocumented.replacingOccurrences(
            of:
                #""description":"...HEAT ADVISORY REMAINS IN EFFECT FROM 1 PM THIS AFTERNOON TO 8 PM CDT THIS EVENING...""#,
            with: #""description":42"#)

        let error = #expect(throws: WeatherError.self) { try F.decode(OneCall4Alert.self, json) }

        #expect(error == .decoding(path: "description", expected: "an array", found: "a number 42"))
    }
}
