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

    static func setup(_ choice: WorldChoice?, files: [(String, String)] = []) -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(instant)
        options.synthesis = WorldFixtures.synthesis(choice)
        return .cassettes(files, options: options)
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func withoutSynthesisAnUnrecordedPlaceStillFailsClosed() async throws {
        try await withMock(Self.setup(nil), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=Busan&appid=k")
            #expect(response.status == 501)
            #expect(response.headers["X-Mockweather-Unmatched"] == "1")
            #expect(response.headers["X-Mockweather-Synthetic"] == nil)
        }
    }

    @Test(arguments: ["Seuol", "Nowhereville"])
    func aCityNoPlaceHasIsTheAPIsOwn404WithOrWithoutTheWorld(name: String) async throws {
        for choice in [nil, WorldChoice()] {
            try await withMock(Self.setup(choice), mode: .router) { harness in
                let response = try await harness.respond("/data/2.5/weather?q=\(name)&appid=k")
                #expect(response.status == 404)
                #expect(Self.text(response) == #"{"cod":"404","message":"city not found"}"#)
                #expect(response.headers["X-Mockweather-Synthetic"] == nil)
            }
        }
    }

    @Test func aSyntheticAnswerIsMarkedInItsHeaderAndTheJournal() async throws {
        try await withMock(Self.setup(WorldChoice(scenario: .climatology, seed: 7)), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=Busan&appid=k")
            #expect(response.status == 200)
            #expect(response.headers["X-Mockweather-Synthetic"] == "climatology; seed=7")
            let entry = try #require(try harness.journal.entries().last)
            #expect(entry.matched?.hasPrefix("synthetic: climatology, seed 7") == true, "\(entry.matched ?? "nil")")
            #expect(!entry.isUnmatched)
        }
    }

    @Test func aRecordedCassetteAnswersBeforeTheWorld() async throws {
        try await withMock(Self.setup(WorldChoice(), files: [("seoul.json", Self.seoulCassette)]), mode: .router) {
            harness in
            let response = try await harness.respond("/data/2.5/weather?q=Seoul&appid=k")
            #expect(Self.text(response) == #"{"name":"Seoul","cod":200}"#)
            #expect(response.headers["X-Mockweather-Synthetic"] == nil)
        }
    }

    @Test func twoServersWithTheSameSeedAnswerTheSameBytes() async throws {
        let targets = [
            "/data/2.5/weather?q=Busan&appid=k", "/data/2.5/weather?lat=33.5&lon=126.5&units=metric&appid=k",
            "/data/2.5/forecast?q=London&appid=k", "/data/3.0/onecall?lat=35.1&lon=129.0&appid=k",
        ]
        try await withMock(Self.setup(WorldChoice(seed: 7)), mode: .router) { first in
            try await withMock(Self.setup(WorldChoice(seed: 7)), mode: .router) { second in
                try await withMock(Self.setup(WorldChoice(seed: 8)), mode: .router) { other in
                    for target in targets {
                        let answer = try await first.respond(target)
                        #expect(answer.status == 200, "\(target)")
                        let (again, otherAnswer) = (try await second.respond(target), try await other.respond(target))
                        #expect(answer.body == again.body, "\(target)")
                        #expect(answer.body != otherAnswer.body, "\(target)")
                    }
                }
            }
        }
    }

    @Test func theAdminAPISwitchesTheWorldAndTurnsItOff() async throws {
        try await withMock(Self.setup(nil), mode: .router) { harness in
            let put = try await harness.respond(
                "/__admin/world", method: "PUT", body: Array(#"{"scenario": "cold-wave", "seed": 3}"#.utf8))
            #expect(put.status == 200)
            #expect(Self.text(put).contains(#""synthesize":true,"scenario":"cold-wave","seed":3"#))
            let answer = try await harness.respond("/data/2.5/weather?q=Busan&appid=k")
            #expect(answer.headers["X-Mockweather-Synthetic"] == "cold-wave; seed=3")
            #expect(
                try await harness.respond("/__admin/world", method: "PUT", body: Array(#"{"synthesize": false}"#.utf8))
                    .status
                    == 200)
            #expect(try await harness.respond("/data/2.5/weather?q=Busan&appid=k").status == 501)
        }
    }

    @Test(arguments: [
        (#"{"scenario": "cold-wav"}"#, "cold-wave"), (#"{"scenario": "/etc/passwd"}"#, "names a file"),
        (#"{"seed": -1}"#, "$.seed"), (#"{"sed": 1}"#, "did you mean 'seed'"),
        (#"{"synthesize": false, "seed": 2}"#, "takes no scenario or seed"), ("[", "not JSON"),
    ])
    func aWrongWorldChangeIsA400NamingTheMember(body: String, named: String) async throws {
        try await withMock(Self.setup(nil), mode: .router) { harness in
            let response = try await harness.respond("/__admin/world", method: "PUT", body: Array(body.utf8))
            #expect(response.status == 400)
            #expect(Self.text(response).contains(named), "\(Self.text(response))")
            #expect(try await harness.respond("/data/2.5/weather?q=Busan&appid=k").status == 501)
        }
    }
}
