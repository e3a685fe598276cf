import Foundation
import TestSupport
import Testing
import WeatherClient

/// Errors and faults as the app sees them: each error cassette surfaces its `WeatherError` case with the
/// server's own message and the details that go with it; each network fault its transport error.
@Suite struct ErrorContractTests {
    private func currentWeather(city: String, timeout: Duration = .seconds(15)) async throws -> WeatherError? {
        try await timedCurrentWeather(city: city, timeout: timeout).error
    }

    /// The error, and how long the client call itself took (the server's start-up, slow while the
    /// suite starts a server per case in parallel, is not counted).
    private func timedCurrentWeather(city: String, timeout: Duration) async throws -> (
        error: WeatherError?, waited: Duration
    ) {
        try await withMock(try .contract, mode: .binary) { mock async throws -> (WeatherError?, Duration) in
            let baseURL = try mock.baseURL
            let client = OpenWeatherClient(apiKey: "", baseURL: baseURL, timeout: timeout)
            let started = ContinuousClock.now
            do throws(WeatherError) {
                _ = try await client.currentWeather(city: city)
                return (nil, ContinuousClock.now - started)
            } catch {
                return (error, ContinuousClock.now - started)
            }
        }
    }

    @Test func cityNotFoundCarriesTheServersMessage() async throws {
        let error = try await currentWeather(city: "Atlantis")
        #expect(error == .cityNotFound(message: "city not found"))
        #expect(error?.description.contains("city not found") == true)
    }

    @Test func invalidKeyIsUnauthorizedWithTheAPIsMessage() async throws {
        try await withMock(try .contract, mode: .binary) { mock in
            let baseURL = try mock.baseURL
            let client = OpenWeatherClient(apiKey: "invalid", baseURL: baseURL)
            await #expect(
                throws: WeatherError.unauthorized(
                    message: "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."
                )
            ) {
                _ = try await client.currentWeather(city: "Seoul")
            }
        }
    }

    @Test func rateLimitedCarriesRetryAfter() async throws {
        let error = try await currentWeather(city: "mock-rate-limited")
        guard case .rateLimited(let retryAfter, let message)? = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(retryAfter == .seconds(60))
        #expect(message.hasPrefix("Your account is temporary blocked"))
    }

    @Test func serverErrorsCarryStatusAndMessageWhetherJSONOrHTML() async throws {
        let json = try await currentWeather(city: "mock-server-error")
        let html = try await currentWeather(city: "mock-bad-gateway")

        #expect(json?.httpStatus == 500)
        #expect(json?.serverMessage == "Error: Internal server error")
        #expect(html?.httpStatus == 502)
        #expect(html?.serverMessage?.contains("502") == true, "\(String(describing: html))")
    }

    @Test func resetIsATransportError() async throws {
        let error = try await currentWeather(city: "mock-reset")
        guard case .transport(let kind, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(kind == .connectionLost)
    }

    @Test func hangTimesOutWithinTheClientsTimeout() async throws {
        let timeout = Duration.seconds(1)

        let (error, waited) = try await timedCurrentWeather(city: "mock-hang", timeout: timeout)

        guard case .transport(.timeout, _)? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        // Not a speed check: the point is that the client's own deadline ended the wait rather than the
        // server (which never answers) or URLSession's 60 s default. So the bound sits just short of
        // those 60 s, as far from the client's 1 s as a loaded, sanitized CI machine may need.
        #expect(waited < .seconds(55), "waited \(waited)")
    }

    @Test func bodyCutShortUnderAFullContentLengthIsATransportError() async throws {
        let error = try await currentWeather(city: "mock-truncated-body")
        guard case .transport(let kind, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(kind == .connectionLost)
    }

    @Test func bodyCutShortWithoutContentLengthIsADecodingErrorOfTruncatedJSON() async throws {
        let error = try await currentWeather(city: "mock-truncated-unframed")
        guard case .decoding(let path, _, let found)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "(top level)")
        #expect(found.contains("truncated JSON"), "\(found)")
    }

    @Test func truncatedJSONBodyIsADecodingError() async throws {
        let error = try await currentWeather(city: "mock-truncated-json")
        guard case .decoding(let path, _, let found)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "(top level)")
        #expect(found.contains("truncated JSON"), "\(found)")
    }
}
