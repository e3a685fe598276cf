import Foundation
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Call 4.0 through the real client against the bundled set, in every mode: a walk across the 48
/// forecast hours page by page through the links the mock writes, history before them without `pop`,
/// alert ids on the records resolved to their detail, and the subscription walls as typed errors.
@Suite(.pooledContractSessions) struct OneCall4ContractTests {
    static let seoul = Coordinate(latitude: 37.5683, longitude: 126.9778)
    static let daegu = Coordinate(latitude: 35.8714, longitude: 128.6014)

    private func client(_ baseURL: URL, _ session: URLSession, key: String = "contract-suite-placeholder-key")
        -> OpenWeatherClient
    {
        OpenWeatherClient(
            apiKey: key, baseURL: baseURL, units: .metric, transport: URLSessionTransport(session: session))
    }

    @Test(arguments: ContractMode.selected)
    func aPagedWalkCoversTheFortyEightForecastHoursThenStops(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session)
            var pages: [OneCall4Page<OneCall4Interval>] = []
            for try await page in client.oneCall4Pages(.hours, at: Self.seoul) { pages.append(page) }
            let hours = pages.flatMap(\.records)
            #expect(pages.map(\.records.count) == [20, 20, 8], "48 hours, the last page cut at the horizon")
            let first = try #require(hours.first?.time)
            #expect(hours.map(\.time) == (0..<48).map { first.addingTimeInterval(Double($0) * 3_600) })
            #expect(hours.allSatisfy { $0.precipitationProbability != nil }, "forecast hours carry pop")
            #expect(pages.last?.next == nil)
            #expect(pages.allSatisfy { $0.timeZone == "Asia/Seoul" })
            // The same hours as One Call 3.0's, from the same recording.
            let oneCall = try await client.oneCall(at: Self.seoul)
            let hourly = try #require(oneCall.hourly)
            #expect(hourly.count == 48)
            for (four, three) in zip(hours, hourly) {
                #expect(four.time == three.time)
                #expect(abs(four.temperature.value - three.temperature.value) < 0.011, "\(four.time)")
            }
        }
    }

    @Test(arguments: ContractMode.selected)
    func historyBeforeNowIsReachedThroughPrevAndHasNoPop(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session)
            let now = try await client.oneCall4Timeline(.hours, at: Self.seoul)
            let earlier = try #require(try await client.previousPage(before: now))
            let first = try #require(now.first?.time)
            #expect(
                earlier.records.map(\.time) == (1...20).reversed().map { first.addingTimeInterval(-Double($0) * 3_600) }
            )
            #expect(earlier.records.allSatisfy { $0.precipitationProbability == nil })
            let days = try await client.oneCall4Timeline(.days, at: Self.seoul)
            let pastDays = try #require(try await client.previousPage(before: days))
            #expect(pastDays.records.count == 10 && pastDays.records.allSatisfy { $0.precipitationProbability == nil })
        }
    }

    @Test(arguments: ContractMode.selected)
    func alertIdsOnTheRecordsResolveToTheirDetailInEitherShape(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session)
            // Seoul's cold wave begins within the 48 forecast hours; its detail has the live shape.
            var seoulIDs: Set<String> = []
            for try await page in client.oneCall4Pages(.hours, at: Self.seoul) {
                seoulIDs.formUnion(page.records.flatMap(\.alertIDs))
            }
            let coldWaveID = try #require(seoulIDs.first, "Seoul's cold wave is on its hours")
            #expect(seoulIDs.count == 1)
            let coldWave = try await client.oneCall4Alert(id: coldWaveID)
            #expect(coldWave.id == coldWaveID)
            #expect(coldWave.event == nil, "the live shape's event is empty")
            #expect(coldWave.text(preferring: ["ko-KR"])?.language == "ko-KR")
            #expect(coldWave.text(preferring: ["fr"])?.language == "en-US")
            // Daegu's advisory is in force now, on every minute; its detail has the documented shape.
            let minutes = try await client.oneCall4Timeline(.minutes, at: Self.daegu)
            let advisoryID = try #require(Set(minutes.records.flatMap(\.alertIDs)).first)
            #expect(minutes.records.allSatisfy { $0.alertIDs == [advisoryID] })
            let advisory = try await client.oneCall4Alert(id: advisoryID)
            #expect(advisory.event?.isEmpty == false)
            #expect(advisory.texts.count == 1 && advisory.texts.first?.language == nil)
        }
    }

    @Test(arguments: ContractMode.selected)
    func theSubscriptionWallsAreTypedErrorsCarryingTheServersText(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            do {
                _ = try await client(baseURL, session, key: "onecall3-only").oneCall4Current(at: Self.seoul)
                Issue.record("a key without One Call 4.0 got an answer")
            } catch let error as WeatherError {
                #expect(error.missingSubscription == .oneCall4, "\(error)")
                #expect(error.serverMessage?.hasPrefix("Please note that using One Call 4.0") == true)
            }
            do {
                _ = try await client(baseURL, session, key: "onecall4-only").oneCall(at: Self.seoul)
                Issue.record("a key without One Call 3.0 got an answer")
            } catch let error as WeatherError {
                #expect(error.missingSubscription == .oneCall3, "\(error)")
            }
            let current = try await client(baseURL, session, key: "onecall4-only").oneCall4Current(at: Self.seoul)
            #expect(current.first != nil)
        }
    }
}
