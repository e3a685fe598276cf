import Foundation
import Testing
import WeatherClient

/// WeatherDisplay made from One Call 4.0 pages shows what it shows for current weather.
@Suite struct OneCall4DisplayTests {
    private typealias F = OneCall4Fixtures

    @Test func currentAndTodaysDayGiveTheWholeScreen() throws {
        let current = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentLisbon)
        let days = try F.decode(OneCall4Page<OneCall4Day>.self, F.daysLisbon)

        let display = try #require(WeatherDisplay(oneCall4: current, days: days, placeName: "Lisboa"))

        #expect(display.placeName == "Lisboa")
        #expect(display.temperature == "24.3°C")
        #expect(display.temperatureWhole == "24°")
        #expect(display.feelsLike == "25°")
        #expect(display.highLow == "H:27° L:19°", "today's day record: max 26.99, min 18.73")
        #expect(display.highLowKorean == "최고 27° / 최저 19°")
        #expect(display.wind == "2.2 m/s")
        #expect(display.humidity == "71%")
        #expect(display.pressure == "1016 hPa")
        #expect(display.conditionGroup == .clouds)
        #expect(display.conditionDescription == "scattered clouds")
        #expect(display.iconURL == URL(string: "https://openweathermap.org/img/wn/03d@2x.png"))
    }

    @Test func itMatchesTheDisplayOfTheSameValuesFromCurrentWeather() throws {
        let current = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentLisbon)
        let days = try F.decode(OneCall4Page<OneCall4Day>.self, F.daysLisbon)
        let json = """
            {"coord":{"lon":-9.1393,"lat":38.7223},"weather":[{"id":802,"main":"Clouds",\
            "description":"scattered clouds","icon":"03d"}],"main":{"temp":24.34,"feels_like":24.68,\
            "temp_min":18.73,"temp_max":26.99,"pressure":1016,"humidity":71},"visibility":10000,\
            "wind":{"speed":2.24,"deg":293,"gust":5.36},"dt":1785668004,"sys":{},"id":0,"name":"Lisboa"}
            """
        let classic = WeatherDisplay(try Fixtures.currentWeather(json, units: .metric))

        #expect(WeatherDisplay(oneCall4: current, days: days, placeName: "Lisboa") == classic)
    }

    @Test func withoutTodaysDayHighAndLowComeFromTodaysHours() throws {
        let current = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentLisbon)
        // Lisbon is UTC+1: the 20 hours from 11:00Z run to 06:00Z tomorrow; today's (local) are the 12
        // up to 23:00 local (22:00Z), 20.0 to 22.75 in steps of 0.25, with the current 24.34.
        let hours = try F.decode(OneCall4Page<OneCall4Interval>.self, F.hoursLisbon)
        let laterDays = try F.decode(
            OneCall4Page<OneCall4Day>.self, F.daysLisbon.replacingOccurrences(of: "1785628800", with: "1785801600"))

        let display = try #require(WeatherDisplay(oneCall4: current, hours: hours, days: laterDays))

        #expect(display.high == "24°")
        #expect(display.low == "20°")
        #expect(display.placeName == "38.7223, -9.1393", "4.0 names no place: the coordinate stands in")
    }

    @Test func withNeitherHighAndLowShowDashes() throws {
        let current = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentLisbon)

        let display = try #require(WeatherDisplay(oneCall4: current))

        #expect(display.highLow == "H:-- L:--")
        #expect(display.temperature == "24.3°C")
    }

    @Test func imperialShowsFahrenheitAndMphAndAnEmptyPageShowsNothing() throws {
        let current = try F.decode(OneCall4Page<OneCall4Current>.self, F.currentManilaRain, units: .imperial)
        let empty = try F.decode(
            OneCall4Page<OneCall4Current>.self,
            #"{"lat":1,"lon":2,"timezone":"UTC","timezone_offset":0,"data":[]}"#)

        let display = try #require(WeatherDisplay(oneCall4: current))

        #expect(display.temperature == "27.1°F")
        #expect(display.wind == "3.1 mph")
        #expect(display.conditionGroup == .rain)
        #expect(WeatherDisplay(oneCall4: empty) == nil)
    }
}
