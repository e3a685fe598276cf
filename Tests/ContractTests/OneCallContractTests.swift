import Foundation
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Call against the real server: one recorded full answer serves every `exclude` combination, and
/// the same answer requested in standard, metric and imperial is the same weather once the client has
/// read each in its units.
@Suite(.pooledContractSessions) struct OneCallContractTests {
    static let seoul = Coordinate(latitude: 37.5683, longitude: 126.9778)

    private func client(_ baseURL: URL, _ session: URLSession, units: Units = .metric, apiKey: String = "")
        -> OpenWeatherClient
    {
        OpenWeatherClient(
            apiKey: apiKey, baseURL: baseURL, units: units, transport: URLSessionTransport(session: session))
    }

    /// Combinations a client sends: each block alone, the common pairs, everything (a cheap key check).
    static let exclusions: [[OneCallBlock]] = [
        [.current], [.minutely], [.hourly], [.daily], [.alerts], [.minutely, .alerts], [.current, .hourly, .daily],
        OneCallBlock.allCases,
    ]

    // One server per mode for every combination: a server per combination would start dozens of
    // processes in a full run on a shared machine.
    /// Excluded blocks are absent and every other block is exactly as in the full answer.
    @Test(arguments: ContractMode.products)
    func excludedBlocksAreAbsentAndTheRestUnchanged(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let full = try await client(baseURL, session).oneCall(at: Self.seoul)
            for block in OneCallBlock.allCases {
                #expect(full.block(block) != nil, "the bundled Seoul answer has every block, \(block) too")
            }
            for excluded in Self.exclusions {
                let partial = try await client(baseURL, session).oneCall(at: Self.seoul, excluding: Set(excluded))
                for block in OneCallBlock.allCases {
                    if excluded.contains(block) {
                        #expect(partial.block(block) == nil, "excluding \(excluded): \(block) is still there")
                    } else {
                        #expect(partial.block(block) == full.block(block), "excluding \(excluded): \(block) differs")
                    }
                }
                #expect(partial.timeZone == full.timeZone)
                #expect(partial.coordinate == full.coordinate)
            }
        }
    }

    @Test(arguments: ContractMode.products)
    func standardMetricAndImperialOfOneAnswerAreTheSameWeather(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            var answers: [Units: OneCall] = [:]
            for units in Units.allCases {
                answers[units] = try await client(baseURL, session, units: units).oneCall(at: Self.seoul)
            }
            let standard = try #require(answers[.standard])
            let reference = standard.temperatures
            #expect(reference.count > 100, "current, 48 hours and 8 days give many temperatures: \(reference.count)")
            for units in [Units.metric, .imperial] {
                let answer = try #require(answers[units])
                let temperatures = answer.temperatures
                #expect(temperatures.map(\.field) == reference.map(\.field))
                for (converted, original) in zip(temperatures, reference) {
                    #expect(converted.value.unit == units.temperatureUnit, "\(converted.field) in \(units)")
                    #expect(
                        abs(converted.value.celsius - original.value.celsius) <= 0.01,
                        "\(converted.field) in \(units): \(converted.value) is not \(original.value)"
                    )
                }
                for (converted, original) in zip(answer.winds, standard.winds) {
                    #expect(
                        abs(metersPerSecond(converted.speed, units) - original.speed) <= 0.01,
                        "wind speed in \(units): \(converted.speed) \(units.speedUnit.symbol) is not \(original.speed) m/s"
                    )
                    if let gust = converted.gust, let originalGust = original.gust {
                        #expect(abs(metersPerSecond(gust, units) - originalGust) <= 0.01, "gust in \(units)")
                    } else {
                        #expect(converted.gust == nil && original.gust == nil, "a gust in one unit system only")
                    }
                    #expect(converted.direction == original.direction, "the direction never converts")
                }
                #expect(answer.current?.humidity == standard.current?.humidity)
                #expect(answer.current?.pressure == standard.current?.pressure)
                #expect(answer.daily?.map(\.conditions) == standard.daily?.map(\.conditions))
            }
        }
    }

    @Test(arguments: ContractMode.products)
    func timeMachineAndDaySummaryAgreeAcrossUnitSystems(in mode: ContractMode) async throws {
        let day = try #require(CalendarDate("2022-12-05"))
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let time = Date(timeIntervalSince1970: 1_670_206_443)
            let standardHistory = try await client(baseURL, session, units: .standard).historicalWeather(
                at: Self.seoul, time: time)
            let standardSummary = try await client(baseURL, session, units: .standard).daySummary(
                at: Self.seoul, date: day)
            let reference = try #require(standardHistory.snapshot)
            for units in [Units.metric, .imperial] {
                let history = try await client(baseURL, session, units: units).historicalWeather(
                    at: Self.seoul, time: time)
                let snapshot = try #require(history.snapshot)
                for (name, converted, original) in [
                    ("data[0].temp", snapshot.temperature, reference.temperature),
                    ("data[0].feels_like", snapshot.feelsLike, reference.feelsLike),
                    ("data[0].dew_point", snapshot.dewPoint, reference.dewPoint),
                ] {
                    #expect(abs(converted.celsius - original.celsius) <= 0.01, "\(name) in \(units)")
                }
                #expect(abs(metersPerSecond(snapshot.wind.speed, units) - reference.wind.speed) <= 0.01)

                let summary = try await client(baseURL, session, units: units).daySummary(at: Self.seoul, date: day)
                #expect(summary.units == units, "day_summary's own units field says \(summary.units)")
                let pairs = [
                    ("min", summary.temperatures.minimum, standardSummary.temperatures.minimum),
                    ("max", summary.temperatures.maximum, standardSummary.temperatures.maximum),
                    ("afternoon", summary.temperatures.afternoon, standardSummary.temperatures.afternoon),
                    ("night", summary.temperatures.night, standardSummary.temperatures.night),
                    ("evening", summary.temperatures.evening, standardSummary.temperatures.evening),
                    ("morning", summary.temperatures.morning, standardSummary.temperatures.morning),
                ]
                for (name, converted, original) in pairs {
                    #expect(converted.unit == units.temperatureUnit, "temperature.\(name) in \(units)")
                    #expect(abs(converted.celsius - original.celsius) <= 0.01, "temperature.\(name) in \(units)")
                }
                #expect(
                    abs(metersPerSecond(summary.maximumWind.speed, units) - standardSummary.maximumWind.speed) <= 0.01,
                    "wind.max.speed in \(units)"
                )
            }
        }
    }

    @Test(arguments: ContractMode.products)
    func aKeyWithoutASubscriptionGetsTheAPIsOwnMessageOnEveryPath(in mode: ContractMode) async throws {
        let day = try #require(CalendarDate("2022-12-05"))
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session, apiKey: "no-onecall-subscription")
            let paths: [(String, () async throws(WeatherError) -> Void)] = [
                ("onecall", { () async throws(WeatherError) in _ = try await client.oneCall(at: Self.seoul) }),
                (
                    "timemachine",
                    { () async throws(WeatherError) in
                        _ = try await client.historicalWeather(at: Self.seoul, time: Date())
                    }
                ),
                (
                    "day_summary",
                    { () async throws(WeatherError) in _ = try await client.daySummary(at: Self.seoul, date: day) }
                ),
                ("overview", { () async throws(WeatherError) in _ = try await client.weatherOverview(at: Self.seoul) }),
            ]
            for (path, call) in paths {
                do throws(WeatherError) {
                    try await call()
                    Issue.record("\(path): answered without a One Call subscription")
                } catch {
                    guard case .unauthorized(let message) = error else {
                        Issue.record("\(path): expected unauthorized, got \(error)")
                        continue
                    }
                    #expect(message.hasPrefix("Please note that using One Call 3.0 requires a separate subscription"))
                    #expect(message.hasSuffix("https://openweathermap.org/faq#error401 for more info."))
                }
            }
        }
    }
}

