import Foundation
import LocationPlayback
import LocationSimulator
import Locking
import Testing
import WeatherClient

/// An in-memory OpenWeatherMap: answers a coordinate request with the nearest of a few cities within 25 km,
/// and 501 (like mockweather's unmatched answer) elsewhere; `failures` queues statuses to answer first.
final class CityWeatherTransport: HTTPTransport {
    struct City {
        var name: String
        var point: GeoPoint
        var celsius: Double
    }

    let cities = [
        City(name: "Seoul", point: GeoPoint(latitude: 37.5683, longitude: 126.9778), celsius: -2.3),
        City(name: "Suwon", point: TestTraces.suwon, celsius: -1.2),
        City(name: "Cheonan", point: TestTraces.cheonan, celsius: 0.4),
    ]
    private let state = Locked<(requests: [GeoPoint], failures: [Int])>(([], []))

    var requests: [GeoPoint] {
        state.withLock { $0.requests }
    }

    func failNext(with statuses: [Int]) {
        state.withLock { $0.failures += statuses }
    }

    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        let point = GeoPoint(
            latitude: Double(request.queryValue("lat") ?? "") ?? .nan,
            longitude: Double(request.queryValue("lon") ?? "") ?? .nan)
        let failure = state.withLock { state -> Int? in
            state.requests.append(point)
            return state.failures.isEmpty ? nil : state.failures.removeFirst()
        }
        if let failure {
            return TransportResponse(status: failure, body: Data(#"{"cod":"\#(failure)","message":"try later"}"#.utf8))
        }
        guard let city = cities.min(by: { $0.point.distance(to: point) < $1.point.distance(to: point) }),
            city.point.distance(to: point) < 25_000
        else {
            return TransportResponse(status: 501, body: Data(#"{"cod":"501","message":"no cassette matches"}"#.utf8))
        }
        let body = """
            {"coord":{"lon":\(city.point.longitude),"lat":\(city.point.latitude)},"weather":[{"id":804,"main":"Clouds",
            "description":"overcast clouds","icon":"04d"}],"main":{"temp":\(city.celsius),"feels_like":\(city.celsius),
            "temp_min":\(city.celsius),"temp_max":\(city.celsius),"pressure":1031,"humidity":18},"wind":{"speed":2.46,
            "deg":318},"clouds":{"all":89},"dt":1670206443,"sys":{"country":"KR","sunrise":1670193092,
            "sunset":1670228029},"timezone":32400,"id":1835848,"name":"\(city.name)","cod":200}
            """
        return TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

/// A weather clock for the service: backoff waits (under a second here) pass at once, while the fix timeout
/// (10 s) never fires and only ends when the service cancels it, so a test never races a timer.
final class InstantWeatherClock: WeatherClock {
    private let elapsed = Locked(Duration.zero)

    var now: Duration {
        elapsed.withLock { $0 }
    }

    func sleep(for duration: Duration) async throws {
        if duration >= .seconds(1) {
            try await Task.sleep(for: .seconds(86_400))
        }
        try Task.checkCancellation()
        elapsed.withLock { $0 += max(.zero, duration) }
    }
}

@Suite struct WeatherDriverTests {
    let transport = CityWeatherTransport()
    let start = Date(timeIntervalSince1970: 1_795_910_400)

    func driver() -> WeatherDriver {
        let client = OpenWeatherClient(apiKey: "", baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
        let retries = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .milliseconds(400))
        return WeatherDriver(client: client, clock: InstantWeatherClock(), retryPolicy: retries)
    }

    func fix(
        at point: GeoPoint, time: Double = 0,
        authorization: LocationSimulator.LocationAuthorization = .authorizedWhenInUse
    )
        -> LocationSimulator.LocationFix
    {
        LocationSimulator.LocationFix(
            time: time, coordinate: point, horizontalAccuracy: 8, speed: 27.8, course: 170, authorization: authorization
        )
    }

    @Test func aFixGetsTheWeatherOfItsNearestPlace() async throws {
        let driver = driver()

        let report = try await driver.report(
            for: fix(at: TestTraces.suwon, time: 1_925), at: start.addingTimeInterval(1_925))

        #expect(report.placeName == "Suwon")
        #expect(report.originText == "live")
        #expect(report.line.hasPrefix("2026-11-29T00:32:05Z  +0:32:05   37.28310,127.03783   Suwon "))
        #expect(report.line.contains("-1.2°C"))
        #expect(report.line.hasSuffix("live"))
        #expect(transport.requests == [TestTraces.suwon])
    }

    @Test func aDeniedStretchSwitchesToTheDefaultLocationAndBack() async throws {
        let driver = driver()

        let before = try await driver.report(for: fix(at: TestTraces.cheonan), at: start)
        let denied = try await driver.report(for: fix(at: TestTraces.cheonan, authorization: .denied), at: start)
        let after = try await driver.report(for: fix(at: TestTraces.cheonan), at: start)

        #expect(before.placeName == "Cheonan" && before.originText == "live")
        #expect(denied.placeName == "Seoul")
        #expect(denied.originText == "default location (location access denied)")
        #expect(after.placeName == "Cheonan" && after.originText == "live")
        let sesac = GeoPoint(latitude: 37.517829, longitude: 126.886270)
        #expect(transport.requests == [TestTraces.cheonan, sesac, TestTraces.cheonan])
    }

    @Test func retriesThatRunOutFallBackToTheLastGoodWeatherMarkedStale() async throws {
        let driver = driver()
        _ = try await driver.report(for: fix(at: TestTraces.suwon), at: start)
        transport.failNext(with: [503, 503, 503])

        let report = try await driver.report(for: fix(at: TestTraces.suwon, time: 60), at: start)

        #expect(report.placeName == "Suwon")
        #expect(report.originText.hasPrefix("stale ("))
        #expect(report.originText.contains("server error (HTTP 503)"))
        #expect(transport.requests.count == 4)
    }

    @Test func anErrorTheServiceSurfacesBecomesALineAndPlaybackGoesOn() async throws {
        let driver = driver()
        let nowhere = GeoPoint(latitude: 36.5, longitude: 127.9)

        let report = try await driver.report(for: fix(at: nowhere), at: start)
        let next = try await driver.report(for: fix(at: TestTraces.suwon), at: start)

        #expect(report.placeName == nil)
        #expect(report.originText == "error: server error (HTTP 501): no cassette matches")
        #expect(report.line.hasSuffix("error: server error (HTTP 501): no cassette matches"))
        #expect(next.placeName == "Suwon")
    }

    @Test func eachPlaceIsLabelledOnceOnTheMapAtItsOwnCoordinate() async throws {
        let driver = driver()

        for point in [TestTraces.seoulCityHall, TestTraces.seoulCityHall, TestTraces.suwon] {
            _ = try await driver.report(for: fix(at: point), at: start)
        }
        _ = try await driver.report(for: fix(at: TestTraces.cheonan, authorization: .denied), at: start)

        #expect(driver.mapLabels.map(\.detail) == ["Seoul · Clouds", "Suwon · Clouds"])
        #expect(driver.mapLabels.map(\.title) == ["-2.3°C", "-1.2°C"])
        #expect(driver.mapLabels.first?.point == GeoPoint(latitude: 37.5683, longitude: 126.9778))
    }
}

@Suite struct TraceLocationSourceTests {
    let fix = LocationSimulator.LocationFix(
        time: 0, coordinate: TestTraces.suwon, horizontalAccuracy: 5, speed: 0, course: -1,
        authorization: .authorizedWhenInUse)

    @Test func aDeliveredFixIsHandedOutOnceThenTheCallerWaitsForTheNext() async throws {
        let source = TraceLocationSource()
        source.deliver(fix, at: Date(timeIntervalSince1970: 0))

        let first = try await source.nextFix()
        let waiting = Task { try await source.nextFix() }
        var moved = fix
        moved.coordinate = TestTraces.cheonan
        // Deliver until the waiting call has taken a fix: each delivery either wakes it or is the fix it
        // will find, so this ends as soon as the waiter exists, without sleeping.
        source.deliver(moved, at: Date(timeIntervalSince1970: 1))
        let second = try await waiting.value

        #expect(first?.coordinate == Coordinate(latitude: 37.28310, longitude: 127.03783))
        #expect(second?.coordinate == Coordinate(latitude: 36.80413, longitude: 127.15247))
        #expect(second?.timestamp == Date(timeIntervalSince1970: 1))
        #expect(await source.authorization == .authorized)
    }

    @Test func finishingEndsWaitingAndLaterCalls() async throws {
        let source = TraceLocationSource()
        let waiting = Task { try await source.nextFix() }

        source.finish()

        #expect(try await waiting.value == nil)
        #expect(try await source.nextFix() == nil)
    }

    @Test func cancellingAWaitingCallThrows() async {
        let source = TraceLocationSource()
        let waiting = Task { try await source.nextFix() }

        waiting.cancel()

        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test(arguments: [
        (LocationSimulator.LocationAuthorization.authorizedAlways, WeatherClient.LocationAuthorization.authorized),
        (.authorizedWhenInUse, .authorized), (.denied, .denied), (.restricted, .restricted),
        (.notDetermined, .notDetermined),
    ])
    func permissionsMapToTheClientsStates(
        simulated: LocationSimulator.LocationAuthorization, expected: WeatherClient.LocationAuthorization
    ) async {
        let source = TraceLocationSource()
        var fix = self.fix
        fix.authorization = simulated

        source.deliver(fix, at: Date())

        #expect(await source.authorization == expected)
    }
}
