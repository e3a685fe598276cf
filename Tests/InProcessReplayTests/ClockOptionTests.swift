import Foundation
import MockWeather
import MockWeatherURLProtocol
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ReplayOptions.clock`, `.shiftTimes` and `.providerSettings`, and the `clock` handle of both
/// in-process modes, through the public API only. Every clock is fixed.
@Suite struct ClockOptionTests {
    /// 2026-12-01T02:05+09:00.
    private let start = Date(timeIntervalSince1970: 1_796_058_300)
    /// The `dt` of the cassette below (2022-12-05T02:14:03Z).
    private let recordedDt = 1_670_206_443

    private var seoul: CassetteSet {
        .cassettes([InlineCassette.answering("/data/2.5/weather", json: weatherBody(name: "Seoul", kelvin: 270))])
    }

    private func options(shiftTimes: Bool = true) -> ReplayOptions {
        var options = ReplayOptions()
        options.clock = start
        options.shiftTimes = shiftTimes
        return options
    }

    private func dtField(_ body: String) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
            return nil
        }
        return object["dt"] as? Int
    }

    @Test func theServerStartsWithTheClockFixedWhereTheOptionsSay() async throws {
        try await InProcessMockWeather.run(seoul, options: options()) { mock in
            #expect(mock.clock.now == start)
            #expect(mock.clock.isFixed)
            let (status, body) = try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: .shared).get()
            #expect(status == 200)
            let dt = try #require(dtField(body))
            #expect(abs(Double(dt) - start.timeIntervalSince1970) <= 60)
        }
    }

    @Test func aTestAdvancesAndSetsTheServersClockAndTheAnswersFollow() async throws {
        try await InProcessMockWeather.run(seoul, options: options()) { mock in
            let before = try #require(
                dtField(try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: .shared).get().1))
            #expect(try mock.clock.advance(by: .seconds(90 * 60)) == start.addingTimeInterval(5_400))
            let after = try #require(
                dtField(try await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: .shared).get().1))
            #expect(after - before == 5_400)
            try mock.clock.set(Date(timeIntervalSince1970: 1_800_000_000))
            #expect(mock.clock.now == Date(timeIntervalSince1970: 1_800_000_000))
            mock.clock.useRealTime()
            #expect(!mock.clock.isFixed)
        }
    }

    @Test func theReplayersClockIsSetAndAdvancedTheSameWay() async throws {
        let replayer = try MockWeatherReplayer(seoul, options: options())
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let api = URL(string: "https://api.openweathermap.org")!
        let first = try #require(dtField(try await fetch(weatherURL(api, "q=Seoul"), session: session).get().1))
        #expect(abs(Double(first) - start.timeIntervalSince1970) <= 60)
        try replayer.clock.advance(by: .seconds(-3_600))
        let earlier = try #require(dtField(try await fetch(weatherURL(api, "q=Seoul"), session: session).get().1))
        #expect(first - earlier == 3_600)
    }

    /// `set` and `advance` once took any instant, and a reading past 9999 printed as zeroes.
    @Test func theReplayersClockRefusesInstantsBeforeYear1OrAfter9999AndStaysPut() throws {
        let replayer = try MockWeatherReplayer(seoul, options: options())
        let far = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(throws: ReplayClockError.outOfRange(far)) { try replayer.clock.set(far) }
        #expect(throws: ReplayClockError.advanceOutOfRange(from: start, by: .seconds(300_000_000_000))) {
            try replayer.clock.advance(by: .seconds(300_000_000_000))
        }
        #expect(replayer.clock.now == start)
        var late = options()
        late.clock = Date(timeIntervalSince1970: -1e300)
        #expect {
            _ = try MockWeatherReplayer(seoul, options: late)
        } throws: { error in
            "\(error)".contains("ReplayOptions.clock") && "\(error)".contains("0001-01-01T00:00:00Z to 9999")
        }
    }

    @Test func withoutShiftTimesTheRecordedTimesAreServed() async throws {
        let replayer = try MockWeatherReplayer(seoul, options: options(shiftTimes: false))
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let api = URL(string: "https://api.openweathermap.org")!
        #expect(dtField(try await fetch(weatherURL(api, "q=Seoul"), session: session).get().1) == recordedDt)
    }

    @Test func aProviderSettingOfNoRegisteredProviderFailsTheStartNamingIt() throws {
        var options = ReplayOptions()
        options.providerSettings = ["nosuchapi.gateway": "json"]
        #expect {
            _ = try MockWeatherReplayer(seoul, options: options)
        } throws: { error in
            "\(error)".contains("nosuchapi.gateway") && "\(error)".contains("openweathermap")
        }
        options.providerSettings = ["kma.gateway": "JSON"]
        _ = try MockWeatherReplayer(seoul, options: options)
        // Once accepted silently: a setting no provider has, and a value the setting does not take.
        for (name, value, expected) in [
            ("kma.nonexistent", "1", "kma.gateway"), ("kma.gateway", "jsno", "xml or json"),
            ("openweathermap.anything", "on", "openweathermap has none"),
        ] {
            options.providerSettings = [name: value]
            #expect {
                _ = try MockWeatherReplayer(seoul, options: options)
            } throws: { error in
                "\(error)".contains(name) && "\(error)".contains(expected)
            }
        }
    }
}
