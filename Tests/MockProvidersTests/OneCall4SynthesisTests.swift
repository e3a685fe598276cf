import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// One Call 4.0 from the world: the same states as 3.0 in 4.0's shapes, pages that tile the timeline
/// through their links, `pop` from now on only, and alert ids that resolve to their detail.
@Suite struct OneCall4SynthesisTests {
    private static let busan = "lat=35.1796&lon=129.0756"

    private static func times(_ body: JSONValue) -> [Int64] {
        (body["data"]?.elements ?? []).compactMap { $0["dt"]?.numberText.flatMap { Int64($0) } }
    }

    private static func start(of link: String?) -> String? {
        link.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "start" }?.value }
    }

    @Test func currentIsTheSameStateAs3sCurrent() throws {
        let four = try SynthesisFixture.json("/data/4.0/onecall/current", Self.busan + "&units=metric")
        let three = try SynthesisFixture.json("/data/3.0/onecall", Self.busan + "&units=metric")
        let record = try #require(four["data"]?.elements?.first)
        #expect(four["data"]?.elements?.count == 1)
        for name in ["dt", "temp", "feels_like", "pressure", "humidity", "wind_speed", "sunrise", "sunset"] {
            #expect(record[name]?.doubleValue == three.number("current.\(name)"), "\(name)")
        }
        #expect(four.keys == ["lat", "lon", "timezone", "timezone_offset", "data"])
        #expect(record["pop"] == nil)
    }

    @Test func hourPagesTileFortyEightHoursThroughTheirNextLinks() throws {
        var query = Self.busan + "&appid=k"
        var hours: [Int64] = []
        for _ in 0..<3 {
            let page = try SynthesisFixture.json("/data/4.0/onecall/timeline/1h", query)
            hours += Self.times(page)
            guard let next = Self.start(of: page["next"]?.stringValue) else { break }
            query = Self.busan + "&appid=k&start=\(next)"
        }
        let firstHour = SynthesisFixture.noonInKorea - SynthesisFixture.noonInKorea % 3_600
        #expect(hours == (0..<48).map { firstHour + Int64($0) * 3_600 }, "48 hours, then the forecast ends")
        let hourly = try SynthesisFixture.json("/data/3.0/onecall", Self.busan)
        let first = try SynthesisFixture.json("/data/4.0/onecall/timeline/1h", Self.busan)
        #expect(first.number("data.5.temp") == hourly.number("hourly.5.temp"), "4.0's hours are 3.0's")
    }

    @Test func historyHasNoPopAndTheForecastHasIt() throws {
        let start = SynthesisFixture.noonInKorea - 10 * 3_600
        let page = try SynthesisFixture.json("/data/4.0/onecall/timeline/1h", Self.busan + "&start=\(start)")
        let records = try #require(page["data"]?.elements)
        for (time, record) in zip(Self.times(page), records) {
            #expect((record["pop"] != nil) == (time >= SynthesisFixture.noonInKorea), "\(time)")
        }
        #expect(Self.start(of: page["prev"]?.stringValue) == String(start - 20 * 3_600))
    }

    @Test func daysAreDatedAtMidnightUTCWithoutThe3OnlyMembers() throws {
        let page = try SynthesisFixture.json("/data/4.0/onecall/timeline/1day", Self.busan + "&cnt=3")
        let days = Self.times(page)
        #expect(days.count == 3)
        #expect(days.allSatisfy { $0 % 86_400 == 0 })
        #expect(days.first == SynthesisFixture.noonInKorea - SynthesisFixture.noonInKorea % 86_400)
        for day in page["data"]?.elements ?? [] {
            #expect(day["summary"] == nil && day["dew_point"] == nil && day["wind_gust"] == nil)
            #expect(day["temp"]?["max"]?.doubleValue != nil && day["pop"] != nil)
            #expect(day["rain"].map { $0.doubleValue != nil } ?? true, "daily rain is a number")
        }
    }

    @Test func quarterHoursStartAtTheNextQuarterAndLinkBackOnlyWithAStart() throws {
        let asked = SynthesisFixture.noonInKorea + 7 * 60
        let page = try SynthesisFixture.json("/data/4.0/onecall/timeline/15min", Self.busan, at: asked)
        #expect(Self.times(page).first == SynthesisFixture.noonInKorea + 900)
        #expect(Self.times(page).count == 50)
        #expect(page["prev"] == nil)
        #expect(page["data"]?.elements?.allSatisfy { $0["wind_gust"] == nil } == true)
        let later = try SynthesisFixture.json(
            "/data/4.0/onecall/timeline/15min", Self.busan + "&start=\(SynthesisFixture.noonInKorea + 900)", at: asked)
        #expect(later["prev"] != nil)
        let minutes = try SynthesisFixture.json("/data/4.0/onecall/timeline/1min", Self.busan, at: asked + 5)
        #expect(Self.times(minutes).first == asked + 60)
        #expect(Self.times(minutes).count == 60 && minutes["next"] == nil)
    }

    @Test func linksCarryThePlaceholderThatTheEngineFillsWithTheCallersKey() throws {
        let page = try SynthesisFixture.json("/data/4.0/onecall/timeline/1h", Self.busan + "&appid=mine&units=metric")
        let next = try #require(page["next"]?.stringValue)
        #expect(next.hasPrefix("http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&lat=35.1796"))
        #expect(next.contains("&appid=***&units=metric"))
    }

    @Test func aTyphoonsAlertIdOnTheRecordsResolvesToItsDetail() throws {
        let scenario = try WorldFixtures.preset("typhoon-landfall")
        let world = World(seed: 3, scenario: scenario, clockStart: SynthesisFixture.noonInKorea)
        var ids: Set<String> = []
        for day in 0..<6 {
            let time = SynthesisFixture.noonInKorea + Int64(day) * 86_400
            guard
                let answer = SynthesisFixture.answer(
                    "/data/4.0/onecall/timeline/1h", Self.busan, at: time, world: world)
            else { continue }
            let body = try JSONParser.parse(answer.response.body)
            for record in body["data"]?.elements ?? [] {
                for id in record["alerts"]?.elements ?? [] { if let id = id.stringValue { ids.insert(id) } }
            }
        }
        let id = try #require(ids.first, "the typhoon's warning is on some Busan hour")
        let encoded =
            id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(.init(charactersIn: ":"))) ?? id
        let detail = try #require(
            SynthesisFixture.answer("/data/4.0/onecall/alert/\(encoded)", "appid=k", world: world))
        #expect(detail.response.status == 200)
        let body = try JSONParser.parse(detail.response.body)
        #expect(body.text("id") == id)
        #expect(body.text("event") == "", "the live shape leaves event empty")
        #expect(body.at("description.0.language")?.stringValue == "en-US")
        #expect(body["tags"]?.elements?.isEmpty == false)
    }

    @Test(arguments: ["unknown", "synthetic:1,2:3-4:0", "synthetic:99,0:1-2:0", "synthetic:x"])
    func anAlertIdTheWorldDoesNotHaveIsThe404(id: String) throws {
        let answer = try #require(SynthesisFixture.answer("/data/4.0/onecall/alert/\(id)", ""))
        #expect(answer.response.status == 404)
        #expect(
            String(decoding: answer.response.body, as: UTF8.self)
                == #"{"cod":404,"message":"alert not found","parameters":["alert_id"]}"#)
        #expect(!answer.isSynthetic)
    }

    @Test(arguments: [
        ("", 400, "lat"), ("lat=abc&lon=1", 400, "lat"), ("lat=1&lon=1&start=1", 400, "start"),
        ("lat=1&lon=1&cnt=-3", 400, "cnt"),
    ])
    func refusalsAreInTheDocumentedShape(query: String, status: Int, parameter: String) throws {
        let answer = try #require(SynthesisFixture.answer("/data/4.0/onecall/timeline/1h", query))
        #expect(answer.response.status == status)
        let body = try JSONParser.parse(answer.response.body)
        #expect(body.number("cod") == Double(status))
        #expect(body.at("parameters.0")?.stringValue == parameter)
    }

    @Test func aStartPastTheForecastIsRefused() throws {
        let far = SynthesisFixture.noonInKorea + 3 * 86_400
        let answer = try #require(
            SynthesisFixture.answer("/data/4.0/onecall/timeline/1h", Self.busan + "&start=\(far)"))
        #expect(answer.response.status == 400)
        let days = try SynthesisFixture.json("/data/4.0/onecall/timeline/1day", Self.busan + "&start=\(far)")
        #expect(Self.times(days).first == far - far % 86_400, "days reach 1.5 years ahead")
    }
}
