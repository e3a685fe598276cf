import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// What the dashboard's map labels a request with, read from each shape the API answers in.
@Suite struct AnswerSummaryTests {
    private func summary(_ body: String) -> AnswerSummary? {
        OpenWeatherMapAnswers.summary(of: Array(body.utf8), units: .standard)
    }

    @Test func currentWeatherGivesNameTemperatureConditionAndCoordinates() throws {
        let answer = try #require(
            summary(
                #"{"coord":{"lon":126.98,"lat":37.57},"weather":[{"main":"Snow"}],"main":{"temp":-2.34},"name":"Seoul"}"#
            ))
        #expect(
            answer
                == AnswerSummary(
                    place: "Seoul", temperature: -2.34, temperatureUnit: "K", condition: "Snow", latitude: 37.57,
                    longitude: 126.98))
    }

    @Test func forecastGivesTheCityAndTheFirstPeriod() throws {
        let answer = try #require(
            summary(
                #"{"list":[{"main":{"temp":3.5},"weather":[{"main":"Rain"}]},{"main":{"temp":9}}],"#
                    + #""city":{"name":"Daegu","coord":{"lat":35.87,"lon":128.6}}}"#))
        #expect(
            answer
                == AnswerSummary(
                    place: "Daegu", temperature: 3.5, temperatureUnit: "K", condition: "Rain", latitude: 35.87,
                    longitude: 128.6)
        )
    }

    @Test func oneCallGivesTheTimeZoneAndCurrentTemperature() throws {
        let answer = try #require(
            summary(
                #"{"lat":37.57,"lon":126.98,"timezone":"Asia/Seoul","current":{"temp":1.2,"weather":[{"main":"Clear"}]}}"#
            ))
        #expect(
            answer
                == AnswerSummary(
                    place: "Asia/Seoul", temperature: 1.2, temperatureUnit: "K", condition: "Clear", latitude: 37.57,
                    longitude: 126.98))
        let timeMachine = try #require(
            summary(#"{"lat":37.57,"lon":126.98,"timezone":"Asia/Seoul","data":[{"temp":-4}]}"#))
        #expect(timeMachine.temperature == -4)
    }

    @Test func airPollutionGivesTheIndex() throws {
        let answer = try #require(
            summary(#"{"coord":{"lon":126.98,"lat":37.57},"list":[{"main":{"aqi":3},"components":{}}]}"#))
        #expect(answer.airQualityIndex == 3)
        #expect(answer.temperature == nil)
    }

    @Test func geocodingGivesTheFirstPlace() throws {
        let answer = try #require(
            summary(#"[{"name":"Busan","lat":35.18,"lon":129.08,"country":"KR"},{"name":"Other"}]"#))
        #expect(answer == AnswerSummary(place: "Busan", latitude: 35.18, longitude: 129.08))
    }

    @Test(arguments: [
        #"{"cod":"404","message":"city not found"}"#, "<html>502 Bad Gateway</html>", "", "[]", #"{"name":"#,
        #"{"coord":{"lat":"north","lon":1}}"#,
    ])
    func errorsAndNonJSONBodiesHaveNoSummary(body: String) {
        #expect(summary(body) == nil)
    }

    @Test func temperatureUnitFollowsTheRequestedUnits() {
        #expect(Units.allCases.map(\.temperatureSymbol) == ["K", "°C", "°F"])
    }
}
