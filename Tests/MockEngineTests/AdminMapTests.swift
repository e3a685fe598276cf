import Foundation
import HTTPServer
import KoreaRegions
import MockProviders
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine

/// What the dashboard's map reads: the scenario's events at the mock clock's time
/// (`GET /__admin/world/events`) and Korea's provinces (`GET /__admin/basemap`), under the admin
/// API's access rules.
@Suite struct AdminMapTests {
    /// 2026-09-05T17:00:00Z (02:00 in Seoul), the clock the typhoon preset is meant for: its start.
    static let start: Int64 = 1_788_627_600

    static func setup(_ choice: WorldChoice?, korea: KoreaRegions? = nil) -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(Date(timeIntervalSince1970: TimeInterval(start)))
        options.synthesis = WorldFixtures.synthesis(choice)
        options.synthesis.korea = korea
        return .cassettes([], options: options)
    }

    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func events(_ harness: MockClient, at time: Int64? = nil) async throws -> [String: Any] {
        let response = try await harness.respond("/__admin/world/events" + (time.map { "?at=\($0)" } ?? ""))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        return try object(response)
    }

    static func typhoon(_ answer: [String: Any]) throws -> [String: Any] {
        let events = try #require(answer["events"] as? [[String: Any]])
        return try #require(events.first { $0["kind"] as? String == "typhoon" })
    }

    static func point(_ value: Any?) throws -> (lat: Double, lon: Double) {
        let object = try #require(value as? [String: Any])
        return (try #require(object["lat"] as? Double), try #require(object["lon"] as? Double))
    }

    @Test func theTyphoonsCentreMovesAlongItsTrackWithTheClock() async throws {
        try await withMock(
            Self.setup(WorldChoice(scenario: try WorldFixtures.preset("typhoon-landfall"), seed: 1)), mode: .router
        ) { harness in
            let early = try Self.typhoon(try await Self.events(harness, at: Self.start + 2 * 3_600))
            let late = try Self.typhoon(try await Self.events(harness, at: Self.start + 7 * 3_600))
            let track = try #require(early["track"] as? [[String: Any]])
            #expect(track.count == 9)
            #expect(track.first?["time"] as? String == "2026-09-05T15:00:00.000Z")
            #expect(early["start"] as? String == "2026-09-05T15:00:00.000Z")
            #expect(early["end"] as? String == "2026-09-06T05:00:00.000Z")
            #expect(early["active"] as? Bool == true)
            #expect(early["name"] as? String == "Hinnamnor (analog)")
            // +2h is halfway between the fixes at +1h (34.2, 127.9) and +3h (34.85, 128.6).
            let first = try Self.point(early["position"])
            #expect(abs(first.lat - 34.525) < 1e-6 && abs(first.lon - 128.25) < 1e-6, "\(first)")
            // +7h is halfway between +6h (36.05, 129.55) and +8h (36.95, 129.45): north along the coast.
            let second = try Self.point(late["position"])
            #expect(abs(second.lat - 36.5) < 1e-6 && abs(second.lon - 129.5) < 1e-6, "\(second)")
            let position = try #require(late["position"] as? [String: Any])
            #expect(position["centralPressure"] as? Double == 965.5)
            #expect(position["time"] as? String == "2026-09-06T00:00:00.000Z")
        }
    }

    @Test func theWorldsLowestPressureIsWhereTheMapPutsTheTyphoon() async throws {
        let scenario = try WorldFixtures.preset("typhoon-landfall")
        let world = World(seed: 1, scenario: scenario, clockStart: Self.start)
        try await withMock(Self.setup(WorldChoice(scenario: scenario, seed: 1)), mode: .router) { harness in
            for hours: Int64 in [0, 3, 5, 9] {
                let time = Self.start + hours * 3_600
                let centre = try Self.point(try Self.typhoon(try await Self.events(harness, at: time))["position"])
                let there = world.conditions(at: WorldPlace(latitude: centre.lat, longitude: centre.lon), time: time)
                for (north, east) in [(0.4, 0.0), (-0.4, 0.0), (0.0, 0.5), (0.0, -0.5)] {
                    let around = WorldPlace(latitude: centre.lat + north, longitude: centre.lon + east)
                    let pressure = world.conditions(at: around, time: time).seaLevelPressure
                    #expect(there.seaLevelPressure < pressure, "+\(hours)h: the centre \(centre) is not the low")
                }
            }
        }
    }

    @Test func withoutAnAtTheEventsAreAtTheMockClocksReading() async throws {
        try await withMock(
            Self.setup(WorldChoice(scenario: try WorldFixtures.preset("typhoon-landfall"), seed: 1)), mode: .router
        ) { harness in
            let answer = try await Self.events(harness)
            #expect(answer["at"] as? String == "2026-09-05T17:00:00.000Z")
            #expect(answer["atUnix"] as? Int == Int(Self.start))
            #expect(answer["world"] as? String == "typhoon-landfall, seed 1")
            // +0h is two thirds of the way from the fix at -2h (33.3, 126.9) to the one at +1h (34.2, 127.9).
            let centre = try Self.point(try Self.typhoon(answer)["position"])
            #expect(abs(centre.lat - 33.9) < 1e-6, "\(centre)")
            let after = try Self.typhoon(try await Self.events(harness, at: Self.start + 13 * 3_600))
            #expect(after["active"] as? Bool == false)
            #expect(after["position"] is NSNull, "the storm has left the track's end")
        }
    }

    @Test func withoutAWorldThereAreNoEvents() async throws {
        let answer = try await withMock(Self.setup(nil), mode: .router) { try await Self.events($0) }
        #expect(answer["world"] is NSNull)
        #expect((answer["events"] as? [Any])?.isEmpty == true)
    }

    @Test func aRainBandsLineMovesTowardItsHeadingAndAnAreaIsItsCircle() async throws {
        try await withMock(
            Self.setup(WorldChoice(scenario: try WorldFixtures.preset("monsoon-front"), seed: 1)), mode: .router
        ) { harness in
            func band(at hours: Int64) async throws -> [String: Any] {
                let events = try #require(
                    try await Self.events(harness, at: Self.start + hours * 3_600)["events"] as? [[String: Any]])
                return try #require(events.first { $0["kind"] as? String == "rain-band" })
            }
            func middle(_ band: [String: Any]) throws -> [Double] {
                let line = try #require(band["line"] as? [[Double]])
                #expect(line.count == 9)
                return line[4]
            }
            let start = try middle(try await band(at: 0))
            #expect(abs(start[0] - 36.6) < 1e-6 && abs(start[1] - 127.4) < 1e-6, "\(start)")
            // 24 h at 2 km/h toward 345°: 46.4 km north, 12.4 km west.
            let later = try middle(try await band(at: 24))
            #expect(abs((later[0] - 36.6) * 111.19 - 46.36) < 0.1, "\(later)")
            #expect(abs((later[1] - 127.4) * 111.19 * cos(36.81 * .pi / 180) + 12.42) < 0.1, "\(later)")
            #expect(try await band(at: 24)["halfWidthKm"] as? Double == 60)

            try await withMock(
                Self.setup(WorldChoice(scenario: try WorldFixtures.preset("cold-wave"), seed: 1)), mode: .router
            ) { cold in
                let events = try #require(
                    try await Self.events(cold, at: Self.start + 3_600)["events"] as? [[String: Any]])
                let wave = try #require(events.first { $0["kind"] as? String == "cold-wave" })
                let area = try #require(wave["area"] as? [String: Any])
                #expect(area["shape"] as? String == "circle")
                #expect(area["radiusKm"] as? Double == 450)
                #expect(wave["anomaly"] as? Double == 10)
                let snow = try #require(events.first { $0["kind"] as? String == "heavy-snow" })
                #expect(snow["active"] as? Bool == false, "heavy snow starts at +6h")
                let atStart = try #require(try await Self.events(cold, at: Self.start)["events"] as? [[String: Any]])
                #expect(atStart.first?["active"] as? Bool == true, "a +0h event is under way at the clock's start")

            }
        }
    }

    @Test func aWorldPutAtRunTimeIsTheOneDrawnBoxesIncluded() async throws {
        try await withMock(Self.setup(nil), mode: .router) { harness in
            let scenario = """
                {"scenario": {"format": "mockweather-scenario/1", "summary": "Dust over the peninsula", "events": [{"kind": "fine-dust", "start": "+0h",
                "end": "+1d", "area": {"south": 35, "west": 125, "north": 38, "east": 129.5}, "pm10": 300, "pm25": 90}]}}
                """
            let put = try await harness.respond(
                "/__admin/world", method: "PUT", headers: ["Host": "127.0.0.1", "Content-Type": "application/json"],
                body: Array(scenario.utf8))
            #expect(put.status == 200, "\(String(decoding: put.body, as: UTF8.self))")
            let events = try #require(
                try await Self.events(harness, at: Self.start + 600)["events"] as? [[String: Any]])
            let dust = try #require(events.first)
            #expect(dust["kind"] as? String == "fine-dust")
            #expect(dust["active"] as? Bool == true)
            let area = try #require(dust["area"] as? [String: Any])
            #expect(area["shape"] as? String == "box")
            #expect(area["south"] as? Double == 35 && area["east"] as? Double == 129.5)
            #expect(dust["pm10"] as? Double == 300)
        }
    }

    @Test(arguments: ["at=soon", "at=-5", "at=253402300800", "when=1"])
    func anAtThatIsNoInstantInTheClocksRangeIsA400NamingIt(query: String) async throws {
        let response = try await withMock(Self.setup(nil), mode: .router) {
            try await $0.respond("/__admin/world/events?\(query)")
        }
        #expect(response.status == 400)
        let error = try #require(try Self.object(response)["error"] as? String)
        #expect(error.contains("GET /__admin/world/events"), "\(error)")
        #expect(error.contains(query.hasPrefix("when") ? "when" : "at"), "\(error)")
    }

    @Test func withoutTheRegionsTheBasemapIsA404SayingWhyWithoutAnAbsolutePath() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mockweather-no-korea-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try await withMock(Self.setup(nil, korea: KoreaRegions(directory: empty.path)), mode: .router) {
            try await $0.respond("/__admin/basemap", method: "GET", headers: ["Host": "127.0.0.1"])
        }
        #expect(missing.status == 404)
        let error = try #require(try Self.object(missing)["error"] as? String)
        #expect(error.hasPrefix("no map of Korea: korea"), "\(error)")
        #expect(!error.contains(empty.path), "\(error)")
        let none = try await withMock(Self.setup(nil), mode: .router) {
            try await $0.respond(
                "/__admin/basemap", method: "GET", headers: ["Host": "127.0.0.1"])
        }
        #expect(none.status == 404)
        #expect(try Self.object(none)["error"] as? String == "no map of Korea: this program has no World data folder")
        #expect(
            try await withMock(Self.setup(nil), mode: .router) {
                try await $0.respond("/__admin/basemap", method: "POST")
            }.status == 405)
        #expect(
            try await withMock(Self.setup(nil), mode: .router) { try await $0.respond("/__admin/basemap?x=1") }.status
                == 400)
    }

    @Test func theBasemapIsTheWorldDatasProvincesAndARepeatIsA304() async throws {
        try await withMock(Self.setup(nil, korea: KoreaRegions(directory: WorldFixtures.directory)), mode: .router) {
            harness in
            let first = try await harness.respond("/__admin/basemap", method: "GET", headers: ["Host": "127.0.0.1"])
            #expect(first.status == 200)
            #expect(first.headers["Content-Type"] == "application/geo+json; charset=utf-8")
            let collection = try Self.object(first)
            #expect(collection["type"] as? String == "FeatureCollection")
            let features = try #require(collection["features"] as? [[String: Any]])
            let names = features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
            #expect(features.count == 17 && names.contains("부산광역시") && names.contains("제주특별자치도"), "\(names)")
            let tag = try #require(first.headers["ETag"])
            let again = try await harness.respond(
                "/__admin/basemap", method: "GET", headers: ["Host": "127.0.0.1", "If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test func theDashboardAsksForTheMapsEndpointsWhichExist() async throws {
        try await withMock(
            Self.setup(WorldChoice(scenario: try WorldFixtures.preset("cold-wave"), seed: 1)), mode: .router
        ) { harness in
            let script = String(decoding: try await harness.respond("/__admin/dashboard.js").body, as: UTF8.self)
            #expect(script.contains("fetch(`${API}basemap`"))
            #expect(script.contains(#"getJSON("world/events")"#))
            // The page follows the clock and the world through the event feed.
            #expect(script.contains(#"addEventListener("world""#) && script.contains(#"addEventListener("clock""#))
            #expect(try await harness.respond("/__admin/world/events").status == 200)
            let endpoints = try #require(
                try Self.object(try await harness.respond("/__admin/nothing"))["endpoints"] as? [String])
            #expect(
                endpoints.contains("GET /__admin/basemap") && endpoints.contains("GET /__admin/world/events[?at=UNIX]"))
        }
    }

    @Test func theBasemapIsGeoJSONThatARepeatRevalidatesWithA304() throws {
        let outlines = Array(#"{"type":"FeatureCollection","features":[]}"#.utf8)
        let first = Basemap.response(outlines, ifNoneMatch: nil)
        #expect(first.status == 200)
        #expect(first.headers["Content-Type"] == "application/geo+json; charset=utf-8")
        #expect(first.body == outlines)
        let tag = try #require(first.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("-\(outlines.count)\""), "\(tag)")
        #expect(first.headers["Cache-Control"] == "no-cache")
        for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let again = Basemap.response(outlines, ifNoneMatch: header)
            #expect(again.status == 304, "\(header)")
            #expect(again.body.isEmpty)
            #expect(again.headers["ETag"] == tag)
        }
        #expect(Basemap.response(outlines, ifNoneMatch: "\"other\"").status == 200)
        #expect(Basemap.entityTag(of: outlines) != Basemap.entityTag(of: outlines + [0x20]))
    }

    @Test func aPageOfAnotherOriginCanNeitherReadNorDriveTheMapsEndpoints() async throws {
        try await withMock(.cassettes([]), mode: .live) { mock throws in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!)
            for target in ["/__admin/basemap", "/__admin/world/events"] {
                let rebound = try await client.exchange(
                    method: "GET", target, headers: ["Host: evil.example:\(base.port!)"])
                #expect(rebound.head.hasPrefix("HTTP/1.1 421"), "\(target): \(rebound.head)")
                let page = ["Origin: https://evil.example", "Content-Type: text/plain", "Sec-Fetch-Site: cross-site"]
                let driven = try await client.exchange(method: "PUT", target, headers: page, body: "{}")
                #expect(driven.head.hasPrefix("HTTP/1.1 403"), "\(target): \(driven.head)")
                // A page's fetch may send the GET, but with no CORS header its browser shows it nothing.
                let read = try await client.exchange(method: "GET", target, headers: ["Origin: https://evil.example"])
                #expect(!read.head.lowercased().contains("access-control-allow-origin"), "\(target): \(read.head)")
            }
            let own = try await client.exchange(method: "GET", "/__admin/world/events", headers: [])
            #expect(own.head.hasPrefix("HTTP/1.1 200"), "\(own.head)")
        }
        try await withMock(Self.setup(nil), mode: .router) { harness throws in
            #expect(try await harness.respond("/__admin/world/events", loopback: false).status == 403)
            #expect(try await harness.respond("/__admin/basemap", loopback: false).status == 403)
        }
    }
}
