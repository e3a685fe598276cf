import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// One Call 4.0 replayed from the bundled set: pages cut from a recorded pool with links written for
/// the caller (its own key in them, masked everywhere the mock shows it), the pool's history without
/// `pop`, whole-step time shifting, units, alert detail in both shapes, and the key states.
@Suite struct OneCall4ReplayTests {
    private static let seoul = "lat=37.5683&lon=126.9778"
    private static let key = "s3cretKey-4711"

    private static func setup(shiftingTo now: Date? = nil) throws -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        if let now {
            options.clock = .fixed(now)
            options.shiftTimes = true
        }
        return .cassettes(try bundledFiles(), options: options)
    }

    private static func json(_ response: HTTPResponse) throws -> JSONValue {
        try JSONParser.parse(response.body)
    }

    private static func times(_ body: JSONValue) -> [Int64] {
        (body["data"]?.elements ?? []).compactMap { $0["dt"]?.numberText.flatMap { Int64($0) } }
    }

    /// The `start` a link points at.
    private static func start(of link: String?) -> String? {
        link.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "start" }?.value }
    }

    @Test func theFirstHourPageStartsAtTheRecordedNowWithLinksBothWays() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let body = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&appid=k&units=metric&lang=en"))
            let times = Self.times(body)
            #expect(times.count == 20)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 3_600 })
            let first = try #require(times.first)
            #expect(first % 3_600 == 0)
            #expect(body["data"]?.elements?.allSatisfy { $0["pop"] != nil } == true, "forecast hours carry pop")
            #expect(
                body["next"]?.stringValue
                    == "http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&lat=37.5683&lon=126.9778"
                    + "&start=\(first + 20 * 3_600)&appid=k&units=metric&lang=en")
            #expect(Self.start(of: body["prev"]?.stringValue) == String(first - 20 * 3_600))
            #expect(body.members?.map(\.key) == ["lat", "lon", "timezone", "timezone_offset", "data", "prev", "next"])
        }
    }

    @Test func followingTheLinksWalksTheRecordedHoursWithoutAGapAndHistoryHasNoPop() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let first = try Self.json(try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&appid=k"))
            let next = try #require(Self.start(of: first["next"]?.stringValue))
            let second = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&start=\(next)&appid=k"))
            #expect(Self.times(second).first == (Self.times(first).last ?? 0) + 3_600)
            let previous = try #require(Self.start(of: first["prev"]?.stringValue))
            let history = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&start=\(previous)&appid=k"))
            #expect(Self.times(history).last == (Self.times(first).first ?? 0) - 3_600)
            #expect(history["data"]?.elements?.allSatisfy { $0["pop"] == nil } == true, "historical hours have no pop")
        }
    }

    @Test func aPageOutsideThePoolIsTheMocksOwn501SayingWhatItHolds() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let first = try Self.json(try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&appid=k"))
            let now = try #require(Self.times(first).first)
            let response = try await harness.respond(
                "/data/4.0/onecall/timeline/1h?\(Self.seoul)&start=\(now - 30 * 86_400)&appid=k")
            #expect(response.status == 501)
            let message = try Self.json(response)["message"]?.stringValue ?? ""
            #expect(message.contains("the recorded 1h timeline holds"), "\(message)")
            #expect(message.contains("--synthesize"))
        }
    }

    @Test func theCallersKeyIsInTheLinksButNowhereTheMockShowsIt() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let response = try await harness.respond("/data/4.0/onecall/timeline/1day?\(Self.seoul)&appid=\(Self.key)")
            #expect(response.status == 200)
            let body = try Self.json(response)
            #expect(body["next"]?.stringValue?.contains("appid=\(Self.key)") == true)
            #expect(body["prev"]?.stringValue?.contains("appid=\(Self.key)") == true)
            let entry = try #require(try harness.journal.entries().last)
            let shown = String(decoding: entry.response?.body ?? [], as: UTF8.self)
            #expect(shown.contains("appid=***"))
            #expect(!shown.contains(Self.key))
            #expect(try !harness.log.lines.joined().contains(Self.key))
            let har = try await harness.respond("/__admin/requests.har")
            #expect(har.status == 200)
            #expect(!String(decoding: har.body, as: UTF8.self).contains(Self.key))
            // Another caller's page, kept once, gets its own key.
            let other = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1day?\(Self.seoul)&appid=other-key"))
            #expect(other["next"]?.stringValue?.contains("appid=other-key") == true)
        }
    }

    @Test func aCallerWithoutAKeyGetsLinksWithoutOne() async throws {
        let body = try Self.json(
            try await withMock(Self.setup(), mode: .router) {
                try await $0.respond("/data/4.0/onecall/timeline/15min?\(Self.seoul)")
            })
        let next = try #require(body["next"]?.stringValue)
        #expect(!next.contains("appid"))
        #expect(next.hasSuffix("&start=\(Self.times(body).first.map { $0 + 50 * 900 } ?? 0)"))
        #expect(body["prev"] == nil, "15min links back only once start is given")
    }

    @Test func shiftedPagesMoveByWholeStepsSoNowIsTheClocksAlignedNow() async throws {
        // 2026-12-06T10:37:12Z
        let now = Date(timeIntervalSince1970: 1_796_553_432)
        try await withMock(Self.setup(shiftingTo: now), mode: .router) { harness in
            let hours = Self.times(
                try Self.json(try await harness.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&appid=k")))
            #expect(hours.first == 1_796_551_200)
            let quarters = Self.times(
                try Self.json(try await harness.respond("/data/4.0/onecall/timeline/15min?\(Self.seoul)&appid=k")))
            #expect(quarters.first == 1_796_553_900)
            let days = Self.times(
                try Self.json(try await harness.respond("/data/4.0/onecall/timeline/1day?\(Self.seoul)&appid=k")))
            #expect(days.first == 1_796_515_200)
            let minutes = Self.times(
                try Self.json(try await harness.respond("/data/4.0/onecall/timeline/1min?\(Self.seoul)&appid=k")))
            #expect(minutes.first == 1_796_553_480)
            #expect(minutes.count == 60)
        }
    }

    @Test func dayRecordsConvertTheirTemperatureObjectsAndKeepRainANumber() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let kelvin = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1day?\(Self.seoul)&appid=k"))
            let metric = try Self.json(
                try await harness.respond("/data/4.0/onecall/timeline/1day?\(Self.seoul)&appid=k&units=metric"))
            let day = try #require(kelvin["data"]?.elements?.first)
            let converted = try #require(metric["data"]?.elements?.first)
            for name in ["day", "min", "max", "night", "eve", "morn"] {
                let k = try #require(day["temp"]?[name]?.doubleValue)
                let c = try #require(converted["temp"]?[name]?.doubleValue)
                #expect(abs(k - 273.15 - c) < 0.006, "temp.\(name)")
            }
            #expect(day["summary"] == nil && day["dew_point"] == nil)
        }
    }

    @Test func alertDetailAnswersInTheShapeItWasRecordedIn() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let alerts = try bundledFiles().first { $0.0.hasSuffix("onecall4/alerts.json") }
            let document = try JSONParser.parse(Array(try #require(alerts).1.utf8))
            let paths = (document["interactions"]?.elements ?? []).compactMap { $0["request"]?["path"]?.stringValue }
            #expect(paths.count >= 2)
            var shapes: Set<String> = []
            for path in paths {
                let response = try await harness.respond(path + "?appid=k")
                #expect(response.status == 200, "\(path)")
                let body = try Self.json(response)
                #expect(body["id"]?.stringValue == String(path.dropFirst("/data/4.0/onecall/alert/".count)))
                shapes.insert(body["description"]?.elements != nil ? "live" : "documented")
            }
            #expect(shapes == ["live", "documented"])
            // Clients that percent-encode the colons reach the same alert.
            let encoded = try #require(paths.first).replacingOccurrences(of: ":", with: "%3A")
            #expect(try await harness.respond(encoded + "?appid=k").status == 200)
        }
    }

    @Test(arguments: ["current", "timeline/1min", "timeline/15min", "timeline/1h", "timeline/1day"])
    func keyStatesAnswerOnEvery4Path(path: String) async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let target = "/data/4.0/onecall/\(path)?\(Self.seoul)&appid="
            let fourText = "using One Call 4.0 requires a separate subscription"
            for key in ["onecall3-only", "no-onecall-subscription", "invalid"] {
                let response = try await harness.respond(target + key)
                #expect(response.status == 401, "\(key)")
                #expect(String(decoding: response.body, as: UTF8.self).contains(fourText), "\(key)")
            }
            #expect(try await harness.respond(target + "onecall4-only").status == 200)
            #expect(try await harness.respond(target + "blocked").status == 429)
        }
    }

    @Test func aKeyFor4IsRefusedOn3WithThe2026Text() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            for path in ["", "/timemachine", "/day_summary", "/overview"] {
                let response = try await harness.respond(
                    "/data/3.0/onecall\(path)?\(Self.seoul)&dt=1670000000&date=2022-12-05&appid=onecall4-only")
                #expect(response.status == 401, "\(path)")
                #expect(String(decoding: response.body, as: UTF8.self) == OpenWeatherMapKeys.noSubscriptionBody)
            }
            #expect(try await harness.respond("/data/2.5/weather?q=Seoul&appid=onecall4-only").status == 200)
        }
    }

    @Test(arguments: [
        ("lat=91&lon=127", "wrong latitude", "lat"), ("lat=37&lon=181", "wrong longitude", "lon"),
    ])
    func outOfRangeCoordinatesAreThe400InTheDocumentedShape(query: String, message: String, parameter: String)
        async throws
    {
        let response = try await withMock(Self.setup(), mode: .router) {
            try await $0.respond("/data/4.0/onecall/timeline/15min?\(query)&appid=k")
        }
        #expect(response.status == 400)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"cod":400,"message":"\#(message)","parameters":["\#(parameter)"]}"#)
    }

    @Test(arguments: [
        ("start=yesterday", "start"), ("start=100", "start"), ("cnt=0", "cnt"), ("cnt=many", "cnt"),
    ])
    func malformedPageParametersAreThe400NamingThem(query: String, parameter: String) async throws {
        let response = try await withMock(Self.setup(), mode: .router) {
            try await $0.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&\(query)&appid=k")
        }
        #expect(response.status == 400)
        #expect(try Self.json(response)["parameters"]?.elements?.first?.stringValue == parameter)
    }

    @Test func cntShortensThePageAndItsLinksStride() async throws {
        let body = try Self.json(
            try await withMock(Self.setup(), mode: .router) {
                try await $0.respond("/data/4.0/onecall/timeline/1h?\(Self.seoul)&cnt=5&appid=k")
            })
        let times = Self.times(body)
        #expect(times.count == 5)
        #expect(Self.start(of: body["next"]?.stringValue) == String((times.first ?? 0) + 5 * 3_600))
        #expect(body["next"]?.stringValue?.contains("cnt=5") == true)
    }
}
