import Foundation
import Testing
import WeatherClient

/// Decoding forecasts and geocoding.
@Suite struct ForecastAndGeocodingDecodingTests {
    /// A forecast decodes with cod as the String "200", its items and its city.
    @Test func forecastDecodesWithStringCodItsItemsAndItsCity() throws {
        let forecast = try WeatherResponseDecoder.decode(
            Forecast.self, from: Data(Fixtures.forecast.utf8), units: .standard)

        #expect(forecast.code == ResponseCode(text: "200"))
        #expect(forecast.count == 2)
        #expect(forecast.items.count == 2)
        let first = forecast.items[0]
        #expect(first.time == Date(timeIntervalSince1970: 1_661_871_600))
        #expect(first.main.temperature == .kelvin(296.76))
        #expect(first.main.temperatureCorrection == -1.11)
        #expect(first.main.seaLevelPressure == 1015)
        #expect(first.conditions.first?.description == "light rain")
        #expect(first.clouds?.cover == 100)
        #expect(first.wind?.gust == 1.18)
        #expect(first.visibility == 10000)
        #expect(first.precipitationProbability == 0.32)
        #expect(first.rain?.lastThreeHours == 0.26)
        #expect(first.partOfDay == "d")
        #expect(first.timeText == "2022-08-30 15:00:00")
        let second = forecast.items[1]
        #expect(second.main.temperature == .kelvin(295))
        #expect(second.partOfDay == "n")
        #expect(second.rain == nil)
        #expect(second.precipitationProbability == nil)
        #expect(second.wind == nil)
        #expect(forecast.city.id == 3_163_858)
        #expect(forecast.city.name == "Zocca")
        #expect(forecast.city.coordinate == Coordinate(latitude: 44.34, longitude: 10.99))
        #expect(forecast.city.country == "IT")
        #expect(forecast.city.population == 4593)
        #expect(forecast.city.timezoneOffset == 7200)
        #expect(forecast.city.sunrise == Date(timeIntervalSince1970: 1_661_834_187))
        #expect(forecast.city.sunset == Date(timeIntervalSince1970: 1_661_882_248))
    }

    /// A wrong type inside a forecast item names the item's index in the path.
    @Test func wrongTypeInAForecastItemNamesTheItemsIndex() throws {
        let json = Fixtures.forecast.replacingOccurrences(of: #""temp":295,"#, with: #""temp":"warm","#)

        let error = #expect(throws: WeatherError.self) {
            try WeatherResponseDecoder.decode(Forecast.self, from: Data(json.utf8), units: .standard)
        }

        #expect(error == .decoding(path: "list[1].main.temp", expected: "a number", found: #"a string "warm""#))
    }

    /// Direct geocoding decodes names in several languages.
    @Test func directGeocodingDecodesNamesInSeveralLanguages() throws {
        let places = try WeatherResponseDecoder.decode(
            [GeocodedPlace].self,
            from: Data(Fixtures.geocodeSeoul.utf8),
            units: .standard
        )

        #expect(places.count == 1)
        #expect(places[0].name == "Seoul")
        #expect(places[0].name(in: "ko") == "서울")
        #expect(places[0].name(in: "fr") == "Seoul")
        #expect(places[0].localNames["ja"] == "ソウル")
        #expect(places[0].coordinate == Coordinate(latitude: 37.5666791, longitude: 126.9782914))
        #expect(places[0].country == "KR")
        #expect(places[0].state == nil)
    }

    /// Reverse geocoding decodes places with and without state and local names.
    @Test func reverseGeocodingDecodesPlacesWithAndWithoutState() throws {
        let places = try WeatherResponseDecoder.decode(
            [GeocodedPlace].self,
            from: Data(Fixtures.reverseDaegu.utf8),
            units: .standard
        )

        #expect(places.map(\.name) == ["Daegu", "Jung-gu"])
        #expect(places[0].state == "Daegu")
        #expect(places[1].localNames.isEmpty)
    }

    /// No geocoding match is an empty array, not an error.
    @Test func noGeocodingMatchIsAnEmptyArrayNotAnError() throws {
        let places = try WeatherResponseDecoder.decode([GeocodedPlace].self, from: Data("[]".utf8), units: .standard)
        #expect(places.isEmpty)
    }

    /// A geocoding answer that is an object where an array belongs says so.
    @Test func geocodingObjectWhereAnArrayBelongsSaysSo() throws {
        let error = #expect(throws: WeatherError.self) {
            try WeatherResponseDecoder.decode(
                [GeocodedPlace].self, from: Data(#"{"name":"Seoul"}"#.utf8), units: .standard)
        }
        #expect(error == .decoding(path: "(top level)", expected: "an array", found: "an object"))
    }
}
