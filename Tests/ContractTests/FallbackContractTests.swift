import Foundation
import TestSupport
import Testing
import WeatherClient

/// WeatherService's fallback chain (docs/ARCHITECTURE.md#the-client-library) against the real server: what an app
/// shows when location is denied, when the server fails for a while, and when it goes away.
@Suite struct FallbackContractTests {
    static let seoul = Coordinate(latitude: 37.5683, longitude: 126.9778)

    /// A service as an app in Seoul has it: the device at Seoul (or `location`), the server at `baseURL`,
    /// waits recorded on `clock` instead of slept.
    private func service(
        at baseURL: URL,
        clock: RecordingClock,
        location: FixedLocation = .at(seoul),
        timeout: Duration = .seconds(10)
    ) -> WeatherService {
        WeatherService(
            client: OpenWeatherClient(apiKey: "", baseURL: baseURL, timeout: timeout),
            locationSource: location,
            clock: clock,
            retryPolicy: deterministicRetry,
            configuration: contractServiceConfiguration
        )
    }

    @Test func deniedLocationGetsTheDefaultLocationsWeatherShownAsSeoul() async throws {
        let campus = try #require(
            ContractCase.bundled.first { $0.cassette.hasSuffix("near/sesac-campus") }
        )
        let expected = try #require(campus.steps.first)

        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let result = try await service(at: try server.baseURL, clock: RecordingClock(), location: .denied)
                .currentWeather()