/// A speed the client read in `units` as metres per second (imperial answers are in mph).
private func metersPerSecond(_ speed: Double, _ units: Units) -> Double {
    units.speedUnit == .milesPerHour ? speed * 0.44704 : speed
}

extension OneCall {
    /// One block, type-erased so blocks compare alike (`nil` when absent).
    fileprivate func block(_ block: OneCallBlock) -> AnyHashable? {
        switch block {
        case .current: current.map(AnyHashable.init)
        case .minutely: minutely.map(AnyHashable.init)
        case .hourly: hourly.map(AnyHashable.init)
        case .daily: daily.map(AnyHashable.init)
        case .alerts: alerts.map(AnyHashable.init)
        }
    }

    /// Every temperature of the answer with its JSON field, in body order.
    fileprivate var temperatures: [(field: String, value: Temperature)] {
        var all: [(String, Temperature)] = []
        func snapshot(_ prefix: String, _ item: WeatherSnapshot) {
            all += [("\(prefix).temp", item.temperature), ("\(prefix).feels_like", item.feelsLike)]
            all.append(("\(prefix).dew_point", item.dewPoint))
        }
        if let current { snapshot("current", current) }
        for (index, hour) in (hourly ?? []).enumerated() { snapshot("hourly[\(index)]", hour) }
        for (index, day) in (daily ?? []).enumerated() {
            let temp = day.temperatures
            let feels = day.feelsLike
            all += [
                ("daily[\(index)].temp.day", temp.day), ("daily[\(index)].temp.min", temp.minimum),
                ("daily[\(index)].temp.max", temp.maximum), ("daily[\(index)].temp.night", temp.night),
                ("daily[\(index)].temp.eve", temp.evening), ("daily[\(index)].temp.morn", temp.morning),
                ("daily[\(index)].feels_like.day", feels.day), ("daily[\(index)].feels_like.night", feels.night),
                ("daily[\(index)].feels_like.eve", feels.evening), ("daily[\(index)].feels_like.morn", feels.morning),
                ("daily[\(index)].dew_point", day.dewPoint),
            ]
        }
        return all
    }

    /// Every wind of the answer: current, each hour, each day.
    fileprivate var winds: [Wind] {
        (current.map { [$0.wind] } ?? []) + (hourly ?? []).map(\.wind) + (daily ?? []).map(\.wind)
    }
}
