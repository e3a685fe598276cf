import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// One Call 3.0 replayed from the bundled set: `exclude` drops blocks from one full response, units
/// convert every temperature and wind field, and the errors come from their cassettes.
@Suite struct OneCallReplayTests {
    /// The engine over the bundled cassettes, read afresh for each mock.
    private var setup: MockSetup { get throws { .cassettes(try bundledFiles()) } }

    private static let seoul = "lat=37.5683&lon=126.9778"
    private static let blocks = ["current", "minutely", "hourly", "daily", "alerts"]

    @Test func theFullResponseHasEveryBlockAndNamesItsCassette() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&appid=k")
        }
        #expect(response.status == 200)
        #expect(response.headers["X-Mockweather-Cassette"] == "openweathermap/onecall/seoul#0")
        let body = try #require(response.jsonObject)
        #expect(Set(body.keys).isSuperset(of: Self.blocks + ["lat", "lon", "timezone", "timezone_offset"]))
        #expect((body["hourly"] as? [Any])?.count == 48)
        #expect((body["daily"] as? [Any])?.count == 8)
        #expect((body["minutely"] as? [Any])?.count == 61)
    }

    @Test(arguments: 0..<32)
    func everyExcludeCombinationDropsExactlyThoseBlocks(mask: Int) async throws {
        let excluded = Self.blocks.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(
                "/data/3.0/onecall?\(Self.seoul)&exclude=\(excluded.joined(separator: ","))&appid=k")
        }
        #expect(response.status == 200)
        let body = try #require(response.jsonObject)
        for block in Self.blocks {
            #expect((body[block] != nil) == !excluded.contains(block), "exclude=\(excluded): \(block)")
        }
        #expect(body["timezone"] as? String == "Asia/Seoul")
        #expect(body["lat"] as? Double == 37.5683)
    }

    @Test func unknownNamesAreIgnoredAndCaseAndSpacesDoNotMatter() async throws {
        let full = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&exclude=&appid=k")
        }
        let unknown = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&exclude=weekly,,radar&appid=k")
        }
        #expect(full.body == unknown.body)
        #expect(
            full.body
                == (try await withMock(setup, mode: .router) { try await $0.respond("/data/3.0/onecall?\(Self.seoul)") }
                    .body))
        let mixed = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&EXCLUDE=Minutely,%20HOURLY,weekly")
        }
        let plain = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&exclude=minutely,hourly")
        }
        #expect(mixed.body == plain.body)
        #expect(plain.jsonObject?["minutely"] == nil && plain.jsonObject?["hourly"] == nil)
        #expect(plain.jsonObject?["daily"] != nil)
    }

    @Test func excludingEverythingLeavesTheLocationOnly() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(
                "/data/3.0/onecall?\(Self.seoul)&exclude=current,minutely,hourly,daily,alerts")
        }
        #expect(
            response.text == #"{"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400}"#)
    }

    @Test func excludeAndUnitsTogether() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?\(Self.seoul)&exclude=minutely,hourly&units=metric")
        }
        let body = try #require(response.jsonObject)
        #expect(body["hourly"] == nil)
        #expect((body["current"] as? [String: Any])?["temp"] as? Double == -2.34)
    }

    @Test func excludeLeavesOtherShapesAlone() async throws {
        let plain = try await withMock(setup, mode: .router) { try await $0.respond("/data/2.5/weather?q=Seoul") }
        let excluded = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/weather?q=Seoul&exclude=current,daily")
        }
        #expect(plain.body == excluded.body)
    }

    /// °C from a value in `units`.
    private func celsius(_ value: Double, _ units: Units) -> Double {
        UnitConversion.temperature(value, from: units, to: .metric)
    }

    private func metresPerSecond(_ value: Double, _ units: Units) -> Double {
        UnitConversion.windSpeed(value, from: units, to: .metric)
    }

    /// Every converted field of a One Call body, as °C or m/s, by JSON path.
    private func convertedFields(of body: [String: Any], in units: Units) -> [String: Double] {
        var fields: [String: Double] = [:]
        func hour(_ item: [String: Any], _ path: String) {
            for key in ["temp", "feels_like", "dew_point"] {
                if let value = item[key] as? Double { fields["\(path).\(key)"] = celsius(value, units) }
            }
            for key in ["wind_speed", "wind_gust"] {
                if let value = item[key] as? Double { fields["\(path).\(key)"] = metresPerSecond(value, units) }
            }
        }
        if let current = body["current"] as? [String: Any] { hour(current, "current") }
        for (index, item) in ((body["hourly"] as? [[String: Any]]) ?? []).enumerated() {
            hour(item, "hourly[\(index)]")
        }
        for (index, item) in ((body["data"] as? [[String: Any]]) ?? []).enumerated() { hour(item, "data[\(index)]") }
        for (index, day) in ((body["daily"] as? [[String: Any]]) ?? []).enumerated() {
            for group in ["temp", "feels_like"] {
                for (key, value) in (day[group] as? [String: Double]) ?? [:] {
                    fields["daily[\(index)].\(group).\(key)"] = celsius(value, units)
                }
            }
            hour(day.filter { $0.key != "temp" && $0.key != "feels_like" }, "daily[\(index)]")
        }
        for (key, value) in (body["temperature"] as? [String: Double]) ?? [:] {
            fields["temperature.\(key)"] = celsius(value, units)
        }
        if let wind = (body["wind"] as? [String: Any])?["max"] as? [String: Any], let speed = wind["speed"] as? Double {
            fields["wind.max.speed"] = metresPerSecond(speed, units)
        }
        return fields
    }

    @Test(arguments: [
        "/data/3.0/onecall", "/data/3.0/onecall/timemachine?dt=1670120043",
        "/data/3.0/onecall/day_summary?date=2022-12-05",
    ])
    func imperialMetricAndStandardOfTheSameResponseAgreeAfterConversion(path: String) async throws {
        let separator = path.contains("?") ? "&" : "?"
        var byUnits: [Units: [String: Double]] = [:]
        for units in Units.allCases {
            let response = try await withMock(setup, mode: .router) {
                try await $0.respond("\(path)\(separator)\(Self.seoul)&units=\(units.rawValue)&appid=k")
            }
            let body = try #require(response.jsonObject)
            if let stated = body["units"] as? String { #expect(stated == units.rawValue) }
            byUnits[units] = convertedFields(of: body, in: units)
        }
        let standard = try #require(byUnits[.standard])
        #expect(standard.count >= (path == "/data/3.0/onecall" ? 300 : 5), "\(standard.count) fields")
        for units in [Units.metric, .imperial] {
            let fields = try #require(byUnits[units])
            #expect(Set(fields.keys) == Set(standard.keys))
            for (path, value) in standard {
                // The API rounds to 2 decimals in the units asked for: at most half a hundredth off.
                let difference = abs((fields[path] ?? .nan) - value)
                #expect(difference <= 0.005 + 1e-9, "\(path) in \(units): \(fields[path] ?? .nan) vs \(value)")
            }
        }
    }

    @Test func oneCallFieldsAreConvertedAsTheAPIRoundsThem() throws {
        let body =
            #"{"lat":1,"current":{"temp":270.81,"feels_like":267.4,"dew_point":249.64,"wind_speed":2.46,"wind_gust":4.32,"wind_deg":318,"pressure":1031},"hourly":[{"temp":273.15,"dew_point":263.15,"wind_speed":1,"pop":0.2}],"daily":[{"temp":{"day":273.15,"min":263.15,"max":283.15,"night":268.15,"eve":270.15,"morn":265.15},"feels_like":{"day":270,"night":265,"eve":268,"morn":262},"dew_point":260,"wind_speed":3,"wind_gust":6,"moon_phase":0.4}],"minutely":[{"dt":1,"precipitation":0.25}]}"#
        let converted = String(
            decoding: UnitConversion.convert(try JSONParser.parse(Array(body.utf8)), from: .standard, to: .imperial)
                .compactBytes, as: UTF8.self)
        #expect(
            converted
                == #"{"lat":1,"current":{"temp":27.79,"feels_like":21.65,"dew_point":-10.32,"wind_speed":5.5,"wind_gust":9.66,"wind_deg":318,"pressure":1031},"hourly":[{"temp":32,"dew_point":14,"wind_speed":2.24,"pop":0.2}],"daily":[{"temp":{"day":32,"min":14,"max":50,"night":23,"eve":26.6,"morn":17.6},"feels_like":{"day":26.33,"night":17.33,"eve":22.73,"morn":11.93},"dew_point":8.33,"wind_speed":6.71,"wind_gust":13.42,"moon_phase":0.4}],"minutely":[{"dt":1,"precipitation":0.25}]}"#
        )
    }

    @Test func daySummaryTemperaturesWindAndItsUnitsFieldAreConverted() throws {
        let body =
            #"{"tz":"+09:00","date":"2022-12-05","units":"standard","temperature":{"min":268.15,"max":273.15,"afternoon":272.15,"night":269.15,"evening":271.15,"morning":268.65},"wind":{"max":{"speed":5,"direction":310}},"humidity":{"afternoon":40}}"#
        let converted = String(
            decoding: UnitConversion.convert(try JSONParser.parse(Array(body.utf8)), from: .standard, to: .metric)
                .compactBytes, as: UTF8.self)
        #expect(
            converted
                == #"{"tz":"+09:00","date":"2022-12-05","units":"metric","temperature":{"min":-5,"max":0,"afternoon":-1,"night":-4,"evening":-2,"morning":-4.5},"wind":{"max":{"speed":5,"direction":310}},"humidity":{"afternoon":40}}"#
        )
        let imperial = String(
            decoding: UnitConversion.convert(try JSONParser.parse(Array(body.utf8)), from: .standard, to: .imperial)
                .compactBytes, as: UTF8.self)
        #expect(
            imperial.contains(#""units":"imperial""#) && imperial.contains(#""max":{"speed":11.18,"direction":310}"#))
    }

    @Test func airPollutionIsNeverConverted() async throws {
        let metric = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/air_pollution?\(Self.seoul)&units=imperial")
        }
        let plain = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/air_pollution?\(Self.seoul)")
        }
        #expect(metric.status == 200)
        #expect(metric.body == plain.body)
    }

    @Test func theFourPathsAndTheirErrorsAnswerFromTheirCassettes() async throws {
        let cases: [(String, Int, String)] = [
            ("/data/3.0/onecall/timemachine?\(Self.seoul)&dt=1670120043", 200, "openweathermap/onecall/seoul#1"),
            (
                "/data/3.0/onecall/day_summary?\(Self.seoul)&date=2022-12-05&tz=%2B09:00", 200,
                "openweathermap/onecall/seoul#2"
            ),
            ("/data/3.0/onecall/overview?\(Self.seoul)", 200, "openweathermap/onecall/seoul#3"),
            (
                "/data/3.0/onecall?\(Self.seoul)&appid=no-onecall-subscription", 401,
                "openweathermap/onecall/no-subscription#0"
            ),
            ("/data/3.0/onecall?lat=100&lon=126.9778", 400, "openweathermap/onecall/wrong-coordinates#0"),
            ("/data/3.0/onecall?lon=126.9778", 400, "openweathermap/onecall/wrong-coordinates#2"),
            ("/data/3.0/onecall", 400, "openweathermap/onecall/wrong-coordinates#2"),
            ("/data/3.0/onecall?lat=37.5683&units=metric", 400, "openweathermap/onecall/wrong-coordinates#3"),
            ("/data/3.0/onecall/timemachine?\(Self.seoul)&dt=0", 400, "openweathermap/onecall/before-archive"),
        ]
        for (target, status, cassette) in cases {
            let response = try await withMock(setup, mode: .router) { try await $0.respond(target) }
            #expect(response.status == status, "\(target)")
            #expect(response.headers["X-Mockweather-Cassette"] == cassette, "\(target)")
        }
        let unsubscribed = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall/overview?\(Self.seoul)&APPID=no-onecall-subscription")
        }
        #expect(unsubscribed.text.hasPrefix(#"{"cod":401, "message": "Please note that using One Call 3.0 requires"#))
    }

    @Test func clientsSendingParametersInAnyCaseAndOrderGetTheSameAnswer() async throws {
        let reference = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall?lat=37.5683&lon=126.9778&units=metric&appid=k")
        }
        let variants = [
            "/data/3.0/onecall?APPID=k&LON=126.977812345678&Lat=37.568312345678&UNITS=metric&lang=en",
            "/data/3.0/onecall/?units=Metric&lang=kr&lon=126.9778&lat=37.5683&exclude=",
            "http://api.openweathermap.org/data/3.0/onecall?lat=37.5683&lon=126.9778&units=metric&appid=k",
        ]
        for target in variants {
            let response = try await withMock(setup, mode: .router) { try await $0.respond(target) }
            #expect(response.status == 200, "\(target)")
            #expect(response.body == reference.body, "\(target)")
        }
    }

    @Test func theRouteIsCoveredForOneCallAndAirPollution() throws {
        let library = try CassetteLibrary(
            cassettes: CassetteLoader.load(directory: PackageLayout.bundledCassettes, providers: Providers.all),
            providers: Providers.all)
        let route: [(Double, Double)] = [
            (37.5663174, 126.9779451), (37.28310, 127.03783), (36.80413, 127.15247), (36.34712, 127.38657),
            (36.13690, 128.11580), (36.11655, 128.34678), (35.8714354, 128.6014),
        ]
        let paths = [
            "/data/3.0/onecall", "/data/3.0/onecall/overview", "/data/2.5/air_pollution",
            "/data/2.5/air_pollution/forecast",
            "/data/2.5/forecast",
        ]
        for (start, end) in zip(route, route.dropFirst()) {
            for point in GreatCircleSampler.points(from: start, to: end, everyKilometres: 2) {
                for path in paths {
                    let request = ReplayRequest(
                        method: "GET", path: path, query: "lat=\(point.0)&lon=\(point.1)", providers: Providers.all)
                    #expect(library.match(request) != nil, "\(path) has no cassette at \(point)")
                }
            }
        }
    }

    @Test func zipLookupsAnswerWhateverTheCaseOfTheCountry() async throws {
        let cases: [(String, String, String)] = [
            ("/geo/1.0/zip?zip=04524,KR&appid=k", "openweathermap/geocoding/zip-seoul", #""name":"Seoul""#),
            ("/geo/1.0/zip?ZIP=04524,kr", "openweathermap/geocoding/zip-seoul", #""zip":"04524""#),
            ("/data/2.5/weather?zip=41911,kr&units=metric", "openweathermap/current/zip-daegu", #""temp":3.23"#),
            ("/data/2.5/forecast?zip=04524,KR&lang=en", "openweathermap/forecast/zip-seoul", #""name":"Seoul""#),
        ]
        for (target, cassette, fragment) in cases {
            let response = try await withMock(setup, mode: .router) { try await $0.respond(target) }
            #expect(response.status == 200, "\(target)")
            #expect(response.headers["X-Mockweather-Cassette"] == cassette, "\(target)")
            #expect(response.text.contains(fragment), "\(target)")
        }
        #expect(
            try await withMock(setup, mode: .router) { try await $0.respond("/geo/1.0/zip?zip=99999,KR") }.status == 404
        )
        #expect(
            try await withMock(setup, mode: .router) { try await $0.respond("/geo/1.0/zip?zip=12345,KR") }.status == 501
        )
    }

    @Test func iconsAreServedAsPNGWithTheBytesOfTheirCassette() async throws {
        let file = try String(
            contentsOf: PackageLayout.bundledCassettes.appendingPathComponent("openweathermap/icons/wn.json"),
            encoding: .utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
        let interactions = try #require(document["interactions"] as? [[String: Any]])
        #expect(interactions.count == 54)
        try await withMock(setup, mode: .router) { harness in
            for interaction in interactions {
                let path = try #require((interaction["request"] as? [String: Any])?["path"] as? String)
                let base64 = try #require((interaction["response"] as? [String: Any])?["base64"] as? String)
                let response = try await harness.respond(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.headers["Content-Type"] == "image/png", "\(path)")
                #expect(response.body == Array(try #require(Data(base64Encoded: base64))), "\(path)")
                let size = try #require(PNGSize(response.body), "\(path) is not a PNG")
                let expected = path.hasSuffix("@4x.png") ? 200 : path.hasSuffix("@2x.png") ? 100 : 50
                #expect(size.width == expected && size.height == expected, "\(path)")
            }
            #expect(
                try await harness.respond("/img/wn/10d@2x.png?appid=k").status == 200, "a stray key changes nothing")
            #expect(try await harness.respond("/img/wn/99d.png").status == 501)
        }
    }

    @Test func requireKeyAsksForAKeyOnEveryAPIPathButNotForIcons() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
        options.requireKey = true
        try await withMock(.cassettes(try bundledFiles(), options: options), mode: .router) { harness in
            #expect(try await harness.respond("/data/3.0/onecall?\(Self.seoul)").status == 401)
            #expect(try await harness.respond("/data/2.5/air_pollution?\(Self.seoul)").status == 401)
            #expect(try await harness.respond("/data/3.0/onecall?\(Self.seoul)&appid=k").status == 200)
            let icon = try await harness.respond("/img/wn/01d@2x.png")
            #expect(icon.status == 200)
            #expect(icon.headers["Content-Type"] == "image/png")
        }
    }

    @Test func overviewTextStatesItsTemperaturesAndWindInTheUnitsAskedFor() async throws {
        let body =
            #"{"tz":"+09:00","units":"metric","weather_overview":"A temperature of -2°C, feels like -6°C. Wind 2.46 meter/sec, gusts 4.32 meter/sec; visibility 10 km, 1031 hPa, 18%, not 5 Kelvins."}"#
        func converted(_ target: Units) throws -> String {
            String(
                decoding: UnitConversion.convert(try JSONParser.parse(Array(body.utf8)), from: .metric, to: target)
                    .compactBytes, as: UTF8.self)
        }
        #expect(
            try converted(.imperial)
                == #"{"tz":"+09:00","units":"imperial","weather_overview":"A temperature of 28°F, feels like 21°F. Wind 5.5 miles/hour, gusts 9.66 miles/hour; visibility 10 km, 1031 hPa, 18%, not 5 Kelvins."}"#
        )
        #expect(
            try converted(.standard)
                == #"{"tz":"+09:00","units":"standard","weather_overview":"A temperature of 271 K, feels like 267 K. Wind 2.46 meter/sec, gusts 4.32 meter/sec; visibility 10 km, 1031 hPa, 18%, not 5 Kelvins."}"#
        )
        let served = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/3.0/onecall/overview?\(Self.seoul)&units=imperial")
        }
        let text = try #require(served.jsonObject?["weather_overview"] as? String)
        #expect(text.contains("°F") && !text.contains("°C") && text.contains("miles/hour"), "\(text)")
        #expect(served.jsonObject?["units"] as? String == "imperial")
    }

    @Test func aForecastServesTheFirstCntItemsAndSaysHowMany() async throws {
        for target in [
            "/data/2.5/forecast?zip=04524,KR", "/data/2.5/forecast?id=1835329", "/data/2.5/forecast?q=Seoul",
        ] {
            let full = try #require(
                try await withMock(setup, mode: .router) { try await $0.respond(target) }.jsonObject)
            let cut = try #require(
                try await withMock(setup, mode: .router) { try await $0.respond(target + "&cnt=3&units=metric") }
                    .jsonObject)
            let fullItems = try #require(full["list"] as? [[String: Any]])
            let cutItems = try #require(cut["list"] as? [[String: Any]])
            #expect(fullItems.count == 40 && full["cnt"] as? Int == 40, "\(target)")
            #expect(cutItems.count == 3 && cut["cnt"] as? Int == 3, "\(target)")
            #expect(cutItems.map { $0["dt"] as? Int } == fullItems.prefix(3).map { $0["dt"] as? Int })
            let celsius = try #require((cutItems.first?["main"] as? [String: Any])?["temp"] as? Double)
            let kelvin = try #require((fullItems.first?["main"] as? [String: Any])?["temp"] as? Double)
            #expect(abs(celsius - (kelvin - 273.15)) < 0.006)
        }
        let all = try await withMock(setup, mode: .router) { try await $0.respond("/data/2.5/forecast?q=Seoul&cnt=40") }
        let none = try await withMock(setup, mode: .router) { try await $0.respond("/data/2.5/forecast?q=Seoul&cnt=0") }
        let plain = try await withMock(setup, mode: .router) { try await $0.respond("/data/2.5/forecast?q=Seoul") }
        #expect(all.body == plain.body && none.body == plain.body)
        let air = try await withMock(setup, mode: .router) {
            try await $0.respond("/data/2.5/air_pollution/forecast?\(Self.seoul)&cnt=2")
        }
        #expect((air.jsonObject?["list"] as? [Any])?.count == 96, "air pollution has no cnt")
    }
}