            #expect(result.origin == .defaultLocation(.denied))
            #expect(result.location.coordinate == DefaultLocation.sesacCampus.coordinate)
            #expect(WeatherDisplay(result).placeName == "Seoul")
            let outcome = ClientCall.Outcome.decoded(
                name: result.value.name,
                celsius: result.value.main.temperature.celsius,
                celsiusField: "main.temp"
            )
            #expect(differences(between: outcome, and: expected) == [], "\(campus.label)")
        }
    }

    /// The seed app's flow against the real server: location denied → the campus → its district from
    /// Kakao Local ("서울 문래동3가") above the campus's weather.
    @Test func deniedLocationIsNamedAfterTheCampusDistrictByKakao() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let kakao = KakaoLocalClient(
                apiKey: "c0de0000c0de0000c0de0000c0de0000", baseURL: try server.baseURL, environment: [:])
            let result = try await WeatherService(
                client: OpenWeatherClient(apiKey: "", baseURL: try server.baseURL),
                locationSource: FixedLocation.denied,
                clock: RecordingClock(), retryPolicy: deterministicRetry, configuration: contractServiceConfiguration,
                placeNamer: kakao
            ).currentWeather()

            #expect(result.origin == .defaultLocation(.denied))
            #expect(result.placeNaming?.name == PlaceName(full: "서울 문래동3가", short: "문래동3가", english: "Seoul"))
            #expect(WeatherDisplay(result).placeName == "서울 문래동3가")
            // The weather is the campus's own (OpenWeatherMap names the point Yeongdeungpo-gu).
            #expect(result.value.name == "Yeongdeungpo-gu")
        }
    }

    /// Kakao refusing the request (no key: the 401 of the missing header) hides nothing: the weather is
    /// shown under the weather's own name, and the refusal, with the server's message, is in the result.
    @Test func kakaoRefusingTheKeyStillShowsTheWeatherAndSurfacesTheRefusal() async throws {
        try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let kakao = KakaoLocalClient(apiKey: "", baseURL: try server.baseURL, environment: [:])
            let result = try await WeatherService(
                client: OpenWeatherClient(apiKey: "", baseURL: try server.baseURL),
                locationSource: FixedLocation.at(Self.seoul),
                clock: RecordingClock(), retryPolicy: deterministicRetry, configuration: contractServiceConfiguration,
                placeNamer: kakao
            ).currentWeather()

            #expect(result.value.name == "Seoul")
            let failure = try #require(result.placeNaming?.failure)
            #expect(failure.httpStatus == 401)
            #expect(failure.errorType == "AccessDeniedError")
            #expect(failure.serverMessage == "cannot find Authorization : KakaoAK header")
            #expect(WeatherDisplay(result).placeName == "Seoul")
        }
    }

    @Test func serviceUnavailableThenOKSucceedsOnTheSecondAttempt() async throws {
        let directory = try TemporaryDirectory()
        let seoul = try CassetteFixtures.bundledBody("openweathermap/current/seoul.json")
        try directory.write(
            "flaky.json",
            CassetteFixtures.sequenceNearSeoul([
                #"{"status": 503, "json": {"cod": "503", "message": "Service temporarily unavailable"}}"#,
                #"{"status": 200, "json": \#(seoul), "units": "standard"}"#,
            ])
        )
        let clock = RecordingClock()

        let result = try await withMock(.replay(directory.url), mode: .binary) { server in
            try await service(at: try server.baseURL, clock: clock).currentWeather()
        }

        #expect(result.attempts == 2)
        #expect(result.origin == .live)
        #expect(result.value.name == "Seoul")
        #expect(clock.sleeps == [.milliseconds(500)], "one backoff wait of the policy's base delay")
    }

    @Test func rateLimitedWithRetryAfterWaitsAsLongAsTheServerAsks() async throws {
        let directory = try TemporaryDirectory()
        let seoul = try CassetteFixtures.bundledBody("openweathermap/current/seoul.json")
        let limited = try CassetteFixtures.bundledBody("openweathermap/errors/rate-limited.json")
        try directory.write(
            "limited.json",
            CassetteFixtures.sequenceNearSeoul([
                #"{"status": 429, "headers": {"Retry-After": "7"}, "json": \#(limited)}"#,
                #"{"status": 200, "json": \#(seoul), "units": "standard"}"#,
            ])
        )
        let clock = RecordingClock()

        let result = try await withMock(.replay(directory.url), mode: .binary) { server in
            try await service(at: try server.baseURL, clock: clock).currentWeather()
        }

        #expect(result.attempts == 2)
        #expect(clock.sleeps == [.seconds(7)], "Retry-After: 7 outweighs the 0.5 s backoff")
    }

    @Test func serverGoneAfterASuccessGivesTheLastWeatherMarkedStaleWithItsAge() async throws {
        let clock = RecordingClock()
        let (live, stale) = try await withMock(.replay(PackageLayout.bundledCassettes), mode: .binary) { server in
            let service = service(at: try server.baseURL, clock: clock, timeout: .seconds(5))
            let live = try await service.currentWeather()
            await server.stop()
            clock.advance(by: .seconds(90))

            return (live, try await service.currentWeather())
        }

        #expect(live.origin == .live)
        #expect(stale.value == live.value)
        #expect(stale.attempts == 3)
        guard case .stale(let age, let lastError) = stale.freshness else {
            Issue.record("expected stale weather, got \(stale.freshness)")
            return
        }
        #expect(age == .seconds(90) + .milliseconds(500) + .seconds(1), "90 s idle plus the two backoff waits")
        #expect(expectationKind(of: lastError) == "transport", "\(lastError)")
    }

    @Test func decodingErrorSurfacesAndTheLastGoodWeatherIsKept() async throws {
        let directory = try TemporaryDirectory()
        let seoul = try CassetteFixtures.bundledBody("openweathermap/current/seoul.json")
        let broken = try CassetteFixtures.replacing(path: ["main", "temp"], with: "warm", in: seoul)
        try directory.write(
            "good-broken-down.json",
            CassetteFixtures.sequenceNearSeoul([
                #"{"status": 200, "json": \#(seoul), "units": "standard"}"#,
                #"{"status": 200, "json": \#(broken), "units": "standard"}"#,
                #"{"status": 503, "json": {"cod": "503", "message": "Service temporarily unavailable"}}"#,
            ])
        )

        try await withMock(.replay(directory.url), mode: .binary) { server in
            let service = service(at: try server.baseURL, clock: RecordingClock())
            let good = try await service.currentWeather()

            let error = await #expect(throws: WeatherError.self) { try await service.currentWeather() }
            guard case .decoding(let path, _, _)? = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(path == "main.temp")

            let afterwards = try await service.currentWeather()
            #expect(afterwards.isStale)
            #expect(afterwards.value == good.value)
        }
    }
}
