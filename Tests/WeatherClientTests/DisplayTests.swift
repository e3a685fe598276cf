import Foundation
import Testing
import WeatherClient

/// Display text for a weather screen.
@Suite struct DisplayTests {
    /// Seoul in kelvin shows Celsius, high/low, wind, humidity, pressure, names, message and icon.
    @Test func seoulInKelvinShowsCelsiusAndEveryDetail() throws {
        let display = WeatherDisplay(try Fixtures.currentWeather(Fixtures.seoul))

        #expect(display.placeName == "Seoul")
        #expect(display.temperature == "-2.3°C")
        #expect(display.temperatureWhole == "-2°")
        #expect(display.feelsLike == "-6°")
        #expect(display.high == "-2°")
        #expect(display.low == "-3°")
        #expect(display.highLow == "H:-2° L:-3°")
        #expect(display.highLowKorean == "최고 -2° / 최저 -3°")
        #expect(display.wind == "2.5 m/s")
        #expect(display.humidity == "18%")
        #expect(display.pressure == "1031 hPa")
        #expect(display.conditionGroup == .clouds)
        #expect(display.conditionNameEnglish == "Clouds")
        #expect(display.conditionNameKorean == "구름")
        #expect(display.messageKorean == "구름이 낀 하늘이에요")
        #expect(display.conditionDescription == "overcast clouds")
        #expect(display.iconURL == URL(string: "https://openweathermap.org/img/wn/04d@2x.png"))
    }

    /// Zocca's 298.48 K shows 25.3°C and rain.
    @Test func zoccaShowsCelsiusAndRain() throws {
        let display = WeatherDisplay(try Fixtures.currentWeather(Fixtures.zocca))

        #expect(display.temperature == "25.3°C")
        #expect(display.temperatureWhole == "25°")
        #expect(display.highLow == "H:27° L:24°")
        #expect(display.wind == "0.6 m/s")
        #expect(display.conditionGroup == .rain)
        #expect(display.conditionNameKorean == "비")
        #expect(display.messageKorean == "비가 와요. 우산을 꼭 챙기세요")
    }

    /// Imperial responses show °F and mph.
    @Test func imperialResponsesShowFahrenheitAndMph() throws {
        let json = try Fixtures.replacing("main.temp", with: 80.33, in: Fixtures.zocca)
        let display = WeatherDisplay(try Fixtures.currentWeather(json, units: .imperial))

        #expect(display.temperature == "80.3°F")
        #expect(display.wind == "0.6 mph")
    }

    /// A given place name wins; an empty API name falls back to the coordinate.
    @Test func givenPlaceNameWinsAndEmptyNameFallsBackToTheCoordinate() throws {
        #expect(WeatherDisplay(try Fixtures.currentWeather(Fixtures.zocca), placeName: "Seoul").placeName == "Seoul")
        #expect(WeatherDisplay(try Fixtures.currentWeather(Fixtures.legacyRemote)).placeName == "-40.0, -150.0")
    }

    /// A specific atmosphere condition shows its own name; the primary condition wins.
    @Test func specificAtmosphereConditionShowsItsOwnName() throws {
        let fog = Fixtures.seoul.replacingOccurrences(of: #""id":804,"main":"Clouds""#, with: #""id":741,"main":"Fog""#)
        let display = WeatherDisplay(try Fixtures.currentWeather(fog))
        #expect(display.conditionGroup == .atmosphere)
        #expect(display.conditionNameEnglish == "Fog")
        #expect(display.conditionNameKorean == "안개")

        let snowThenMist = WeatherDisplay(try Fixtures.currentWeather(Fixtures.snowyMetricIntegers, units: .metric))
        #expect(snowThenMist.conditionGroup == .snow)
        #expect(snowThenMist.temperature == "-3.0°C")
        #expect(snowThenMist.wind == "3.0 m/s")
    }

    /// No wind and no conditions show placeholders, not invented values.
    @Test func missingWindAndConditionsShowPlaceholders() throws {
        var json = try Fixtures.removing("wind", from: Fixtures.seoul)
        json = try Fixtures.replacing("weather", with: [Any](), in: json)
        let display = WeatherDisplay(try Fixtures.currentWeather(json))

        #expect(display.wind == "--")
        #expect(display.conditionGroup == .unknown)
        #expect(display.iconURL == nil)
    }

    /// Condition ids map to their groups.
    @Test(arguments: [
        (200, ConditionGroup.thunderstorm), (232, .thunderstorm), (300, .drizzle), (321, .drizzle), (500, .rain),
        (531, .rain), (600, .snow), (622, .snow), (701, .atmosphere), (781, .atmosphere), (800, .clear),
        (801, .clouds), (804, .clouds), (805, .unknown), (0, .unknown), (900, .unknown),
    ])
    func conditionIDsMapToGroups(id: Int, group: ConditionGroup) {
        #expect(ConditionGroup(conditionID: id) == group)
    }

    /// Every group has English and Korean names and messages.
    @Test func everyGroupHasEnglishAndKoreanNamesAndMessages() {
        for group in ConditionGroup.allCases {
            #expect(!group.englishName.isEmpty)
            #expect(!group.koreanName.isEmpty)
            #expect(!group.koreanMessage.isEmpty)
            #expect(!group.englishMessage.isEmpty)
        }
        #expect(ConditionGroup.clear.koreanMessage == "맑은 하늘이에요")
        #expect(ConditionGroup.clear.koreanName == "맑음")
        #expect(ConditionGroup.thunderstorm.englishName == "Thunderstorm")
    }

    /// Only real icon codes make an icon URL.
    @Test(arguments: ["01d", "50n", "10d"])
    func onlyRealIconCodesMakeAnIconURL(icon: String) {
        let condition = WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: icon)
        #expect(condition.iconURL?.absoluteString == "https://openweathermap.org/img/wn/\(icon)@2x.png")
    }

    /// Malformed icon codes give no URL.
    @Test(arguments: ["", "1d", "01x", "01dd", "../x", "0 d"])
    func malformedIconCodesGiveNoURL(icon: String) {
        let condition = WeatherCondition(id: 800, main: "Clear", description: "clear sky", icon: icon)
        #expect(condition.iconURL == nil)
    }
}
