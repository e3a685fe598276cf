import Foundation
import Testing
import WeatherClient

/// One Call, air pollution and zip errors surface as WeatherError.
@Suite struct OneCallErrorTests {
    private let seoul = OneCallFixtures.seoul

    @Test func keyWithoutAOneCallSubscriptionIsUnauthorizedWithTheAPIsOwnMessage() async {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.json(OneCallFixtures.noSubscriptionBody, status: 401)))

        let error = await #expect(throws: WeatherError.self) { try await client.oneCall(at: seoul) }

        #expect(error == .unauthorized(message: OneCallFixtures.noSubscriptionMessage))
        #expect(error?.serverMessage?.contains("requires a separate subscription") == true)
        #expect(error?.description.hasPrefix("unauthorized (HTTP 401): Please note that using One Call 3.0") == true)
        #expect(error?.isRetryable == false)
    }

    @Test func theSubscriptionMessageSurfacesFromEveryOneCallPath() async {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.json(OneCallFixtures.noSubscriptionBody, status: 401)))
        let day = CalendarDate(year: 2022, month: 12, day: 5)!
        let expected = WeatherError.unauthorized(message: OneCallFixtures.noSubscriptionMessage)

        await #expect(throws: expected) { try await client.historicalWeather(at: seoul, time: Date()) }
        await #expect(throws: expected) { try await client.daySummary(at: seoul, date: day) }
        await #expect(throws: expected) { try await client.weatherOverview(at: seoul) }
    }

    @Test func wrongCoordinatesAreInvalidRequestWithTheServersMessage() async {
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(Fixtures.wrongLatitudeBody, status: 400)))

        await #expect(throws: WeatherError.invalidRequest(message: "wrong latitude")) {
            try await client.oneCall(at: seoul)
        }
    }

    @Test func timeOutsideTheArchiveIsTheServersOwn400() async {
        let body = #"{"cod":"400","message":"requested time is out of allowed range"}"#
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(body, status: 400)))

        await #expect(throws: WeatherError.invalidRequest(message: "requested time is out of allowed range")) {
            try await client.historicalWeather(at: seoul, time: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func unknownZipIsNotFoundWithTheServersMessage() async {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.json(#"{"cod":"404","message":"not found"}"#, status: 404)))

        await #expect(throws: WeatherError.cityNotFound(message: "not found")) {
            try await client.geocode(zip: "00000", country: "KR")
        }
    }

    @Test func aBrokenBodyIsADecodingErrorWithItsPathAndTheKeyNeverShows() async {
        let json = OneCallFixtures.full.replacingOccurrences(of: #""clouds":89,"pop""#, with: #""clouds":null,"pop""#)
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(json)))

        let error = await #expect(throws: WeatherError.self) { try await client.oneCall(at: seoul) }

        #expect(error == .decoding(path: "daily[0].clouds", expected: "an integer", found: "null"))
        #expect(error?.description.contains(Fixtures.apiKey) == false)
    }

    @Test func rateLimitOnAirPollutionCarriesRetryAfter() async {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.json(Fixtures.rateLimitedBody, status: 429, headers: ["Retry-After": "30"])))

        await #expect(throws: WeatherError.rateLimited(retryAfter: .seconds(30), message: Fixtures.rateLimitedMessage))
        {
            try await client.airPollution(at: seoul)
        }
    }
}
