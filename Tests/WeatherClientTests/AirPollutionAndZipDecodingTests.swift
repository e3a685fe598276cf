import Foundation
import Testing
import WeatherClient

/// Decoding air pollution and zip geocoding.
@Suite struct AirPollutionAndZipDecodingTests {
    @Test func currentAirDecodesIndexAndEveryComponent() throws {
        let air = try OneCallFixtures.decode(AirPollution.self, OneCallFixtures.airNow)

        #expect(air.coordinate == OneCallFixtures.seoul)
        #expect(air.readings.count == 1)
        let now = try #require(air.first)
        #expect(now.time == Date(timeIntervalSince1970: 1_670_206_443))
        #expect(now.index == .fair)
        #expect(
            now.components
                == PollutantConcentrations(
                    carbonMonoxide: 293.73, nitrogenMonoxide: 0.02, nitrogenDioxide: 12.5, ozone: 58.65,
                    sulphurDioxide: 3.07, fineParticles: 12.34, coarseParticles: 20.05, ammonia: 0.5
                ))
    }

    @Test func forecastDecodesEveryHourWithIntegerConcentrations() throws {
        let air = try OneCallFixtures.decode(AirPollution.self, OneCallFixtures.airForecast)

        #expect(air.readings.map(\.index) == [.good, .veryPoor])
        #expect(air.readings[0].components.carbonMonoxide == 200)
        #expect(air.readings[1].components.fineParticles == 95.55)
    }

    @Test func historyOutsideTheArchiveIsAnEmptyListNotAnError() throws {
        let air = try OneCallFixtures.decode(AirPollution.self, #"{"coord":{"lon":126.9778,"lat":37.5683},"list":[]}"#)
        #expect(air.readings.isEmpty)
        #expect(air.first == nil)
    }

    /// An index outside 1...5 fails naming list[i].main.aqi.
    @Test(arguments: [0, 6, -1])
    func indexOutsideOneToFiveFailsWithItsPath(value: Int) throws {
        let json = OneCallFixtures.airForecast.replacingOccurrences(of: #""aqi":5"#, with: #""aqi":\#(value)"#)

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(AirPollution.self, json) }

        #expect(
            error
                == .decoding(
                    path: "list[1].main.aqi", expected: "a valid value",
                    found: "a number \(value) (the air quality index runs from 1 to 5)"))
    }

    @Test func coordinateAsAnArrayFailsNamingCoord() throws {
        let json = try Fixtures.replacing("coord", with: [50, 50], in: OneCallFixtures.airNow)

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(AirPollution.self, json) }

        #expect(error == .decoding(path: "coord", expected: "an object", found: "an array of 2 elements"))
    }

    @Test func missingComponentFailsNamingIt() throws {
        let json = OneCallFixtures.airNow.replacingOccurrences(of: #""pm2_5":12.34,"#, with: "")

        let error = #expect(throws: WeatherError.self) { try OneCallFixtures.decode(AirPollution.self, json) }

        #expect(
            error
                == .decoding(
                    path: "list[0].components.pm2_5", expected: "a value (the field is required)", found: "nothing"))
    }

    @Test func zipLookupDecodesOneObject() throws {
        let place = try OneCallFixtures.decode(ZipPlace.self, OneCallFixtures.zipSeoul)

        #expect(place.zip == "04524")
        #expect(place.name == "Jung-gu")
        #expect(place.coordinate == Coordinate(latitude: 37.5641, longitude: 126.9979))
        #expect(place.country == "KR")
    }

    @Test func zipLookupAnsweredWithAnArrayFailsAtTheTopLevel() throws {
        let error = #expect(throws: WeatherError.self) {
            try OneCallFixtures.decode(ZipPlace.self, "[\(OneCallFixtures.zipSeoul)]")
        }
        #expect(error == .decoding(path: "(top level)", expected: "an object", found: "an array of 1 element"))
    }
}
