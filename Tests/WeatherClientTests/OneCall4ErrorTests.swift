import Foundation
import Testing
import WeatherClient

/// One Call 4.0's errors as WeatherError: the two subscription 401s told apart, the 400's parameters,
/// and what the client refuses before sending.
@Suite struct OneCall4ErrorTests {
    private typealias F = OneCall4Fixtures

    @Test func aKeyWithoutThe40SubscriptionIsUnauthorizedMissingOneCall4() async {
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(F.noSubscription4Body, status: 401)))

        let error = await #expect(throws: WeatherError.self) { try await client.oneCall4Current(at: F.lisbon) }

        #expect(error == .unauthorized(message: F.noSubscription4Message))
        #expect(error?.missingSubscription == .oneCall4)
        #expect(error?.description.hasPrefix("unauthorized (HTTP 401): Please note that using One Call 4.0") == true)
        #expect(error?.isRetryable == false)
    }

    @Test func aFourKeyOnThreeGetsTheThreeTextAndSaysMissingOneCall3() async {
        let client = OpenWeatherClient.testing(
            InMemoryTransport(.json(OneCallFixtures.noSubscriptionBody, status: 401)))

        let error = await #expect(throws: WeatherError.self) { try await client.oneCall(at: OneCallFixtures.seoul) }

        #expect(error?.missingSubscription == .oneCall3)
        #expect(error?.serverMessage == OneCallFixtures.noSubscriptionMessage)
    }

    @Test func otherErrorsNameNoMissingSubscription() {
        let wrongKey = WeatherError.unauthorized(
            message: "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.")

        #expect(wrongKey.missingSubscription == nil)
        #expect(
            WeatherError.server(status: 500, message: F.noSubscription4Message, retryAfter: nil).missingSubscription
                == nil)
        #expect(WeatherError.unauthorized(message: "One Call 4.0").missingSubscription == nil)
    }

    @Test func the400CarriesTheAPIsMessageAndParameters() async {
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(F.invalidDateBody, status: 400)))

        let error = await #expect(throws: WeatherError.self) {
            try await client.oneCall4Timeline(.days, at: F.lisbon, start: Date(timeIntervalSince1970: 1_785_628_800))
        }

        #expect(error == .invalidRequest(message: "Invalid date format (parameters: date)"))
        #expect(error?.rejectedParameters == ["date"])
    }

    @Test func a400NamingSeveralParametersOrNoneKeepsThemApart() async {
        let both = #"{"cod":400,"message":"lat and lon are required","parameters":["lat","lon"]}"#
        let none = #"{"cod":"400","message":"wrong latitude"}"#
        let client = OpenWeatherClient.testing(InMemoryTransport([.json(both, status: 400), .json(none, status: 400)]))

        let first = await #expect(throws: WeatherError.self) { try await client.oneCall4Current(at: F.lisbon) }
        let second = await #expect(throws: WeatherError.self) { try await client.oneCall4Current(at: F.lisbon) }

        #expect(first?.rejectedParameters == ["lat", "lon"])
        #expect(first?.description == "invalid request: lat and lon are required (parameters: lat, lon)")
        #expect(second == .invalidRequest(message: "wrong latitude"))
        #expect(second?.rejectedParameters == [])
    }

    @Test func whatTheAPICannotTakeIsRefusedBeforeAnyRequest() async {
        let transport = InMemoryTransport(.json(F.hoursLisbon))
        let client = OpenWeatherClient.testing(transport)
        let before1979 = Date(timeIntervalSince1970: 283_996_799)

        await #expect(throws: WeatherError.self) {
            try await client.oneCall4Timeline(.hours, at: Coordinate(latitude: 91, longitude: 0))
        }
        await #expect(
            throws: WeatherError.invalidRequest(
                message: "timeline start 283996799 is before 1979-01-01 (283996800), the earliest the API holds")
        ) { try await client.oneCall4Timeline(.hours, at: F.lisbon, start: before1979) }
        await #expect(throws: WeatherError.self) {
            try await client.oneCall4Timeline(.days, at: F.lisbon, start: Date(timeIntervalSince1970: .infinity))
        }
        await #expect(throws: WeatherError.self) {
            try await client.oneCall4Timeline(.days, at: F.lisbon, start: Date(timeIntervalSince1970: -1e300))
        }
        await #expect(
            throws: WeatherError.invalidRequest(message: "the 1min timeline takes no start: it always begins now")
        ) {
            try await client.oneCall4Timeline(.minutes, at: F.lisbon, start: Date(timeIntervalSince1970: 1_785_668_400))
        }
        await #expect(throws: WeatherError.invalidRequest(message: "timeline count 0 is below 1")) {
            try await client.oneCall4Timeline(.hours, at: F.lisbon, count: 0)
        }
        #expect(transport.requestCount == 0)
    }

    @Test func aLinkWhoseStartIsOutOfRangeIsRefusedNotCrashed() async throws {
        let link = "http://api.openweathermap.org/data/4.0/onecall/timeline/1h?start=9223372036854775807&cnt=20"
        let transport = InMemoryTransport(.json(F.hoursPage(first: 1_785_668_400, count: 1, next: link)))
        let client = OpenWeatherClient.testing(transport)
        let page = try await client.oneCall4Timeline(.hours, at: F.lisbon)

        await #expect(throws: WeatherError.self) { try await client.nextPage(after: page) }
        #expect(transport.requestCount == 1)
    }
}
