import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// OpenWeatherMap's key states answered on every path as the API answers them, by the provider's
/// rule rather than a cassette per path (Cassettes/README.md lists the magic keys).
@Suite struct OpenWeatherMapKeyTests {
    private static let paths = [
        "/data/2.5/weather?q=Seoul", "/data/2.5/forecast?q=Seoul", "/data/2.5/forecast?id=1835329",
        "/data/3.0/onecall?lat=37.5683&lon=126.9778", "/data/3.0/onecall/timemachine?lat=37.5683&lon=126.9778&dt=1",
        "/data/2.5/air_pollution?lat=37.5683&lon=126.9778", "/geo/1.0/direct?q=Seoul&limit=5",
        "/geo/1.0/reverse?lat=37.5683&lon=126.9778", "/geo/1.0/zip?zip=04524,KR", "/data/2.5/weather?q=Busan",
    ]

    /// The engine over the bundled cassettes, read afresh for each mock.
    private var setup: MockSetup { get throws { .cassettes(try bundledFiles()) } }

    @Test(arguments: paths)
    func anInvalidKeyGetsTheAPIs401OnEveryPath(target: String) async throws {
        let response = try await withMock(setup, mode: .router) { try await $0.respond(target + "&appid=invalid") }
        #expect(response.status == 401)
        #expect(response.text == OpenWeatherMapKeys.invalidKeyBody)
        #expect(response.headers[FailClosedResponder.unmatchedHeader] == nil)
    }

    /// The bundled `errors/invalid-api-key` cassette names the key itself: the user's staging wins over
    /// the rule, byte for byte as before the rule existed.
    @Test func aCassetteNamingTheKeyWinsOverTheRule() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/weather?q=Seoul&appid=invalid")
        }
        #expect(response.status == 401)
        #expect(response.headers[PreparedResponse.cassetteHeader] == "openweathermap/errors/invalid-api-key")
    }

    @Test func aBlockedKeyGetsThe429OnEveryPath() async throws {
        try await withMock(setup, mode: .router) { harness in
            for target in Self.paths {
                let response = try await harness.respond(target + "&appid=blocked")
                #expect(response.status == 429, "\(target)")
                #expect(response.text == OpenWeatherMapKeys.blockedBody, "\(target)")
            }
            let entry = try #require(try harness.journal.entries().last)
            #expect(entry.matched == "(openweathermap: key blocked over its quota)")
            #expect(entry.query?.contains("appid=***") == true)
        }
    }

    @Test func aKeyWithoutTheOneCallSubscriptionIsRefusedOnOneCallOnly() async throws {
        try await withMock(setup, mode: .router) { harness throws in
            let overview = try await harness.respond(
                "/data/3.0/onecall/overview?lat=37.5683&lon=126.9778&appid=no-onecall-subscription")
            #expect(overview.status == 401)
            #expect(overview.text.contains("requires a separate subscription"))
            let weather = try await harness.respond("/data/2.5/weather?q=Seoul&appid=no-onecall-subscription")
            #expect(weather.status == 200)
            #expect(weather.jsonObject?["name"] as? String == "Seoul")
        }
    }

    @Test func iconsNeedNoKeySoNoKeyStateRefusesThem() async throws {
        try await withMock(setup, mode: .router) { harness throws in
            #expect(try await harness.respond("/img/wn/10d@2x.png?appid=invalid").status == 200)
            var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"))
            options.requireKey = true
            try await withMock(.cassettes(try bundledFiles(), options: options), mode: .router) { strict throws in
                #expect(try await strict.respond("/img/wn/10d@2x.png").status == 200)
                #expect(try await strict.respond("/data/2.5/forecast?q=Seoul").status == 401)
                #expect(try await strict.respond("/data/2.5/forecast?q=Seoul&appid=anything").status == 200)
            }
        }
    }

    @Test func anyOtherKeyIsAccepted() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/forecast?q=Seoul&appid=" + String(repeating: "0f", count: 16))
        }
        #expect(response.status == 200)
    }
}
