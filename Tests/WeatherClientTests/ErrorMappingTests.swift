import Foundation
import Testing
import WeatherClient

/// Mapping API answers to WeatherError.
@Suite struct ErrorMappingTests {
    private func currentWeather(answering reply: InMemoryTransport.Reply) async throws(WeatherError) -> CurrentWeather {
        try await OpenWeatherClient.testing(InMemoryTransport(reply)).currentWeather(city: "Atlantis")
    }

    /// 404 city not found maps to cityNotFound with the API's message.
    @Test func notFoundMapsToCityNotFound() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.notFoundBody, status: 404))
        }
        #expect(error == .cityNotFound(message: "city not found"))
        #expect(error?.description == "city not found (HTTP 404): city not found")
        #expect(error?.serverMessage == "city not found")
    }

    /// 401 maps to unauthorized with the API's key message verbatim.
    @Test func unauthorizedKeepsTheAPIsMessageVerbatim() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.unauthorizedBody, status: 401))
        }
        #expect(error == .unauthorized(message: Fixtures.unauthorizedMessage))
        #expect(error?.description.contains(Fixtures.unauthorizedMessage) == true)
    }

    /// 400 wrong latitude and Nothing to geocode map to invalidRequest with the message.
    @Test func badRequestMapsToInvalidRequest() async {
        let wrongLatitude = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.wrongLatitudeBody, status: 400))
        }
        #expect(wrongLatitude == .invalidRequest(message: "wrong latitude"))
        let nothing = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.nothingToGeocodeBody, status: 400))
        }
        #expect(nothing == .invalidRequest(message: "Nothing to geocode"))
    }

    /// 429 maps to rateLimited with the API's message and no Retry-After when none was sent.
    @Test func tooManyRequestsMapsToRateLimited() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.rateLimitedBody, status: 429))
        }
        #expect(error == .rateLimited(retryAfter: nil, message: Fixtures.rateLimitedMessage))
    }

    /// Retry-After in seconds is parsed onto the error.
    @Test func retryAfterInSecondsIsParsedOntoTheError() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(
                answering: .json(Fixtures.rateLimitedBody, status: 429, headers: ["retry-after": "120"])
            )
        }
        #expect(error?.retryAfter == .seconds(120))
        #expect(error?.description.hasPrefix("rate limited (HTTP 429; retry after 120 s): ") == true)
    }

    /// Retry-After as an HTTP date is the time until that date; a past date means now.
    @Test func retryAfterDateIsTheTimeUntilItAndAPastDateMeansNow() async {
        let later = Date().addingTimeInterval(3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let future = await #expect(throws: WeatherError.self) {
            try await currentWeather(
                answering: .json(
                    Fixtures.internalErrorBody, status: 503, headers: ["Retry-After": formatter.string(from: later)])
            )
        }
        let wait = try? #require(future?.retryAfter)
        #expect(wait.map { $0 > .seconds(3500) && $0 <= .seconds(3600) } == true)

        let past = await #expect(throws: WeatherError.self) {
            try await currentWeather(
                answering: .json(
                    Fixtures.internalErrorBody, status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"])
            )
        }
        #expect(past?.retryAfter == .zero)
    }

    /// An unparseable Retry-After is ignored rather than guessed.
    @Test func unparseableRetryAfterIsIgnored() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(
                answering: .json(Fixtures.rateLimitedBody, status: 429, headers: ["Retry-After": "soon"]))
        }
        #expect(error == .rateLimited(retryAfter: nil, message: Fixtures.rateLimitedMessage))
    }

    /// 500 with the API's JSON maps to server with status and message.
    @Test func internalErrorMapsToServer() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.internalErrorBody, status: 500))
        }
        #expect(error == .server(status: 500, message: "Error: Internal server error", retryAfter: nil))
        #expect(error?.description == "server error (HTTP 500): Error: Internal server error")
    }

    /// An HTML 502 gateway page maps to a server error titled from the page.
    @Test func htmlGatewayPageMapsToServerTitledFromThePage() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .text(Fixtures.badGatewayPage, status: 502))
        }
        #expect(error == .server(status: 502, message: "502 Bad Gateway (HTML page)", retryAfter: nil))
    }

    /// An HTML error page without a title uses the status line.
    @Test func htmlPageWithoutTitleUsesStatusLine() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .text("<html><body>oops</body></html>", status: 504))
        }
        #expect(error == .server(status: 504, message: "504 Gateway Timeout (HTML page)", retryAfter: nil))
    }

    /// An error status with an empty body says so.
    @Test func emptyErrorBodySaysSo() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .text("", status: 503, contentType: "text/plain"))
        }
        #expect(error == .server(status: 503, message: "503 Service Unavailable (empty body)", retryAfter: nil))
    }

    /// An error status with plain text quotes the start of the text.
    @Test func plainTextErrorBodyIsQuoted() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(
                answering: .text("upstream\nconnect error", status: 503, contentType: "text/plain"))
        }
        #expect(
            error == .server(status: 503, message: "503 Service Unavailable: upstream connect error", retryAfter: nil))
    }

    /// A 404 HTML page from a proxy is a server error, not the API's city not found.
    @Test func foreignNotFoundIsNotCityNotFound() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .text("<html><title>404 Not Found</title></html>", status: 404))
        }
        #expect(error == .server(status: 404, message: "404 Not Found (HTML page)", retryAfter: nil))
    }

    /// The mock server's 501 for an unmatched request keeps its explanation and is not retryable.
    @Test func unmatchedMockRequestIsNotRetryable() async {
        let body = #"{"cod":"501","message":"mockweather: no cassette matches GET /data/2.5/weather?q=busan"}"#
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(body, status: 501))
        }
        #expect(error?.httpStatus == 501)
        #expect(error?.serverMessage == "mockweather: no cassette matches GET /data/2.5/weather?q=busan")
        #expect(error?.isRetryable == false)
    }

    /// A 200 whose body is an API error maps by its cod.
    @Test func successStatusWithErrorCodMapsByCod() async {
        let error = await #expect(throws: WeatherError.self) {
            try await currentWeather(answering: .json(Fixtures.notFoundBody, status: 200))
        }
        #expect(error == .cityNotFound(message: "city not found"))
    }

    /// Retryable errors are transport failures, 429 and 5xx except 501 and 505.
    @Test func onlyTransportFailures429And5xxExcept501And505AreRetryable() {
        #expect(WeatherError.transport(kind: .timeout, message: "").isRetryable)
        #expect(WeatherError.rateLimited(retryAfter: nil, message: "").isRetryable)
        #expect(WeatherError.server(status: 500, message: "", retryAfter: nil).isRetryable)
        #expect(WeatherError.server(status: 503, message: "", retryAfter: nil).isRetryable)
        #expect(!WeatherError.server(status: 501, message: "", retryAfter: nil).isRetryable)
        #expect(!WeatherError.server(status: 403, message: "", retryAfter: nil).isRetryable)
        #expect(!WeatherError.cityNotFound(message: "").isRetryable)
        #expect(!WeatherError.unauthorized(message: "").isRetryable)
        #expect(!WeatherError.invalidRequest(message: "").isRetryable)
        #expect(!WeatherError.decoding(path: "", expected: "", found: "").isRetryable)
        #expect(!WeatherError.cancelled.isRetryable)
    }
}

