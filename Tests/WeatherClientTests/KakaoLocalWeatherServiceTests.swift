import Foundation
import Testing
import WeatherClient

/// A service over scripted weather and Kakao answers; the clock auto-advances unless told otherwise.
private struct NamingHarness {
    let weather: InMemoryTransport
    let kakao: InMemoryTransport
    let clock: ManualClock
    let service: WeatherService

    init(
        weather: [InMemoryTransport.Reply] = [.json(Fixtures.seoul)],
        kakao: [InMemoryTransport.Reply],
        source: ScriptedLocationSource = ScriptedLocationSource(.denied),
        autoAdvance: Bool = true
    ) {
        self.weather = InMemoryTransport(weather)
        self.kakao = InMemoryTransport(kakao)
        clock = ManualClock(autoAdvance: autoAdvance)
        service = WeatherService(
            client: .testing(self.weather),
            locationSource: source,
            clock: clock,
            retryPolicy: .never,
            placeNamer: KakaoLocalClient.testing(self.kakao)
        )
    }

    /// The coordinate of the n-th Kakao request, read back from x (longitude) and y (latitude).
    func namedCoordinate(_ index: Int = 0) -> Coordinate? {
        let request = kakao.requests[index]
        guard let x = request.queryValue("x").flatMap(Double.init), let y = request.queryValue("y").flatMap(Double.init)
        else { return nil }
        return Coordinate(latitude: y, longitude: x)
    }
}

private let sesac = Coordinate(latitude: 37.517829, longitude: 126.886270)
private let knu = Coordinate(latitude: 35.8890974884948, longitude: 128.614322336303)
private let campusName = PlaceName(full: "서울 문래동3가", short: "문래동3가", english: "Seoul")
private let unauthorized = KakaoLocalError.unauthorized(
    .init(status: 401, errorType: "AccessDeniedError", message: "cannot find Authorization : KakaoAK header"))

/// WeatherService with a place namer: which name each result shows.
@Suite struct WeatherServicePlaceNamingTests {
    /// Denied location: the weather is the campus's and the name is the campus's district.
    @Test func deniedLocationIsNamedAfterTheCampusDistrict() async throws {
        let harness = NamingHarness(kakao: [.json(KakaoFixtures.sesacCampus)])

        let result = try await harness.service.currentWeather()

        #expect(result.origin == .defaultLocation(.denied))
        #expect(harness.namedCoordinate() == sesac)
        #expect(result.placeNaming == .named(campusName))
        #expect(result.displayName == "서울 문래동3가")
        #expect(WeatherDisplay(result).placeName == "서울 문래동3가")
    }

    /// A live fix is named after its own district.
    @Test func liveFixIsNamedAfterItsDistrict() async throws {
        let source = ScriptedLocationSource(.authorized, fixes: [LocationFix(coordinate: knu)])
        let harness = NamingHarness(kakao: [.json(KakaoFixtures.daegu)], source: source, autoAdvance: false)

        let result = try await harness.service.currentWeather()

        #expect(result.origin == .live)
        #expect(harness.namedCoordinate() == knu)
        #expect(result.placeNaming == .named(PlaceName(full: "대구 산격동", short: "산격동", english: "Daegu")))
        #expect(WeatherDisplay(result).placeName == "대구 산격동")
    }

    /// A Kakao 401 does not hide the weather: it is shown, and the refusal is in the result.
    @Test func kakaoUnauthorizedStillShowsTheWeatherAndSurfacesTheFailure() async throws {
        let harness = NamingHarness(kakao: [.json(KakaoFixtures.missingHeaderBody, status: 401)])

        let result = try await harness.service.currentWeather()

        #expect(result.value == (try Fixtures.currentWeather(Fixtures.seoul)))
        #expect(result.placeNaming == .failed(unauthorized))
        #expect(result.placeNaming?.failure?.httpStatus == 401)
        #expect(result.displayName == "Seoul")
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// Kakao failing after a success gives the last known name, its age and the failure.
    @Test func kakaoFailureAfterASuccessKeepsTheLastKnownNameMarkedAsSuch() async throws {
        let harness = NamingHarness(kakao: [.json(KakaoFixtures.sesacCampus), .fail(.timeout, "no answer")])
        _ = try await harness.service.currentWeather()
        harness.clock.advance(by: .seconds(60))

        let result = try await harness.service.currentWeather()

        #expect(
            result.placeNaming
                == .lastKnown(campusName, age: .seconds(60), failure: .transport(kind: .timeout, message: "no answer")))
        #expect(result.origin == .defaultLocation(.denied))
        #expect(WeatherDisplay(result).placeName == "서울 문래동3가")
    }

