import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `GET|PUT /__admin/clock` and `POST /__admin/clock/advance`: what they set, what they refuse, and
/// who may call them. Every clock here is fixed; none reads the machine's time.
@Suite struct AdminClockTests {
    private let files = [("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))]
    private let json: HTTPHeaders = ["Host": "127.0.0.1", "Content-Type": "application/json"]

    /// A harness whose clock starts fixed at `start`.
    private func setup(fixedAt start: String = "2026-12-01T02:05+09:00") throws -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(try #require(MockClock.instant(fromISO8601: start)))
        return .cassettes(files, options: options)
    }

    private func send(_ harness: MockClient, _ method: String, _ target: String, _ body: String) async throws
        -> HTTPResponse
    {
        try await harness.respond(target, method: method, headers: json, body: Array(body.utf8))
    }

    @Test func getShowsAFixedClockInUTCAndThatItIsFixed() async throws {
        let reading = try #require(
            try await withMock(setup(), mode: .router) { try await $0.respond("/__admin/clock") }.jsonObject)
        #expect(reading["now"] as? String == "2026-11-30T17:05:00.000Z")
        #expect(reading["fixed"] as? Bool == true)
    }

    @Test func putFixesTheClockAtTheInstantGiven() async throws {
        try await withMock(setup(), mode: .router) { harness in
            let answer = try await send(harness, "PUT", "/__admin/clock", #"{"fixedAt": "2027-01-02T03:04:05Z"}"#)
            #expect(answer.status == 200)
            #expect(answer.jsonObject?["now"] as? String == "2027-01-02T03:04:05.000Z")
            #expect(try harness.stack.clock.now == Date(timeIntervalSince1970: 1_798_859_045))
        }
    }

    @Test func putRealPutsTheClockBackOnRealTime() async throws {
        try await withMock(setup(), mode: .router) { harness in
            let answer = try await send(harness, "PUT", "/__admin/clock", #"{"real": true}"#)
            #expect(answer.status == 200)
            #expect(answer.jsonObject?["fixed"] as? Bool == false)
            #expect(try harness.stack.clock.current == .real)
        }
    }

    @Test(arguments: [
        (#"{"seconds": 5400}"#, "2026-11-30T18:35:00.000Z"),
        (#"{"by": "90m"}"#, "2026-11-30T18:35:00.000Z"),
        (#"{"by": "1h"}"#, "2026-11-30T18:05:00.000Z"),
        (#"{"by": "-1d"}"#, "2026-11-29T17:05:00.000Z"),
        (#"{"seconds": -30.5}"#, "2026-11-30T17:04:29.500Z"),
    ])
    func advanceMovesAFixedClockAndKeepsItFixed(body: String, expected: String) async throws {
        try await withMock(setup(), mode: .router) { harness in
            let answer = try await send(harness, "POST", "/__admin/clock/advance", body)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.jsonObject?["now"] as? String == expected)
            #expect(answer.jsonObject?["fixed"] as? Bool == true)
            #expect(try await harness.respond("/__admin/clock").jsonObject?["now"] as? String == expected)
        }
    }

    @Test func advancingARealClockFixesItAtRealTimePlusTheAdvance() async throws {
        let clock = MockClock(.real) { Date(timeIntervalSince1970: 1_000) }
        #expect(try clock.advance(bySeconds: 60) == Date(timeIntervalSince1970: 1_060))
        #expect(clock.current == .fixed(Date(timeIntervalSince1970: 1_060)))
    }

    @Test(arguments: [
        ("PUT", "/__admin/clock", "", "$: no body"),
        ("PUT", "/__admin/clock", "[", "$: not JSON"),
        ("PUT", "/__admin/clock", "[]", "$: expected"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-12-01 02:05"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-12-01T02:05"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": 1796058300}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"real": false}"#, "$.real: expected true"),
        ("PUT", "/__admin/clock", #"{"real": true, "fixedAt": "2026-12-01T02:05Z"}"#, "$: expected exactly one"),
        ("PUT", "/__admin/clock", #"{"fixed_at": "2026-12-01T02:05Z"}"#, "$.fixed_at: unknown member"),
        ("POST", "/__admin/clock/advance", #"{"by": "soon"}"#, "$.by: expected a duration"),
        ("POST", "/__admin/clock/advance", #"{"by": 90}"#, "$.by: expected a duration"),
        ("POST", "/__admin/clock/advance", #"{"seconds": "90"}"#, "$.seconds: expected a number"),
        ("POST", "/__admin/clock/advance", #"{"seconds": 1e12}"#, "$.seconds: at most a century"),
        ("POST", "/__admin/clock/advance", #"{"by": "1000000000000d"}"#, "$.by: at most a century"),
        ("POST", "/__admin/clock/advance", #"{"by": "--1d"}"#, "$.by: expected a duration"),
        ("POST", "/__admin/clock/advance", #"{"seconds": 1e400}"#, "$.seconds: expected a number"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-02-31T00:00Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-02-29T00:00Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "1900-02-29T00:00Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-04-31T00:00Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "2026-12-31T23:59:60Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "0000-01-01T00:00Z"}"#, "$.fixedAt: expected an ISO 8601"),
        ("PUT", "/__admin/clock", #"{"fixedAt": "0001-01-01T00:00+01:00"}"#, "$.fixedAt: expected an ISO 8601"),
        ("POST", "/__admin/clock/advance", "{}", "$: expected exactly one"),
    ])
    func aBadBodyIs400NamingWhereAndLeavesTheClockAlone(method: String, target: String, body: String, message: String)
        async throws
    {
        try await withMock(setup(), mode: .router) { harness in
            let answer = try await send(harness, method, target, body)
            #expect(answer.status == 400)
            let error = try #require(answer.jsonObject?["error"] as? String)
            #expect(error.contains("clock \(message)"), "\(error)")
            #expect(
                try await harness.respond("/__admin/clock").jsonObject?["now"] as? String == "2026-11-30T17:05:00.000Z")
        }
    }

    @Test(arguments: [
        ("2024-02-29T12:00Z", "2024-02-29T12:00:00.000Z"), ("2000-02-29T00:00Z", "2000-02-29T00:00:00.000Z"),
    ])
    func aLeapDayOfALeapYearIsAnInstant(text: String, expected: String) async throws {
        let answer = try await withMock(setup(), mode: .router) {
            try await send($0, "PUT", "/__admin/clock", #"{"fixedAt": "\#(text)"}"#)
        }
        #expect(answer.status == 200)
        #expect(answer.jsonObject?["now"] as? String == expected)
    }

    @Test(arguments: [
        ("9999-12-31T00:00Z", #"{"by": "1d"}"#, "$.by", "9999-12-31T00:00:00.000Z"),
        ("9999-12-31T00:00Z", #"{"seconds": 86400}"#, "$.seconds", "9999-12-31T00:00:00.000Z"),
        ("0001-01-01T00:00Z", #"{"by": "-1s"}"#, "$.by", "0001-01-01T00:00:00.000Z"),
    ])
    func anAdvancePastTheClocksRangeIs400NamingTheMemberAndTheRangeAndTheClockStays(
        start: String, body: String, member: String, reading: String
    ) async throws {
        try await withMock(setup(fixedAt: start), mode: .router) { harness in
            let answer = try await send(harness, "POST", "/__admin/clock/advance", body)
            #expect(answer.status == 400)
            let error = try #require(answer.jsonObject?["error"] as? String)
            #expect(error.hasPrefix("clock \(member): moving the clock from \(reading)"), "\(error)")
            #expect(error.contains(ClockRange.description), "\(error)")
            #expect(try await harness.respond("/__admin/clock").jsonObject?["now"] as? String == reading)
        }
    }

    @Test func centuryAdvancesStopAtTheRangesEndAndEveryReadingStaysAnInstant() async throws {
        try await withMock(setup(), mode: .router) { harness in
            var statuses: [Int] = []
            var readings: [String] = []
            for _ in 0..<81 {
                statuses.append(try await send(harness, "POST", "/__admin/clock/advance", #"{"by": "36600d"}"#).status)
                readings.append(try await harness.respond("/__admin/clock").jsonObject?["now"] as? String ?? "")
            }
            #expect(statuses.prefix(79).allSatisfy { $0 == 200 })
            #expect(statuses.suffix(2) == [400, 400])
            #expect(readings.last == "9943-04-20T17:05:00.000Z")
            #expect(readings.allSatisfy { MockClock.instant(fromISO8601: $0) != nil }, "\(readings)")
        }
    }

    @Test func theClockRefusesToBeFixedOrAdvancedOutsideItsRange() throws {
        let clock = MockClock(.fixed(Date(timeIntervalSince1970: 0)))
        #expect(throws: ClockRangeError.instantOutOfRange(seconds: 1e300)) {
            try clock.set(.fixed(Date(timeIntervalSince1970: 1e300)))
        }
        #expect(throws: ClockRangeError.self) { try clock.set(.fixed(Date(timeIntervalSince1970: .nan))) }
        #expect(throws: ClockRangeError.advanceOutOfRange(from: Date(timeIntervalSince1970: 0), seconds: 3e11)) {
            try clock.advance(bySeconds: 3e11)
        }
        #expect(throws: ClockRangeError.self) { try clock.advance(bySeconds: .infinity) }
        #expect(clock.current == .fixed(Date(timeIntervalSince1970: 0)))
    }

    @Test func aClockMadeOutsideItsRangeStandsAtTheNearestBound() {
        #expect(
            MockClock.iso8601(MockClock(.fixed(Date(timeIntervalSince1970: 1e300))).now) == "9999-12-31T23:59:59.999Z")
        #expect(
            MockClock.iso8601(MockClock(.fixed(Date(timeIntervalSince1970: -1e300))).now) == "0001-01-01T00:00:00.000Z")
        #expect(
            MockClock.iso8601(MockClock(.fixed(Date(timeIntervalSince1970: .nan))).now) == "0001-01-01T00:00:00.000Z")
    }

    @Test func theWrongMethodIs405WithAllow() async throws {
        try await withMock(setup(), mode: .router) { harness in
            let deleted = try await send(harness, "DELETE", "/__admin/clock", "")
            #expect(deleted.status == 405)
            #expect(deleted.headers["Allow"] == "GET, PUT")
            let advanceByGET = try await harness.respond("/__admin/clock/advance")
            #expect(advanceByGET.status == 405)
            #expect(advanceByGET.headers["Allow"] == "POST")
        }
    }

    @Test func healthShowsTheClock() async throws {
        let clock = try #require(
            try await withMock(setup(), mode: .router) { try await $0.respond("/__admin/health") }.jsonObject?["clock"]
                as? [String: Any])
        #expect(clock["now"] as? String == "2026-11-30T17:05:00.000Z")
        #expect(clock["fixed"] as? Bool == true)
    }

    @Test func theJournalKeepsRealTimestampsWhateverTheClockSays() async throws {
        try await withMock(setup(fixedAt: "2001-01-01T00:00Z"), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            let entry = try #require(
                (try await harness.respond("/__admin/requests").jsonObject?["requests"] as? [[String: Any]])?.first)
            let time = try #require(entry["time"] as? String)
            #expect(!time.hasPrefix("2001-"), "\(time)")
        }
    }

    @Test func aWebPageCannotSetOrAdvanceTheClock() async throws {
        try await withMock(.cassettes(files), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!)
            let page = ["Origin: https://evil.example", "Content-Type: text/plain", "Sec-Fetch-Site: cross-site"]
            let set = try await client.exchange(
                method: "PUT", "/__admin/clock", headers: page, body: #"{"fixedAt": "2001-01-01T00:00Z"}"#)
            #expect(set.head.hasPrefix("HTTP/1.1 403"), "\(set.head)")
            let advance = try await client.exchange(
                method: "POST", "/__admin/clock/advance", headers: page, body: #"{"by": "1h"}"#)
            #expect(advance.head.hasPrefix("HTTP/1.1 403"))
            let plain = try await client.exchange(
                method: "PUT", "/__admin/clock", headers: ["Content-Type: text/plain"],
                body: #"{"fixedAt": "2001-01-01T00:00Z"}"#)
            #expect(plain.head.hasPrefix("HTTP/1.1 415"))
            let rebound = try await client.exchange(
                method: "GET", "/__admin/clock", headers: ["Host: evil.example:\(base.port!)"])
            #expect(rebound.head.hasPrefix("HTTP/1.1 421"))
            let reading = try await client.exchange(method: "GET", "/__admin/clock", headers: [])
            #expect(reading.body.contains(#""fixed":false"#), "\(reading.body)")
            let own = try await client.exchange(
                method: "PUT", "/__admin/clock", headers: ["Content-Type: application/json"],
                body: #"{"fixedAt": "2001-01-01T00:00Z"}"#)
            #expect(own.body.contains(#""now":"2001-01-01T00:00:00.000Z""#), "\(own.body)")
        }
    }
}
