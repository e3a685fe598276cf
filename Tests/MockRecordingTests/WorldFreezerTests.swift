import Basics
import Foundation
import HTTPServer
import MockEngine
import MockProviders
import MockRecording
import TestSupport
import Testing
import WeatherWorld

/// `mockweather synthesize`: what the world answered, written as cassettes that replay it byte for byte.
@Suite struct WorldFreezerTests {
    /// 2027-01-12T06:00:00+09:00.
    static let instant = Date(timeIntervalSince1970: 1_799_708_400)

    static func frozen(in directory: TemporaryDirectory, targets: [String]) throws -> (World, [WorldFreezer.Row]) {
        let world = World(
            seed: 3, scenario: try WorldFixtures.preset("cold-wave"),
            clockStart: Int64(instant.timeIntervalSince1970))
        let rows = WorldFreezer.freeze(
            targets.map { WorldFreezer.Request(target: $0, instant: instant) }, world: world,
            context: SynthesisContext(world: world, gazetteer: WorldFixtures.gazetteer), directory: directory.url,
            providers: Providers.all)
        return (world, rows)
    }

    @Test func frozenCassettesReplayWhatTheWorldAnsweredByteForByte() async throws {
        let directory = try TemporaryDirectory()
        let targets =
            WorldFreezer.cityTargets("Busan") + WorldFreezer.placeTargets(latitude: 33.5, longitude: 126.5)
        let (world, rows) = try Self.frozen(in: directory, targets: targets)
        #expect(rows.count == targets.count)
        #expect(rows.allSatisfy { $0.status == 200 && $0.result.hasPrefix("synthesized/") }, "\(rows)")

        var options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
        options.clock = .fixed(Self.instant)
        try await withMock(
            .store(CassetteStore(directory: directory.url, providers: Providers.all), options: options), mode: .router
        ) { replay in
            let context = SynthesisContext(world: world, gazetteer: WorldFixtures.gazetteer)
            for target in targets {
                let answered = try await replay.respond(target)
                let request = ReplayRequest(
                    method: "GET", path: target, query: nil, providers: Providers.all, now: Self.instant)
                let synthesized = try #require(request.provider?.provider.synthesize(request, context: context))
                #expect(answered.status == 200, "\(target)")
                // Compared as text, so a difference reads as JSON.
                #expect(
                    String(decoding: answered.body, as: UTF8.self)
                        == String(decoding: synthesized.response.body, as: UTF8.self), "\(target)")
                #expect(answered.headers["X-Mockweather-Unmatched"] == nil, "\(target)")
            }
        }
    }

    @Test func aFrozenCassetteSaysItIsSyntheticAndNamesTheScenarioAndSeed() throws {
        let directory = try TemporaryDirectory()
        let (_, rows) = try Self.frozen(in: directory, targets: ["/data/2.5/weather?q=Busan"])
        let file = directory.url.appendingPathComponent(try #require(rows.first?.result))
        let document = try JSONParser.parse(Array(try Data(contentsOf: file)))
        #expect(document["source"]?.stringValue == "synthetic")
        #expect(document["notes"]?.stringValue?.contains("cold-wave, seed 3") == true)
        #expect(document["interactions"]?.elements?.first?["expect"] != nil)
    }

    @Test func anUnknownCityIsWrittenAsTheAPIsDocumented404() throws {
        let directory = try TemporaryDirectory()
        let (_, rows) = try Self.frozen(in: directory, targets: ["/data/2.5/weather?q=Nowhereville"])
        let row = try #require(rows.first)
        #expect(row.status == 404)
        let file = directory.url.appendingPathComponent(row.result)
        let document = try JSONParser.parse(Array(try Data(contentsOf: file)))
        #expect(document["source"]?.stringValue == "documented")
    }

    @Test func aPathTheWorldDoesNotAnswerIsReportedAndNotWritten() throws {
        let directory = try TemporaryDirectory()
        let (_, rows) = try Self.frozen(in: directory, targets: ["/nothing/here?q=1"])
        #expect(rows == [WorldFreezer.Row(target: "/nothing/here?q=1", status: 0, result: "not answered by the world")])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
