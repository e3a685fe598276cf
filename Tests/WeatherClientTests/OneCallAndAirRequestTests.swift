import Foundation
import Testing
import WeatherClient

/// What OpenWeatherClient sends for One Call, air pollution and zip.
@Suite struct OneCallAndAirRequestTests {
    private let key = Fixtures.apiKey
    private let seoul = OneCallFixtures.seoul
    private let base = "http://127.0.0.1:8080"

    private func sentURL(
        units: Units = .metric,
        language: String? = "kr",
        reply: String,
        _ call: (OpenWeatherClient) async throws(WeatherError) -> Void
    ) async throws -> String {
        let transport = InMemoryTransport(.json(reply))
        let client = OpenWeatherClient.testing(transport, units: units, language: language)
        try await call(client)
        return try #require(transport.requests.last).url.absoluteString
    }

    @Test func oneCallSendsCoordinatesUnitsLanguageAndKeyWithoutExclude() async throws {
        let url = try await sentURL(reply: OneCallFixtures.full) { client throws(WeatherError) in
            _ = try await client.oneCall(at: seoul)
        }
        #expect(url == "\(base)/data/3.0/onecall?lat=37.5683&lon=126.9778&units=metric&lang=kr&appid=\(key)")
    }

    /// exclude is joined with commas in the API's block order whatever order the set gives.
    @Test(arguments: [
        ([OneCallBlock.alerts, .minutely], "minutely,alerts"),
        ([.daily, .current], "current,daily"),
        ([.hourly], "hourly"),
        (OneCallBlock.allCases.reversed(), "current,minutely,hourly,daily,alerts"),
    ])
    func excludeIsJoinedInTheAPIsOrder(blocks: [OneCallBlock], expected: String) async throws {
        let url = try await sentURL(language: nil, reply: OneCallFixtures.everyBlockExcluded) {
            client throws(WeatherError) in
            _ = try await client.oneCall(at: seoul, excluding: Set(blocks))
        }
        #expect(
            url == "\(base)/data/3.0/onecall?lat=37.5683&lon=126.9778&exclude=\(expected)&units=metric&appid=\(key)")
    }

    @Test func timeMachineSendsWholeUnixSecondsRoundedTowardsThePast() async throws {
        let url = try await sentURL(units: .imperial, reply: OneCallFixtures.timeMachineMetric) {
            client throws(WeatherError) in
            _ = try await client.historicalWeather(at: seoul, time: Date(timeIntervalSince1970: 1_670_206_443.9))
        }
        #expect(
            url
                == "\(base)/data/3.0/onecall/timemachine?lat=37.5683&lon=126.9778&dt=1670206443&units=imperial&lang=kr"
                + "&appid=\(key)")

        let beforeTheEpoch = try await sentURL(reply: OneCallFixtures.timeMachineMetric) {
            client throws(WeatherError) in
            _ = try await client.historicalWeather(at: seoul, time: Date(timeIntervalSince1970: -0.5))
        }
        #expect(beforeTheEpoch.contains("&dt=-1&"))
    }

    @Test func daySummarySendsDateAndOptionalOffset() async throws {
        let date = try #require(CalendarDate("2022-12-05"))
        let withOffset = try await sentURL(reply: OneCallFixtures.daySummaryMetric) { client throws(WeatherError) in
            _ = try await client.daySummary(at: seoul, date: date, utcOffset: UTCOffset(hours: 9))
        }
        #expect(
            withOffset
                == "\(base)/data/3.0/onecall/day_summary?lat=37.5683&lon=126.9778&date=2022-12-05&tz=%2B09%3A00"
                + "&units=metric&lang=kr&appid=\(key)")

        let withoutOffset = try await sentURL(language: nil, reply: OneCallFixtures.daySummaryMetric) {
            client throws(WeatherError) in
            _ = try await client.daySummary(at: seoul, date: date)
        }
        #expect(
            withoutOffset
                == "\(base)/data/3.0/onecall/day_summary?lat=37.5683&lon=126.9778&date=2022-12-05&units=metric"
                + "&appid=\(key)")
    }

    @Test func overviewSendsUnitsButNoLanguageAndTheDateOnlyWhenGiven() async throws {
        let today = try await sentURL(reply: OneCallFixtures.overviewMetric) { client throws(WeatherError) in
            _ = try await client.weatherOverview(at: seoul)
        }
        #expect(today == "\(base)/data/3.0/onecall/overview?lat=37.5683&lon=126.9778&units=metric&appid=\(key)")

        let tomorrow = try await sentURL(reply: OneCallFixtures.overviewMetric) { client throws(WeatherError) in
            _ = try await client.weatherOverview(at: seoul, date: CalendarDate(year: 2022, month: 12, day: 6))
        }
        #expect(tomorrow.contains("?lat=37.5683&lon=126.9778&date=2022-12-06&units=metric&appid="))
    }

    @Test func airPollutionPathsSendNoUnitsAndNoLanguage() async throws {
        let now = try await sentURL(reply: OneCallFixtures.airNow) { client throws(WeatherError) in
            _ = try await client.airPollution(at: seoul)
        }
        #expect(now == "\(base)/data/2.5/air_pollution?lat=37.5683&lon=126.9778&appid=\(key)")

        let forecast = try await sentURL(reply: OneCallFixtures.airForecast) { client throws(WeatherError) in
            _ = try await client.airPollutionForecast(at: seoul)
        }
        #expect(forecast == "\(base)/data/2.5/air_pollution/forecast?lat=37.5683&lon=126.9778&appid=\(key)")

        let history = try await sentURL(reply: OneCallFixtures.airForecast) { client throws(WeatherError) in
            _ = try await client.airPollutionHistory(
                at: seoul,
                from: Date(timeIntervalSince1970: 1_670_209_200),
                to: Date(timeIntervalSince1970: 1_670_212_800.5)
            )
        }
        #expect(
            history
                == "\(base)/data/2.5/air_pollution/history?lat=37.5683&lon=126.9778&start=1670209200&end=1670212800"
                + "&appid=\(key)")
    }

    @Test func zipLookupsSendTheZipCommaCountryForm() async throws {
        let geocoding = try await sentURL(reply: OneCallFixtures.zipSeoul) { client throws(WeatherError) in
            _ = try await client.geocode(zip: " 04524 ", country: "KR")
        }
        #expect(geocoding == "\(base)/geo/1.0/zip?zip=04524,KR&appid=\(key)")

        let usDefault = try await sentURL(reply: OneCallFixtures.zipSeoul) { client throws(WeatherError) in
            _ = try await client.geocode(zip: "94040")
        }
        #expect(usDefault == "\(base)/geo/1.0/zip?zip=94040&appid=\(key)")

        let forecast = try await sentURL(reply: Fixtures.forecast) { client throws(WeatherError) in
            _ = try await client.forecast(zip: "04524", country: "KR", count: 3)
        }
        #expect(forecast == "\(base)/data/2.5/forecast?zip=04524,KR&cnt=3&units=metric&lang=kr&appid=\(key)")
    }

    /// Bad input to the new calls is rejected before any request, naming what was wrong.
    @Test(arguments: [
        ("onecall latitude", "latitude 91.0 is outside -90...90"),
        ("timemachine longitude", "longitude 181.0 is outside -180...180"),
        ("day summary latitude", "latitude nan is outside -90...90"),
        ("overview latitude", "latitude -90.5 is outside -90...90"),
        ("air longitude", "longitude -200.0 is outside -180...180"),
        ("air forecast latitude", "latitude 100.0 is outside -90...90"),
        (
            "history order",
            "the history starts (1970-01-01 00:16:40 +0000) after it ends (1970-01-01 00:00:10 +0000)"
        ),
        ("zip empty", "the zip code is empty"),
        ("forecast zip empty", "the zip code is empty"),
        ("forecast zip count", "forecast count 0 is outside 1...40"),
    ])
    func badInputIsRejectedBeforeSending(input: String, message: String) async {
        let transport = InMemoryTransport(.json(OneCallFixtures.full))
        let client = OpenWeatherClient.testing(transport)
        func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
            Coordinate(latitude: latitude, longitude: longitude)
        }
        let day = CalendarDate(year: 2022, month: 12, day: 5)!

        let error = await #expect(throws: WeatherError.self) {
            switch input {
            case "onecall latitude": _ = try await client.oneCall(at: at(91, 0))
            case "timemachine longitude": _ = try await client.historicalWeather(at: at(0, 181), time: Date())
            case "day summary latitude": _ = try await client.daySummary(at: at(.nan, 0), date: day)
            case "overview latitude": _ = try await client.weatherOverview(at: at(-90.5, 0))
            case "air longitude": _ = try await client.airPollution(at: at(0, -200))
            case "air forecast latitude": _ = try await client.airPollutionForecast(at: at(100, 0))
            case "history order":
                _ = try await client.airPollutionHistory(
                    at: seoul, from: Date(timeIntervalSince1970: 1000), to: Date(timeIntervalSince1970: 10))
            case "zip empty": _ = try await client.geocode(zip: "  ", country: "KR")
            case "forecast zip empty": _ = try await client.forecast(zip: "")
            default: _ = try await client.forecast(zip: "04524", country: "KR", count: 0)
            }
        }

        #expect(error == .invalidRequest(message: message))
        #expect(transport.requestCount == 0)
    }

    @Test func oneCallDecodesInTheClientsUnits() async throws {
        let transport = InMemoryTransport(.json(OneCallFixtures.timeMachineMetric))
        let client = OpenWeatherClient.testing(transport, units: .metric)

        let history = try await client.historicalWeather(at: seoul, time: Date(timeIntervalSince1970: 1_670_206_443))

        #expect(history.units == .metric)
        #expect(history.snapshot?.temperature == .celsius(-2))
    }
}
