import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// How a KMA exchange becomes a cassette (names, patterns, `expect`) and what `verify` asks the live
/// API for.
@Suite struct KMARecordingTests {
    private let profile = KMARecording()

    private func request(_ operation: String, _ query: String) -> CapturedRequest {
        CapturedRequest(
            method: "GET", rawPath: KMAFixtures.prefix + operation, rawQuery: query, providers: Providers.all)
    }

    @Test func aJSONRecordingIsNamedAndMatchedByCellAndSlot() {
        let request = request(
            "getVilageFcst", "serviceKey=abc&dataType=JSON&base_date=20261002&base_time=0500&nx=60&ny=127")
        #expect(profile.cassetteName(for: request) == "vilage/nx60-ny127-t0500")
        let pattern = profile.pattern(for: request, storedAsJSON: true, ranged: false)
        #expect(
            String(decoding: pattern.compactBytes, as: UTF8.self)
                == #"{"method":"GET","path":"/1360000/VilageFcstInfoService_2.0/getVilageFcst","query":{"nx":"60","ny":"127","base_time":"0500"}}"#
        )
    }

    @Test func anXMLRecordingPinsWhatReplayCannotReshape() {
        let request = request("getUltraSrtNcst", "base_date=20261002&base_time=0600&nx=89&ny=90&numOfRows=8")
        #expect(profile.cassetteName(for: request) == "ultra-nowcast/nx89-ny90-t0600-d20261002-xml-numofrows-8")
        let pattern = String(
            decoding: profile.pattern(for: request, storedAsJSON: false, ranged: false).compactBytes, as: UTF8.self)
        #expect(pattern.contains(#""base_date":"20261002","datatype":null,"pageno":null,"numofrows":"8""#))
    }

    @Test func theConfiguredKeyIsDecodedOnceWhenGivenEncoded() {
        #expect(profile.upstreamKey("Real%2BKey%2F%3D%3D") == "Real+Key/==")
        #expect(profile.upstreamKey("Real+Key/==") == "Real+Key/==")
        #expect(profile.upstreamKey("0123456789abcdef") == "0123456789abcdef")
    }

    @Test func verifyAsksForTheLatestIssuanceOfThePinnedSlot() throws {
        let now = KMAFixtures.kst("20261002 0505")  // 0500 is not out until 05:10
        let added = profile.verificationParameters(
            forPath: KMAFixtures.prefix + "getVilageFcst", given: [("nx", "60"), ("ny", "127"), ("base_time", "0500")],
            now: now)
        #expect(added.first { $0.0 == "base_date" }?.1 == "20261001")
        #expect(added.first { $0.0 == "dataType" }?.1 == "JSON")
        let unpinned = profile.verificationParameters(
            forPath: KMAFixtures.prefix + "getUltraSrtNcst", given: [], now: now)
        #expect(unpinned.first { $0.0 == "base_time" }?.1 == "0400")
        let version = profile.verificationParameters(
            forPath: KMAFixtures.prefix + "getFcstVersion", given: [], now: now)
        #expect(version.first { $0.0 == "basedatetime" }?.1 == "202610020200")
    }

    @Test func theExpectBlockIsDerivedFromTheBundledSeoulAnswer() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&numOfRows=1000"))
            let expect = try #require(
                KMAExpectDerivation.expectation(status: 200, body: response.body, operation: .villageForecast))
            #expect(
                String(decoding: expect.compactBytes, as: UTF8.self)
                    == #"{"hours":81,"celsius":14,"sky":"clear","precipitationType":"none","precipitation":"강수없음","probability":0,"minCelsius":12,"maxCelsius":21,"count":980}"#
            )
            // The XML form of the same answer says the same.
            let xml = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&numOfRows=1000"))
            #expect(KMAExpectDerivation.expectation(status: 200, body: xml.body, operation: .villageForecast) == expect)
        }
    }

    @Test(arguments: [
        ("{\"response\":{\"header\":{\"resultCode\":\"03\",\"resultMsg\":\"NO_DATA\"}}}", "noData", "NO_DATA"),
        (
            "{\"response\":{\"header\":{\"resultCode\":\"10\",\"resultMsg\":\"최근 3일 간의 자료만 제공합니다.\"}}}", "outdated",
            "최근 3일 간의 자료만 제공합니다."
        ),
        (
            KMAGateway.classicBody(.unregistered), "unregisteredKey",
            "SERVICE ERROR; SERVICE_KEY_IS_NOT_REGISTERED_ERROR"
        ),
        (
            KMAGateway.classicBody(.overQuota), "overQuota",
            "SERVICE ERROR; LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"
        ),
    ])
    func errorsAreDerivedWithTheKindAndTheMessageAClientSurfaces(body: String, kind: String, message: String) throws {
        let expect = try #require(
            KMAExpectDerivation.expectation(status: 200, body: Array(body.utf8), operation: .villageForecast))
        #expect(expect["error"]?.stringValue == kind)
        #expect(expect["message"]?.stringValue == message)
        #expect(expect.members?.map(\.key) == ["error", "message"], "the engine takes no other key beside error")
    }

    @Test func theGatewaysJSONFormIsDerivedWithBothOfItsMessages() throws {
        let expect = try #require(
            KMAExpectDerivation.expectation(
                status: 401, body: Array(KMAGateway.jsonBody(.expired).utf8), operation: .villageForecast))
        #expect(expect["error"]?.stringValue == "expiredKey")
        #expect(expect["message"]?.stringValue?.hasPrefix("DEADLINE_HAS_EXPIRED_ERROR; ") == true)
    }

    @Test func theNowcastsExpectationNamesTemperatureTypeAndHumidity() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target("getUltraSrtNcst", "base_date=20261002&base_time=0000&nx=60&ny=127&dataType=JSON"))
            let expect = try #require(
                KMAExpectDerivation.expectation(status: 200, body: response.body, operation: .nowcast))
            #expect(
                String(decoding: expect.compactBytes, as: UTF8.self)
                    == #"{"celsius":15.2,"precipitationType":"none","humidity":37,"count":4}"#)
        }
    }
}