/// Malformed bodies give decoding errors with the right path.
@Suite struct MalformedBodyTests {
    private func currentWeather(body: String, status: Int = 200) async throws(WeatherError) -> CurrentWeather {
        try await OpenWeatherClient.testing(InMemoryTransport(.json(body, status: status))).currentWeather(
            city: "Seoul")
    }

    /// A string where main.temp's number belongs.
    @Test func stringAtMainTempIsADecodingErrorAtItsPath() async throws {
        let body = try Fixtures.replacing("main.temp", with: "hot", in: Fixtures.seoul)

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: body) }

        #expect(error == .decoding(path: "main.temp", expected: "a number", found: #"a string "hot""#))
        #expect(error?.description.contains("main.temp: expected a number, found a string") == true)
    }

    /// A string where weather[0].id's integer belongs names the array index.
    @Test func wrongTypeInsideAnArrayNamesTheIndex() async throws {
        let body = Fixtures.seoul.replacingOccurrences(of: #""id":804"#, with: #""id":"804""#)

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: body) }

        #expect(error == .decoding(path: "weather[0].id", expected: "an integer", found: #"a string "804""#))
    }

    /// A missing main object.
    @Test func missingMainIsADecodingErrorAtMain() async throws {
        let body = try Fixtures.removing("main", from: Fixtures.seoul)

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: body) }

        #expect(error == .decoding(path: "main", expected: "a value (the field is required)", found: "nothing"))
    }

    /// null where main's object belongs.
    @Test func nullMainIsADecodingErrorAtMain() async throws {
        let body = try Fixtures.replacing("main", with: NSNull(), in: Fixtures.seoul)

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: body) }

        #expect(error == .decoding(path: "main", expected: "an object", found: "null"))
    }

    /// An empty body.
    @Test func emptyBodyIsADecodingError() async {
        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: "") }
        #expect(error == .decoding(path: "(top level)", expected: "a JSON object", found: "an empty body"))
    }

    /// A body of just null.
    @Test func nullBodyIsADecodingError() async {
        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: "null") }
        #expect(error == .decoding(path: "(top level)", expected: "an object", found: "null"))
    }

    /// Truncated JSON.
    @Test func truncatedJSONIsADecodingError() async {
        let truncated = String(Fixtures.seoul.prefix(120))

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: truncated) }

        #expect(
            error
                == .decoding(
                    path: "(top level)",
                    expected: "a JSON object",
                    found: "truncated JSON (the body ends after 120 bytes, inside a value)"
                )
        )
    }

    /// An HTML page with status 200, as a captive portal sends.
    @Test func htmlPageWithStatus200IsADecodingError() async {
        let page = "<!DOCTYPE html><html><head><title>Hotel Wi-Fi &amp; Login</title></head></html>"

        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: page) }

        #expect(
            error
                == .decoding(
                    path: "(top level)", expected: "a JSON object", found: #"an HTML page titled "Hotel Wi-Fi & Login""#
                )
        )
    }

    /// Text that is not JSON is quoted.
    @Test func nonJSONTextIsQuotedInTheDecodingError() async {
        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: "OK") }
        #expect(
            error == .decoding(path: "(top level)", expected: "a JSON object", found: #"text that is not JSON: "OK""#))
    }

    /// An array where the object belongs.
    @Test func arrayWhereTheObjectBelongsIsADecodingError() async {
        let error = await #expect(throws: WeatherError.self) { try await currentWeather(body: "[1,2]") }
        #expect(error == .decoding(path: "(top level)", expected: "an object", found: "an array of 2 elements"))
    }
}
