import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// OpenWeatherMap time shifting (`--shift-times`, a cassette's `shiftTimes`): every time of an answer
/// moved by one offset so its anchor lands on the mock clock's now. Every clock here is fixed.
@Suite struct TimeShiftTests {
    /// When the answers below were recorded (2025-11-29T10:00:37Z).
    private static let recorded: Int64 = 1_764_410_437
    /// A month and a bit after the recording, not on a whole minute.
    private static let clock = Date(timeIntervalSince1970: Double(recorded + 30 * 86_400 + 1_013))

    private let current = #"""
        {"dt":1764410437,"sys":{"country":"KR","sunrise":1764368400,"sunset":1764404100},"main":{"temp":270.81},"name":"Seoul","cod":200}
        """#
    private let forecast = #"""
        {"cod":"200","cnt":2,"list":[{"dt":1764417600,"main":{"temp":271.15},"dt_txt":"2025-11-29 12:00:00"},{"dt":1764428400,"main":{"temp":270.15},"dt_txt":"2025-11-29 15:00:00"}],"city":{"name":"Seoul","sunrise":1764368400,"sunset":1764404100}}
        """#
    private let oneCall = #"""
        {"lat":37.5683,"lon":126.9778,"current":{"dt":1764410437,"sunrise":1764368400,"sunset":1764404100,"temp":270.81},"minutely":[{"dt":1764410460,"precipitation":0}],"hourly":[{"dt":1764410400,"temp":270.5}],"daily":[{"dt":1764385200,"sunrise":1764368400,"sunset":1764404100,"moonrise":1764390000,"moonset":0,"temp":{"day":271.0}}],"alerts":[{"event":"Cold wave","start":1764400000,"end":1764486400}]}
        """#

    /// The engine over `files` with the clock fixed at `clock` and `--shift-times` as given.
    private func setup(_ files: [(String, String)], shiftTimes: Bool = true, clock: Date = clock) -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(clock)
        options.shiftTimes = shiftTimes
        return .cassettes(files, options: options)
    }

    private func number(_ object: [String: Any]?, _ key: String) -> Int64? {
        (object?[key] as? Int).map(Int64.init)
    }

    @Test func currentDtLandsWithinAMinuteOfTheClockAndSunriseAndSunsetMoveAlike() async throws {
        try await withMock(setup([("c.json", cassetteJSON(interaction(body: current)))]), mode: .router) { harness in
            let body = try #require(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject)
            let dt = try #require(number(body, "dt"))
            let offset = dt - Self.recorded
            #expect(abs(Double(dt) - Self.clock.timeIntervalSince1970) <= 60)
            #expect(offset % 60 == 0)
            #expect(offset > 29 * 86_400)
            let sys = body["sys"] as? [String: Any]
            #expect(number(sys, "sunrise") == 1_764_368_400 + offset)
            #expect(number(sys, "sunset") == 1_764_404_100 + offset)
            #expect(body["name"] as? String == "Seoul")
        }
    }

    @Test func theSameClockMinuteServesTheSameBytesAndAnAdvanceMovesThem() async throws {
        try await withMock(setup([("c.json", cassetteJSON(interaction(body: current)))]), mode: .router) { harness in
            let first = try await harness.respond("/data/2.5/weather?q=seoul").body
            try harness.stack.clock.advance(bySeconds: 10)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").body == first)
            let before = try #require(number(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject, "dt"))
            let advanced = try await harness.respond(
                "/__admin/clock/advance", method: "POST", headers: ["Host": "127.0.0.1"],
                body: Array(#"{"by": "90m"}"#.utf8))
            #expect(advanced.status == 200)
            let after = try #require(number(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject, "dt"))
            #expect(after - before == 5_400)
        }
    }

    @Test func forecastItemsMoveAndEachDtTxtStillSaysItsDt() async throws {
        try await withMock(
            setup([
                ("f.json", cassetteJSON(interaction(path: "/data/2.5/forecast", body: forecast)))
            ]), mode: .router
        ) { harness in
            let body = try #require(try await harness.respond("/data/2.5/forecast?q=seoul").jsonObject)
            let items = try #require(body["list"] as? [[String: Any]])
            let first = try #require(number(items[0], "dt"))
            let offset = first - 1_764_417_600
            #expect(abs(Double(first) - Self.clock.timeIntervalSince1970) <= 60)
            #expect(number(items[1], "dt") == 1_764_428_400 + offset)
            let format = DateFormatter()
            format.dateFormat = "yyyy-MM-dd HH:mm:ss"
            format.timeZone = TimeZone(identifier: "UTC")
            format.locale = Locale(identifier: "en_US_POSIX")
            for item in items {
                let dt = try #require(number(item, "dt"))
                #expect(item["dt_txt"] as? String == format.string(from: Date(timeIntervalSince1970: Double(dt))))
            }
            let city = body["city"] as? [String: Any]
            #expect(number(city, "sunrise") == 1_764_368_400 + offset)
            #expect(number(city, "sunset") == 1_764_404_100 + offset)
        }
    }

    @Test func oneCallBlocksMoveByTheCurrentAnchorEvenWhenCurrentIsExcluded() async throws {
        try await withMock(
            setup([
                ("o.json", cassetteJSON(interaction(path: "/data/3.0/onecall", body: oneCall)))
            ]), mode: .router
        ) { harness in
            let full = try #require(try await harness.respond("/data/3.0/onecall?lat=37.5683&lon=126.9778").jsonObject)
            let current = full["current"] as? [String: Any]
            let offset = try #require(number(current, "dt")) - Self.recorded
            #expect(abs(Double(Self.recorded + offset) - Self.clock.timeIntervalSince1970) <= 60)
            #expect(number(current, "sunrise") == 1_764_368_400 + offset)
            #expect(number((full["minutely"] as? [[String: Any]])?.first, "dt") == 1_764_410_460 + offset)
            #expect(number((full["hourly"] as? [[String: Any]])?.first, "dt") == 1_764_410_400 + offset)
            let daily = (full["daily"] as? [[String: Any]])?.first
            #expect(number(daily, "dt") == 1_764_385_200 + offset)
            #expect(number(daily, "sunset") == 1_764_404_100 + offset)
            #expect(number(daily, "moonrise") == 1_764_390_000 + offset)
            #expect(number(daily, "moonset") == 0, "0 means no moonset and stays 0")
            let alert = (full["alerts"] as? [[String: Any]])?.first
            #expect(number(alert, "start") == 1_764_400_000 + offset)
            #expect(number(alert, "end") == 1_764_486_400 + offset)
            let withoutCurrent = try #require(
                try await harness.respond("/data/3.0/onecall?lat=37.5683&lon=126.9778&exclude=current").jsonObject)
            #expect(withoutCurrent["current"] == nil)
            #expect(number((withoutCurrent["hourly"] as? [[String: Any]])?.first, "dt") == 1_764_410_400 + offset)
        }
    }

    @Test func unitConversionStillAppliesToAShiftedAnswer() async throws {
        try await withMock(setup([("c.json", cassetteJSON(interaction(body: current)))]), mode: .router) {
            harness throws in
            let body = try #require(try await harness.respond("/data/2.5/weather?q=seoul&units=metric").jsonObject)
            #expect((body["main"] as? [String: Any])?["temp"] as? Double == -2.34)
            #expect(try #require(number(body, "dt")) - Self.recorded > 29 * 86_400)
        }
    }

    @Test func aCassetteOptingOutIsServedAsRecordedUnderShiftTimes() async throws {
        let optedOut = #"""
            {"format": "mockweather-cassette/1", "source": "synthetic", "shiftTimes": false, "interactions": [\#(
                interaction(body: current))]}
            """#
        try await withMock(setup([("c.json", optedOut)]), mode: .router) { harness throws in
            #expect(number(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject, "dt") == Self.recorded)
        }
    }

    @Test func aResponseOptingInIsShiftedWithoutTheGlobalFlagAndOthersAreNot() async throws {
        let optedIn = #"""
            {"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}},
             "response": {"status": 200, "shiftTimes": true, "json": \#(current)}}
            """#
        try await withMock(
            setup(
                [
                    ("in.json", cassetteJSON(optedIn)),
                    ("out.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#, body: current))),
                ],
                shiftTimes: false), mode: .router
        ) { harness throws in
            #expect(
                try #require(number(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject, "dt"))
                    != Self.recorded)
            #expect(number(try await harness.respond("/data/2.5/weather?q=busan").jsonObject, "dt") == Self.recorded)
        }
    }

    @Test func aCassettesOwnTimeFieldsShiftAnAnswerTheProviderDoesNotKnow() async throws {
        let timeMachine = #"""
            {"request": {"path": "/data/3.0/onecall/timemachine", "query": {"dt": "*"}},
             "response": {"status": 200, "timeFields": ["data[].dt", "data[].sunrise"],
                          "json": {"data": [{"dt": 1764410437, "sunrise": 1764368400, "temp": 270.0}]}}}
            """#
        try await withMock(setup([("t.json", cassetteJSON(timeMachine))]), mode: .router) { harness throws in
            let item = try #require(
                (try await harness.respond("/data/3.0/onecall/timemachine?lat=1&lon=2&dt=5").jsonObject?["data"]
                    as? [[String: Any]])?
                    .first)
            let offset = try #require(number(item, "dt")) - Self.recorded
            #expect(offset > 29 * 86_400)
            #expect(number(item, "sunrise") == 1_764_368_400 + offset)
        }
    }

    @Test func anUnknownAnswerWithoutTimeFieldsAndAnErrorBodyAreServedAsRecorded() async throws {
        let timeMachine = interaction(
            path: "/data/3.0/onecall/timemachine", query: #"{"dt": "*"}"#, body: #"{"data":[{"dt":1764410437}]}"#)
        let error = interaction(query: #"{"q": "nowhere"}"#, body: #"{"cod":"404","message":"city not found"}"#)
        try await withMock(
            setup([("t.json", cassetteJSON(timeMachine)), ("e.json", cassetteJSON(error))]), mode: .router
        ) { harness throws in
            #expect(
                try await harness.respond("/data/3.0/onecall/timemachine?lat=1&lon=2&dt=5").text
                    == #"{"data":[{"dt":1764410437}]}"#)
            #expect(
                try await harness.respond("/data/2.5/weather?q=nowhere").text
                    == #"{"cod":"404","message":"city not found"}"#)
        }
    }

    @Test func airPollutionHistoryIsNeverShiftedWhateverItsCassetteSays() async throws {
        let history = #"""
            {"request": {"path": "/data/2.5/air_pollution/history", "query": {"start": "*", "end": "*"}},
             "response": {"status": 200, "shiftTimes": true, "timeFields": ["list[].dt"],
                          "json": {"list": [{"dt": 1764410400, "main": {"aqi": 2}}]}}}
            """#
        try await withMock(setup([("h.json", cassetteJSON(history))]), mode: .router) { harness in
            let answer = try await harness.respond("/data/2.5/air_pollution/history?lat=1&lon=2&start=1&end=2")
            #expect(answer.text.contains(#""dt":1764410400"#), "\(answer.text)")
        }
    }

    @Test func theBundledSeoulAnswerLooksCurrentUnderShiftTimes() async throws {
        try await withMock(setup(try bundledFiles()), mode: .router) { harness in
            let body = try #require(try await harness.respond("/data/2.5/weather?q=Seoul").jsonObject)
            let dt = try #require(number(body, "dt"))
            #expect(abs(Double(dt) - Self.clock.timeIntervalSince1970) <= 60)
        }
    }

    @Test(arguments: [
        (#""shiftTimes": "yes""#, "$.interactions[0].response.shiftTimes: expected true or false"),
        (#""timeFields": "dt""#, "$.interactions[0].response.timeFields: expected an array"),
        (#""timeFields": []"#, "$.interactions[0].response.timeFields: no fields"),
        (#""timeFields": ["list[.dt"]"#, "$.interactions[0].response.timeFields[0]: invalid time field"),
        (#""timeFields": ["sys..sunrise"]"#, "$.interactions[0].response.timeFields[0]: invalid time field"),
        (#""timeFields": [7]"#, "$.interactions[0].response.timeFields[0]: expected a string"),
    ])
    func aMalformedShiftMemberIsACassetteProblemNamingItsPath(member: String, message: String) {
        let file = cassetteJSON(
            #"{"request": {"path": "/data/2.5/weather"}, "response": {"status": 200, \#(member), "json": {}}}"#)
        let found = problems([("c.json", file)]).map(\.description)
        #expect(found.contains { $0.contains(message) }, "\(found)")
    }

    // MARK: - Times at the limits

    @Test(arguments: [
        (#"{"dt": 9223372036854775807}"#, "$.interactions[0].response.json.dt"),
        (
            #"{"dt": 1764410437, "sys": {"sunrise": -9223372036854775808}}"#,
            "$.interactions[0].response.json.sys.sunrise"
        ),
        (#"{"dt": 99999999999999999999}"#, "$.interactions[0].response.json.dt"),
        (#"{"dt": 253402300800}"#, "$.interactions[0].response.json.dt"),
        (#"{"dt": -62135596801}"#, "$.interactions[0].response.json.dt"),
    ])
    func aShiftedAnswersTimeOutsideTheClocksRangeIsAProblemNamingFileAndPath(body: String, path: String) {
        let file =
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "shiftTimes": true, "interactions": ["#
            + interaction(body: body) + "]}"
        let found = problems([("current/far.json", file)]).map(\.description)
        #expect(
            found.contains {
                $0.contains("current/far.json") && $0.contains("\(path): a time outside the clock's range")
            },
            "\(found)")
    }

    @Test func aForecastsTextTimeOrAnOwnTimeFieldOutsideTheRangeIsAProblemToo() {
        let forecastFile = cassetteJSON(
            interaction(
                path: "/data/2.5/forecast",
                body:
                    #"{"list": [{"dt": 1764417600, "dt_txt": "2025-11-29 12:00:00"}, {"dt": 1764428400, "dt_txt": "0000-01-01 00:00:00"}]}"#,
                extra: ""
            ).replacingOccurrences(of: #""status": 200,"#, with: #""status": 200, "shiftTimes": true,"#))
        let ownFile = cassetteJSON(
            #"{"request": {"path": "/custom"}, "response": {"status": 200, "shiftTimes": true, "timeFields": ["when"], "json": {"when": 9223372036854775807}}}"#
        )
        let found = problems([("f.json", forecastFile), ("o.json", ownFile)]).map(\.description)
        #expect(found.contains { $0.contains("$.interactions[0].response.json.list[1].dt_txt") }, "\(found)")
        #expect(found.contains { $0.contains("$.interactions[0].response.json.when") }, "\(found)")
    }

    @Test func timesInRangeAndAnswersNotShiftedByTheirCassetteLoadAsBefore() {
        let inRange =
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "shiftTimes": true, "interactions": ["#
            + interaction(body: #"{"dt": 253402300799, "sys": {"sunrise": -62135596800, "sunset": 0}, "name": 1e300}"#)
            + "]}"
        let notShifted = cassetteJSON(interaction(query: #"{"q": "far"}"#, body: #"{"dt": 9223372036854775807}"#))
        #expect(problems([("a.json", inRange), ("b.json", notShifted)]).isEmpty)
    }

    /// Recorded values at and past every limit, under `--shift-times` (which the decoder does not
    /// check) with the clock at the range's ends and in between: every request is answered, and every
    /// time is either moved into the range or left as recorded.
    @Test(
        arguments: [
            "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1e300", "-1e300", "253402300799",
            "-62135596800", "253402300800", "-62135596801", "1", "-1", #""9999-12-31 23:59:59""#,
            #""0001-01-01 00:00:00""#, #""0000-01-01 00:00:00""#, #""2026-02-31 00:00:00""#,
        ],
        [-62_135_596_800.0, 1_796_058_300, 253_402_300_799.999]
    )
    func anyRecordedTimeUnderAnyClockIsAnsweredInRangeOrAsRecorded(recorded: String, clock: Double) async throws {
        let current = #"{"dt":\#(recorded),"sys":{"sunrise":\#(recorded),"sunset":1764404100},"cod":200}"#
        let forecast =
            #"{"list":[{"dt":1764417600,"dt_txt":\#(recorded)},{"dt":\#(recorded),"dt_txt":"2025-11-29 15:00:00"}]}"#
        try await withMock(
            setup(
                [
                    (
                        "c.json",
                        cassetteJSON(
                            interaction(body: current), interaction(path: "/data/2.5/forecast", body: forecast))
                    )
                ],
                clock: Date(timeIntervalSince1970: clock)), mode: .router
        ) { harness in
            let answers = [
                try await harness.respond("/data/2.5/weather?q=seoul"),
                try await harness.respond("/data/2.5/forecast?q=seoul"),
            ]
            for answer in answers {
                #expect(answer.status == 200, "\(answer.text)")
                let body = try JSONParser.parse(answer.body)
                let fields = ["dt", "sys.sunrise", "sys.sunset", "list[].dt", "list[].dt_txt"].compactMap(
                    TimeField.init)
                for field in fields {
                    for value in field.values(in: body) {
                        let written = value.numberText ?? value.stringValue.map(JSONValue.quoted) ?? ""
                        let inRange = TimeShift.seconds(of: value).map(ClockRange.contains(seconds:)) ?? false
                        #expect(inRange || written == recorded, "\(field): \(written) from \(recorded)")
                    }
                }
            }
        }
    }
}
