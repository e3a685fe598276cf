import Foundation
import Locking
import Testing
import WeatherClient

/// Builds a service over scripted parts. Retry tests use a denied location source so no fix
/// timer runs, and an auto-advancing clock that records each backoff wait.
private struct Harness {
    let transport: InMemoryTransport
    let source: ScriptedLocationSource
    let clock: ManualClock
    let service: WeatherService

    init(
        _ replies: [InMemoryTransport.Reply],
        source: ScriptedLocationSource = ScriptedLocationSource(.denied),
        autoAdvance: Bool = true,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(500), jitter: 0),
        configuration: WeatherService.Configuration = .init()
    ) {
        transport = InMemoryTransport(replies)
        self.source = source
        clock = ManualClock(autoAdvance: autoAdvance)
        service = WeatherService(
            client: .testing(transport),
            locationSource: source,
            clock: clock,
            retryPolicy: retry,
            configuration: configuration
        )
    }

    /// The coordinate of the n-th request.
    func requestedCoordinate(_ index: Int = 0) -> Coordinate? {
        let request = transport.requests[index]
        guard let lat = request.queryValue("lat").flatMap(Double.init),
            let lon = request.queryValue("lon").flatMap(Double.init)
        else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }
}

private let sesac = Coordinate(latitude: 37.517829, longitude: 126.886270)
private let daegu = Coordinate(latitude: 35.8714354, longitude: 128.6014)
private let yeongdeungpo = Fixtures.seoul.replacingOccurrences(of: #""name":"Seoul""#, with: #""name":"Yeongdeungpo""#)
private let timeout = InMemoryTransport.Reply.fail(.timeout, "no answer")
private let timeoutError = WeatherError.transport(kind: .timeout, message: "no answer")

/// WeatherService: where the weather is for.
@Suite struct WeatherServiceLocationTests {
    /// An authorised fix gets live weather at the fix.
    @Test func authorizedFixGivesLiveWeather() async throws {
        let fix = LocationFix(coordinate: daegu, horizontalAccuracy: 10)
        let harness = Harness(
            [.json(Fixtures.seoul)], source: ScriptedLocationSource(.authorized, fixes: [fix]), autoAdvance: false)

        let result = try await harness.service.currentWeather()

        #expect(result.origin == .live)
        #expect(result.location == ResolvedLocation(coordinate: daegu, displayName: nil, source: .device(fix)))
        #expect(result.attempts == 1)
        #expect(harness.requestedCoordinate() == daegu)
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// Denied or restricted location uses the SeSAC campus shown as Seoul, without asking for a fix.
    @Test(arguments: [(LocationAuthorization.denied, DefaultLocationReason.denied), (.restricted, .restricted)])
    func deniedOrRestrictedUsesDefaultLocation(authorization: LocationAuthorization, reason: DefaultLocationReason)
        async throws
    {
        let source = ScriptedLocationSource(authorization, fixes: [LocationFix(coordinate: daegu)])
        let harness = Harness([.json(yeongdeungpo)], source: source)

        let result = try await harness.service.currentWeather()

        #expect(result.origin == .defaultLocation(reason))
        #expect(result.location.coordinate == sesac)
        #expect(result.location.displayName == "Seoul")
        #expect(harness.requestedCoordinate() == sesac)
        #expect(source.fixRequests == 0)
        #expect(result.value.name == "Yeongdeungpo")
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// No fix within the timeout uses the default location when the clock passes the timeout.
    @Test func noFixInTimeUsesDefaultLocation() async throws {
        let harness = Harness(
            [.json(yeongdeungpo)],
            source: ScriptedLocationSource(.authorized, whenExhausted: .waitForever),
            autoAdvance: false,
            configuration: .init(fixTimeout: .seconds(10))
        )
        let service = harness.service
        let pending = Task { try await service.currentWeather() }

        await harness.clock.waitForSleepers(1)
        #expect(harness.transport.requestCount == 0)
        harness.clock.advance(by: .seconds(10))
        let result = try await pending.value

        #expect(result.origin == .defaultLocation(.noFixWithinTimeout))
        #expect(harness.clock.sleeps == [.seconds(10)])
        #expect(harness.requestedCoordinate() == sesac)
    }

    /// Not yet determined: a fix that arrives is used; none in time falls back.
    @Test func notDeterminedWaitsForAFix() async throws {
        let fix = LocationFix(coordinate: daegu)
        let withFix = Harness(
            [.json(Fixtures.seoul)], source: ScriptedLocationSource(.notDetermined, fixes: [fix]), autoAdvance: false)
        #expect(try await withFix.service.currentWeather().origin == .live)

        let without = Harness(
            [.json(Fixtures.seoul)], source: ScriptedLocationSource(.notDetermined), autoAdvance: false)
        let service = without.service
        let pending = Task { try await service.currentWeather() }
        await without.clock.waitForSleepers(1)
        without.clock.advance(by: .seconds(10))
        #expect(try await pending.value.origin == .defaultLocation(.noFixWithinTimeout))
    }

    /// A source that ends or fails falls back at once, saying why.
    @Test func endedOrFailingSourceFallsBack() async throws {
        let ended = Harness(
            [.json(Fixtures.seoul)], source: ScriptedLocationSource(.authorized, whenExhausted: .end),
            autoAdvance: false)
        #expect(try await ended.service.currentWeather().origin == .defaultLocation(.sourceEnded))

        let failing = Harness(
            [.json(Fixtures.seoul)],
            source: ScriptedLocationSource(.authorized, whenExhausted: .fail("GPS off")),
            autoAdvance: false
        )
        #expect(try await failing.service.currentWeather().origin == .defaultLocation(.sourceFailed("GPS off")))
    }

    /// Invalid fixes (negative accuracy, out of range) are skipped for the next valid one.
    @Test func invalidFixesAreSkipped() async throws {
        let fixes = [
            LocationFix(coordinate: sesac, horizontalAccuracy: -1),
            LocationFix(coordinate: Coordinate(latitude: 200, longitude: 0)),
            LocationFix(coordinate: daegu, horizontalAccuracy: 30),
        ]
        let source = ScriptedLocationSource(.authorized, fixes: fixes)
        let harness = Harness([.json(Fixtures.seoul)], source: source, autoAdvance: false)

        let result = try await harness.service.currentWeather()

        #expect(result.location.coordinate == daegu)
        #expect(source.fixRequests == 3)
    }

    /// A source that ignores cancellation cannot hold the service past its timeout.
    @Test func unresponsiveSourceCannotHoldTheService() async throws {
        let source = StubbornSource()
        let transport = InMemoryTransport(.json(Fixtures.seoul))
        let clock = ManualClock(autoAdvance: false)
        let service = WeatherService(client: .testing(transport), locationSource: source, clock: clock)
        let pending = Task { try await service.currentWeather() }

        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        let result = try await pending.value
        source.release()

        #expect(result.origin == .defaultLocation(.noFixWithinTimeout))
    }

    /// Each request asks for a new fix, so a moving device gets weather where it is now.
    @Test func eachRequestUsesTheNextFix() async throws {
        let fixes = [LocationFix(coordinate: sesac), LocationFix(coordinate: daegu)]
        let harness = Harness(
            [.json(Fixtures.seoul)], source: ScriptedLocationSource(.authorized, fixes: fixes), autoAdvance: false)

        _ = try await harness.service.currentWeather()
        _ = try await harness.service.currentWeather()

        #expect(harness.requestedCoordinate(0) == sesac)
        #expect(harness.requestedCoordinate(1) == daegu)
    }

    /// Cancelling while waiting for a fix throws cancelled.
    @Test func cancellingWhileWaitingForAFixThrowsCancelled() async throws {
        let harness = Harness([.json(Fixtures.seoul)], source: ScriptedLocationSource(.authorized), autoAdvance: false)
        let service = harness.service
        let pending = Task { try await service.currentWeather() }

        await harness.clock.waitForSleepers(1)
        pending.cancel()

        await #expect(throws: WeatherError.cancelled) { try await pending.value }
        #expect(harness.transport.requestCount == 0)
    }
}

/// WeatherService: retry, stale fallback and surfaced errors.
@Suite struct WeatherServiceRetryTests {
    /// Transport failures and 5xx are retried with doubling delays until one succeeds.
    @Test func transportFailuresAnd5xxAreRetriedUntilOneSucceeds() async throws {
        let harness = Harness([timeout, .json(Fixtures.internalErrorBody, status: 503), .json(Fixtures.seoul)])

        let result = try await harness.service.currentWeather()

        #expect(result.attempts == 3)
        #expect(result.origin == .defaultLocation(.denied))
        #expect(harness.transport.requestCount == 3)
        #expect(harness.clock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    /// Backoff delays follow the injected random source for jitter.
    @Test func backoffFollowsTheInjectedRandomSource() async throws {
        let randoms = Locked([0.0, 1.0])
        let policy = RetryPolicy(
            maxAttempts: 3,
            baseDelay: .seconds(1),
            jitter: 0.5,
            random: { randoms.withLock { $0.removeFirst() } }
        )
        let harness = Harness([timeout, timeout, .json(Fixtures.seoul)], retry: policy)

        _ = try await harness.service.currentWeather()

        #expect(harness.clock.sleeps == [.milliseconds(500), .seconds(3)])
    }

    /// 429 waits at least as long as Retry-After says.
    @Test func rateLimitedWaitsAtLeastRetryAfter() async throws {
        let limited = InMemoryTransport.Reply.json(Fixtures.rateLimitedBody, status: 429, headers: ["Retry-After": "5"])
        let harness = Harness([limited, .json(Fixtures.seoul)])

        let result = try await harness.service.currentWeather()

        #expect(result.attempts == 2)
        #expect(harness.clock.sleeps == [.seconds(5)])
    }

    /// When retries run out with nothing cached, the last error is thrown after maxAttempts requests.
    @Test func exhaustedRetriesWithoutCacheThrow() async {
        let harness = Harness([timeout])

        await #expect(throws: timeoutError) { try await harness.service.currentWeather() }

        #expect(harness.transport.requestCount == 3)
        #expect(harness.clock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    /// When retries run out, the last good weather comes back stale with its age and the error.
    @Test func exhaustedRetriesReturnStaleWeather() async throws {
        let harness = Harness([.json(Fixtures.seoul), timeout])
        let fresh = try await harness.service.currentWeather()
        harness.clock.advance(by: .seconds(600))

        let result = try await harness.service.currentWeather()

        #expect(result.value == fresh.value)
        #expect(result.isStale)
        #expect(result.origin == .stale(age: .milliseconds(601_500), lastError: timeoutError))
        #expect(result.attempts == 3)
        #expect(result.location.isDefault)
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// A Retry-After beyond the cap falls back to stale weather at once.
    @Test func retryAfterBeyondCapFallsBackAtOnce() async throws {
        let blocked = InMemoryTransport.Reply.json(
            Fixtures.rateLimitedBody, status: 429, headers: ["Retry-After": "3600"])
        let harness = Harness([.json(Fixtures.seoul), blocked])
        _ = try await harness.service.currentWeather()

        let result = try await harness.service.currentWeather()

        #expect(result.attempts == 1)
        #expect(
            result.origin
                == .stale(
                    age: .zero,
                    lastError: .rateLimited(retryAfter: .seconds(3600), message: Fixtures.rateLimitedMessage)))
        #expect(harness.clock.sleeps.isEmpty)
    }

    /// 401, 404, 400, decoding errors and 501 surface at once even with weather cached.
    @Test(arguments: [
        InMemoryTransport.Reply.json(Fixtures.unauthorizedBody, status: 401),
        .json(Fixtures.notFoundBody, status: 404),
        .json(Fixtures.wrongLatitudeBody, status: 400),
        .json(#"{"coord":{}}"#),
        .json(#"{"cod":"501","message":"mockweather: no cassette matches"}"#, status: 501),
    ])
    func permanentErrorsSurfaceAtOnceEvenWithWeatherCached(reply: InMemoryTransport.Reply) async throws {
        let harness = Harness([.json(Fixtures.seoul), reply])
        _ = try await harness.service.currentWeather()

        let error = await #expect(throws: WeatherError.self) { try await harness.service.currentWeather() }

        #expect(error?.isRetryable == false)
        #expect(harness.transport.requestCount == 2)
        #expect(harness.clock.sleeps.isEmpty)
    }

    /// Weather cached for another place is not passed off as stale weather here.
    @Test func staleWeatherMustBeNearby() async throws {
        let harness = Harness([.json(Fixtures.seoul), timeout])
        _ = try await harness.service.currentWeather()
        let inDaegu = ResolvedLocation(
            coordinate: daegu, displayName: nil, source: .device(LocationFix(coordinate: daegu)))

        await #expect(throws: timeoutError) { try await harness.service.currentWeather(at: inDaegu) }
    }

    /// A fix a few kilometres from the cached one still gets the stale weather.
    @Test func fixAFewKilometresAwayStillGetsStaleWeather() async throws {
        let harness = Harness([.json(Fixtures.seoul), timeout])
        _ = try await harness.service.currentWeather()
        let nearby = Coordinate(latitude: 37.55, longitude: 126.92)  // about 4.6 km from the campus
        let location = ResolvedLocation(
            coordinate: nearby, displayName: nil, source: .device(LocationFix(coordinate: nearby)))

        let result = try await harness.service.currentWeather(at: location)

        #expect(result.isStale)
    }

    /// Weather older than maxStaleAge is not used.
    @Test func weatherOlderThanMaxStaleAgeIsNotUsed() async throws {
        let harness = Harness([.json(Fixtures.seoul), timeout], configuration: .init(maxStaleAge: .seconds(3600)))
        _ = try await harness.service.currentWeather()
        harness.clock.advance(by: .seconds(3600))

        await #expect(throws: timeoutError) { try await harness.service.currentWeather() }
    }

    /// clearCache forgets the last good weather.
    @Test func clearCacheForgetsTheLastGoodWeather() async throws {
        let harness = Harness([.json(Fixtures.seoul), timeout])
        _ = try await harness.service.currentWeather()
        await harness.service.clearCache()

        await #expect(throws: timeoutError) { try await harness.service.currentWeather() }
    }

    /// Forecasts retry and fall back to a stale forecast the same way.
    @Test func forecastFallsBackToStale() async throws {
        let harness = Harness([.json(Fixtures.forecast), timeout])
        let fresh = try await harness.service.forecast(count: 2)
        harness.clock.advance(by: .seconds(60))

        let result = try await harness.service.forecast(count: 2)

        #expect(result.value == fresh.value)
        #expect(result.origin == .stale(age: .milliseconds(61_500), lastError: timeoutError))
        #expect(harness.transport.requests.last?.queryValue("cnt") == "2")
    }

    /// Cancelling during a backoff wait throws cancelled without another attempt.
    @Test func cancellingDuringBackoffThrowsCancelledWithoutAnotherAttempt() async throws {
        let harness = Harness([timeout], autoAdvance: false)
        let service = harness.service
        let pending = Task { try await service.currentWeather() }

        await harness.clock.waitForSleepers(1)
        pending.cancel()

        await #expect(throws: WeatherError.cancelled) { try await pending.value }
        #expect(harness.transport.requestCount == 1)
    }

    /// A live result after a stale one refreshes the cache and its age.
    @Test func liveResultRefreshesCache() async throws {
        let harness = Harness([.json(Fixtures.seoul), .json(Fixtures.zocca), timeout])
        _ = try await harness.service.currentWeather()
        harness.clock.advance(by: .seconds(100))
        let second = try await harness.service.currentWeather()
        harness.clock.advance(by: .seconds(10))

        let result = try await harness.service.currentWeather()

        #expect(result.value == second.value)
        #expect(result.origin == .stale(age: .milliseconds(11_500), lastError: timeoutError))
    }
}

/// A location source that never answers and ignores cancellation until the test releases it.
private final class StubbornSource: LocationSource {
    private let waiting = Locked<[CheckedContinuation<LocationFix?, Never>]>([])

    var authorization: LocationAuthorization {
        get async { .authorized }
    }

    func nextFix() async throws -> LocationFix? {
        await withCheckedContinuation { continuation in
            waiting.withLock { $0.append(continuation) }
        }
    }

    func release() {
        let continuations = waiting.withLock { list in
            defer { list.removeAll() }
            return list
        }
        continuations.forEach { $0.resume(returning: nil) }
    }
}