    /// A name known only for another city is not shown for this one.
    @Test func lastKnownNameMustBeNearby() async throws {
        let source = ScriptedLocationSource(
            .authorized, fixes: [LocationFix(coordinate: sesac), LocationFix(coordinate: knu)])
        let harness = NamingHarness(
            kakao: [.json(KakaoFixtures.sesacCampus), .json(KakaoFixtures.missingHeaderBody, status: 401)],
            source: source, autoAdvance: false)
        _ = try await harness.service.currentWeather()

        let inDaegu = try await harness.service.currentWeather()

        #expect(inDaegu.placeNaming == .failed(unauthorized))
        #expect(WeatherDisplay(inDaegu).placeName == "Seoul")  // the weather's own name, not 문래동3가
    }

    /// A point with no address is no place: the weather's own name is shown.
    @Test func pointWithNoAddressShowsTheWeathersOwnName() async throws {
        let sea = Coordinate(latitude: 35.5, longitude: 124.5)
        let source = ScriptedLocationSource(.authorized, fixes: [LocationFix(coordinate: sea)])
        let harness = NamingHarness(kakao: [.json(KakaoFixtures.sea)], source: source, autoAdvance: false)

        let result = try await harness.service.currentWeather()

        #expect(result.placeNaming == .noPlace)
        #expect(result.displayName == nil)
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// Forecasts are named the same way.
    @Test func forecastIsNamedToo() async throws {
        let harness = NamingHarness(weather: [.json(Fixtures.forecast)], kakao: [.json(KakaoFixtures.sesacCampus)])

        let result = try await harness.service.forecast(count: 2)

        #expect(result.placeNaming == .named(campusName))
    }

    /// A weather error that must surface still surfaces with a namer; naming does not mask it.
    @Test func weatherErrorsStillSurfaceWithANamer() async {
        let harness = NamingHarness(
            weather: [.json(Fixtures.unauthorizedBody, status: 401)], kakao: [.json(KakaoFixtures.sesacCampus)])

        await #expect(throws: WeatherError.unauthorized(message: Fixtures.unauthorizedMessage)) {
            try await harness.service.currentWeather()
        }
    }

    /// Without a namer nothing is named and Kakao is never asked.
    @Test func serviceWithoutANamerNamesNothing() async throws {
        let service = WeatherService(
            client: .testing(InMemoryTransport(.json(Fixtures.seoul))), locationSource: ScriptedLocationSource(.denied),
            clock: ManualClock(autoAdvance: true))

        let result = try await service.currentWeather()

        #expect(result.placeNaming == nil)
        #expect(WeatherDisplay(result).placeName == "Seoul")
    }

    /// Any PlaceNamer can be injected: a double that refuses names the failure it threw.
    @Test func injectedNamerFailureIsSurfaced() async throws {
        let forbidden = KakaoLocalError.forbidden(
            .init(status: 403, errorType: "NotAuthorizedError", message: "App(x) disabled OPEN_MAP_AND_LOCAL service."))
        let service = WeatherService(
            client: .testing(InMemoryTransport(.json(Fixtures.seoul))), locationSource: ScriptedLocationSource(.denied),
            clock: ManualClock(autoAdvance: true), placeNamer: RefusingNamer(error: forbidden))

        let result = try await service.currentWeather()

        #expect(result.placeNaming == .failed(forbidden))
    }
}

/// A namer that always fails with `error`.
private struct RefusingNamer: PlaceNamer {
    let error: KakaoLocalError

    func placeName(at coordinate: Coordinate) async throws(KakaoLocalError) -> PlaceName? {
        throw error
    }
}
