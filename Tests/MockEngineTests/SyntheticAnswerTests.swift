import Basics
import Foundation
import HTTPServer
import MockEngine
import MockProviders
import TestSupport
import Testing
import WeatherWorld

/// What the engine does with the world: cassettes first, synthesis only when asked and always marked,
/// the gazetteer's 404 without it, the same answers from the same seed, `/__admin/world`.
@Suite struct SyntheticAnswerTests {
    /// 2026-09-06T06:00:00Z, a fixed clock so two stacks answer alike.
    static let instant = Date(timeIntervalSince1970: 1_788_674_400)

    static let seoulCassette = cassetteJSON(interaction(query: #"{"q": "Seoul"}"#))

    static func harness(_ choice: WorldChoice?, files: [(String, String)] = []) throws -> ReplayHarness {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(instant)
        options.synthesis = WorldFixtures.synthesis(choice)
        return try ReplayHarness(files, options: options)
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func withoutSynthesisAnUnrecordedPlaceStillFailsClosed() throws {
        let harness = try Self.harness(nil)
        let response = harness.respond("/data/2.5/weather?q=Busan&appid=k")
        #expect(response.status == 501)
        #expect(response.headers["X-Mockweather-Unmatched"] == "1")
        #expect(response.headers["X-Mockweather-Synthetic"] == nil)
    }

    @Test(arguments: ["Seuol", "Nowhereville"])
    func aCityNoPlaceHasIsTheAPIsOwn404WithOrWithoutTheWorld(name: String) throws {
        for choice in [nil, WorldChoice()] {
            let harness = try Self.harness(choice)
            let response = harness.respond("/data/2.5/weather?q=\(name)&appid=k")
            #expect(response.status == 404)
            #expect(Self.text(response) == #"{"cod":"404","message":"city not found"}"#)
            #expect(response.headers["X-Mockweather-Synthetic"] == nil)
        }
    }

    @Test func aSyntheticAnswerIsMarkedInItsHeaderAndTheJournal() throws {
        let harness = try Self.harness(WorldChoice(scenario: .climatology, seed: 7))
        let response = harness.respond("/data/2.5/weather?q=Busan&appid=k")
        #expect(response.status == 200)
        #expect(response.headers["X-Mockweather-Synthetic"] == "climatology; seed=7")
        let entry = try #require(harness.journal.entries().last)
        #expect(entry.matched?.hasPrefix("synthetic: climatology, seed 7") == true, "\(entry.matched ?? "nil")")
        #expect(!entry.isUnmatched)
    }

    @Test func aRecordedCassetteAnswersBeforeTheWorld() throws {
        let harness = try Self.harness(WorldChoice(), files: [("seoul.json", Self.seoulCassette)])
        let response = harness.respond("/data/2.5/weather?q=Seoul&appid=k")
        #expect(Self.text(response) == #"{"name":"Seoul","cod":200}"#)
        #expect(response.headers["X-Mockweather-Synthetic"] == nil)
    }

    @Test func twoServersWithTheSameSeedAnswerTheSameBytes() throws {
        let targets = [
            "/data/2.5/weather?q=Busan&appid=k", "/data/2.5/weather?lat=33.5&lon=126.5&units=metric&appid=k",
            "/data/2.5/forecast?q=London&appid=k", "/data/3.0/onecall?lat=35.1&lon=129.0&appid=k",
        ]
        let first = try Self.harness(WorldChoice(seed: 7))
        let second = try Self.harness(WorldChoice(seed: 7))
        let other = try Self.harness(WorldChoice(seed: 8))
        for target in targets {
            let answer = first.respond(target)
            #expect(answer.status == 200, "\(target)")
            #expect(answer.body == second.respond(target).body, "\(target)")
            #expect(answer.body != other.respond(target).body, "\(target)")
        }
    }

    @Test func theAdminAPISwitchesTheWorldAndTurnsItOff() throws {
        let harness = try Self.harness(nil)
        let put = harness.respond(
            "/__admin/world", method: "PUT", body: #"{"scenario": "cold-wave", "seed": 3}"#)
        #expect(put.status == 200)
        #expect(Self.text(put).contains(#""synthesize":true,"scenario":"cold-wave","seed":3"#))
        let answer = harness.respond("/data/2.5/weather?q=Busan&appid=k")
        #expect(answer.headers["X-Mockweather-Synthetic"] == "cold-wave; seed=3")
        #expect(harness.respond("/__admin/world", method: "PUT", body: #"{"synthesize": false}"#).status == 200)
        #expect(harness.respond("/data/2.5/weather?q=Busan&appid=k").status == 501)
    }

    @Test(arguments: [
        (#"{"scenario": "cold-wav"}"#, "cold-wave"), (#"{"scenario": "/etc/passwd"}"#, "names a file"),
        (#"{"seed": -1}"#, "$.seed"), (#"{"sed": 1}"#, "did you mean 'seed'"),
        (#"{"synthesize": false, "seed": 2}"#, "takes no scenario or seed"), ("[", "not JSON"),
    ])
    func aWrongWorldChangeIsA400NamingTheMember(body: String, named: String) throws {
        let harness = try Self.harness(nil)
        let response = harness.respond("/__admin/world", method: "PUT", body: body)
        #expect(response.status == 400)
        #expect(Self.text(response).contains(named), "\(Self.text(response))")
        #expect(harness.respond("/data/2.5/weather?q=Busan&appid=k").status == 501)
    }
}
