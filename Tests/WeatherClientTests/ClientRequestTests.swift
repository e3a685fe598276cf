import Foundation
import Testing
import WeatherClient

/// What OpenWeatherClient sends.
@Suite struct ClientRequestTests {
    private let key = Fixtures.apiKey

    private func sentURL(
        units: Units = .metric,
        language: String? = nil,
        apiKey: String? = Fixtures.apiKey,
        reply: InMemoryTransport.Reply = .json(Fixtures.seoul),
        _ call: (OpenWeatherClient) async throws(WeatherError) -> Void
    ) async throws -> String {
        let transport = InMemoryTransport(reply)
        let client = OpenWeatherClient.testing(transport, apiKey: apiKey, units: units, language: language)
        try await call(client)
        return try #require(transport.requests.last).url.absoluteString
    }

    /// City name: q, then units, then lang, then appid.
    @Test func cityQuerySendsQThenUnitsThenLangThenAppid() async throws {
        let url = try await sentURL(language: "kr") { client throws(WeatherError) in
            _ = try await client.currentWeather(city: "Seoul")
        }
        #expect(url == "http://127.0.0.1:8080/data/2.5/weather?q=Seoul&units=metric&lang=kr&appid=\(key)")
    }

    /// City id, zip with country, and coordinates use the API's parameters.
    @Test func cityIDZipAndCoordinatesUseTheAPIsParameters() async throws {
        let byID = try await sentURL { client throws(WeatherError) in
            _ = try await client.currentWeather(cityID: 1_835_848)
        }
        #expect(byID == "http://127.0.0.1:8080/data/2.5/weather?id=1835848&units=metric&appid=\(key)")

        let byZip = try await sentURL { client throws(WeatherError) in
            _ = try await client.currentWeather(zip: " 04524 ", country: "KR")
        }
        #expect(byZip == "http://127.0.0.1:8080/data/2.5/weather?zip=04524,KR&units=metric&appid=\(key)")

        let byCoordinate = try await sentURL(units: .standard) { client throws(WeatherError) in
            _ = try await client.currentWeather(at: Coordinate(latitude: 37.517829, longitude: 126.88627))
        }
        #expect(
            byCoordinate
                == "http://127.0.0.1:8080/data/2.5/weather?lat=37.517829&lon=126.88627&units=standard&appid=\(key)")
    }

    /// Tiny coordinates are written as plain decimals, never with an exponent.
    @Test func coordinatesNeverUseExponents() async throws {
        let url = try await sentURL { client throws(WeatherError) in
            _ = try await client.currentWeather(at: Coordinate(latitude: 0.00001, longitude: -0.0000005))
        }
        #expect(url.contains("lat=0.00001&lon=-0.0000005&"))
    }

    /// City names are percent-encoded so & = + # and spaces cannot break the query.
    @Test func cityNamesArePercentEncoded() async throws {
        let url = try await sentURL { client throws(WeatherError) in
            _ = try await client.currentWeather(city: "  Rock & Roll=1+2#x 서울 ")
        }
        #expect(url.contains("?q=Rock%20%26%20Roll%3D1%2B2%23x%20%EC%84%9C%EC%9A%B8&units="))
    }

    /// Forecast sends cnt after the location; geocoding sends limit and no units.
    @Test func forecastSendsCntAndGeocodingSendsLimitWithoutUnits() async throws {
        let forecast = try await sentURL(reply: .json(Fixtures.forecast)) { client throws(WeatherError) in
            _ = try await client.forecast(city: "Zocca", count: 2)
        }
        #expect(forecast == "http://127.0.0.1:8080/data/2.5/forecast?q=Zocca&cnt=2&units=metric&appid=\(key)")

        let direct = try await sentURL(language: "kr", reply: .json(Fixtures.geocodeSeoul)) {
            client throws(WeatherError) in
            _ = try await client.geocode(city: "Seoul", limit: 1)
        }
        #expect(direct == "http://127.0.0.1:8080/geo/1.0/direct?q=Seoul&limit=1&appid=\(key)")

        let reverse = try await sentURL(reply: .json(Fixtures.reverseDaegu)) { client throws(WeatherError) in
            _ = try await client.reverseGeocode(at: Coordinate(latitude: 35.8714354, longitude: 128.6014), limit: 2)
        }
        #expect(reverse == "http://127.0.0.1:8080/geo/1.0/reverse?lat=35.8714354&lon=128.6014&limit=2&appid=\(key)")
    }

    /// A base URL with a path prefix and trailing slash keeps the prefix.
    @Test func baseURLPathPrefixIsKept() async throws {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient(
            apiKey: "",
            baseURL: URL(string: "http://127.0.0.1:9000/owm/")!,
            transport: transport,
            environment: [:]
        )
        _ = try await client.currentWeather(city: "Seoul")
        #expect(
            transport.requests.first?.url.absoluteString
                == "http://127.0.0.1:9000/owm/data/2.5/weather?q=Seoul&units=metric")
    }

    /// Requests ask for JSON and carry the configured timeout.
    @Test func requestsCarryAcceptAndTimeout() async throws {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient(apiKey: "", timeout: .seconds(3), transport: transport, environment: [:])
        _ = try await client.currentWeather(city: "Seoul")
        let request = try #require(transport.requests.first)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.timeout == .seconds(3))
    }

    /// The client decodes in the units it asked for.
    @Test func clientDecodesInTheUnitsItAskedFor() async throws {
        let transport = InMemoryTransport(.json(Fixtures.snowyMetricIntegers))
        let weather = try await OpenWeatherClient.testing(transport, units: .metric).currentWeather(city: "Seoul")
        #expect(weather.main.temperature == .celsius(-3))
        #expect(weather.units == .metric)
    }

    /// Without a key argument the key comes from OPENWEATHERMAP_API_KEY.
    @Test func withoutAKeyArgumentTheKeyComesFromTheEnvironment() async throws {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient(
            transport: transport,
            environment: ["OPENWEATHERMAP_API_KEY": " fedcba9876543210fedcba9876543210\n"]
        )
        _ = try await client.currentWeather(city: "Seoul")
        #expect(client.hasAPIKey)
        #expect(transport.requests.first?.queryValue("appid") == "fedcba9876543210fedcba9876543210")
    }

    /// With no key anywhere, requests fail before sending and say how to give one.
    @Test func missingKeyFailsBeforeSendingAndSaysHowToGiveOne() async {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient(transport: transport, environment: ["OPENWEATHERMAP_API_KEY": "  "])

        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") }

        #expect(!client.hasAPIKey)
        #expect(transport.requestCount == 0)
        guard case .invalidRequest(let message) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("OPENWEATHERMAP_API_KEY"))
        #expect(message.contains("apiKey: \"\""))
    }

    /// An explicit empty key sends no appid at all, for mock servers.
    @Test func emptyKeySendsNoAppid() async throws {
        let url = try await sentURL(apiKey: "") { client throws(WeatherError) in
            _ = try await client.currentWeather(city: "Seoul")
        }
        #expect(url == "http://127.0.0.1:8080/data/2.5/weather?q=Seoul&units=metric")
    }

    /// Bad input is rejected before any request, naming what was wrong.
    @Test(arguments: [
        ("blank city", "the city name is empty"),
        ("city id 0", "city id 0 is not positive"),
        ("empty zip", "the zip code is empty"),
        ("latitude 91", "latitude 91.0 is outside -90...90"),
        ("longitude NaN", "longitude nan is outside -180...180"),
        ("forecast count 41", "forecast count 41 is outside 1...40"),
        ("geocode limit 6", "geocoding limit 6 is outside 1...5"),
        ("reverse limit 0", "geocoding limit 0 is outside 1...5"),
    ])
    func badInputIsRejectedBeforeSending(input: String, message: String) async {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient.testing(transport)
        let seoul = Coordinate(latitude: 37.5, longitude: 127)

        let error = await #expect(throws: WeatherError.self) {
            switch input {
            case "blank city": _ = try await client.currentWeather(city: " \n ")
            case "city id 0": _ = try await client.currentWeather(cityID: 0)
            case "empty zip": _ = try await client.currentWeather(zip: "")
            case "latitude 91": _ = try await client.currentWeather(at: Coordinate(latitude: 91, longitude: 0))
            case "longitude NaN": _ = try await client.forecast(at: Coordinate(latitude: 0, longitude: .nan))
            case "forecast count 41": _ = try await client.forecast(city: "Seoul", count: 41)
            case "geocode limit 6": _ = try await client.geocode(city: "Seoul", limit: 6)
            default: _ = try await client.reverseGeocode(at: seoul, limit: 0)
            }
        }

        #expect(error == .invalidRequest(message: message))
        #expect(transport.requestCount == 0)
    }

    /// A base URL that is not http or https fails before sending.
    @Test func nonHTTPBaseURLFailsBeforeSending() async {
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let client = OpenWeatherClient(
            apiKey: "", baseURL: URL(string: "file:///tmp")!, transport: transport, environment: [:])

        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") }

        #expect(error == .invalidRequest(message: "base URL file:///tmp is not an http or https URL with a host"))
        #expect(transport.requestCount == 0)
    }

    /// A transport failure becomes WeatherError.transport with its kind.
    @Test func transportFailureBecomesTransportErrorWithItsKind() async {
        let client = OpenWeatherClient.testing(InMemoryTransport(.fail(.offline, "no route")))

        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") }

        #expect(error == .transport(kind: .offline, message: "no route"))
        #expect(error?.description == "offline: no route")
    }

    /// A cancelled transport surfaces as WeatherError.cancelled.
    @Test func cancelledTransportIsCancelled() async {
        let client = OpenWeatherClient.testing(InMemoryTransport(.fail(.cancelled)))
        let error = await #expect(throws: WeatherError.self) { try await client.currentWeather(city: "Seoul") }
        #expect(error == .cancelled)
    }
}
