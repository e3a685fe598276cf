import Foundation
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Air pollution history through the real client against the bundled set: the range the client asks
/// for decides which readings come back, as at the API.
@Suite(.pooledContractSessions) struct AirHistoryContractTests {
    static let seoul = Coordinate(latitude: 37.5683, longitude: 126.9778)
    /// 2022-12-03 06:00 KST, inside the bundled archive (2022-11-28 to 2022-12-05).
    static let morning = Date(timeIntervalSince1970: 1_670_014_800)

    private func client(_ baseURL: URL, _ session: URLSession) -> OpenWeatherClient {
        OpenWeatherClient(
            apiKey: "contract-suite-placeholder-key", baseURL: baseURL, transport: URLSessionTransport(session: session)
        )
    }

    @Test(arguments: ContractMode.selected)
    func theClientGetsTheHourlyReadingsOfTheRangeItAsksFor(in mode: ContractMode) async throws {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session)
            let six = try await client.airPollutionHistory(
                at: Self.seoul, from: Self.morning, to: Self.morning.addingTimeInterval(6 * 3600))
            #expect(six.readings.map(\.time) == (0..<6).map { Self.morning.addingTimeInterval(Double($0) * 3600) })
            #expect(six.coordinate == Self.seoul)
            let day = try await client.airPollutionHistory(
                at: Self.seoul, from: Self.morning, to: Self.morning.addingTimeInterval(86_400))
            #expect(day.readings.count == 24)
            #expect(Array(day.readings.prefix(6)) == six.readings, "a longer range starts with the same readings")
            let later = try await client.airPollutionHistory(
                at: Self.seoul, from: Self.morning.addingTimeInterval(86_400),
                to: Self.morning.addingTimeInterval(86_400 + 3600))
            #expect(later.readings.map(\.time) == [Self.morning.addingTimeInterval(86_400)])
            #expect(later.first?.components != six.first?.components)
        }
    }

    @Test(arguments: ContractMode.selected)
    func aRangeBeforeTheArchiveBeginsIsNoReadingsAndOneAfterTheRecordingIsNoAnswer(in mode: ContractMode)
        async throws
    {
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = client(baseURL, session)
            let early = try await client.airPollutionHistory(
                at: Self.seoul, from: Date(timeIntervalSince1970: 1_577_836_800),
                to: Date(timeIntervalSince1970: 1_577_923_200))
            #expect(early.readings.isEmpty)
            // After the recording the mock cannot know the readings: it fails closed instead of inventing them.
            do {
                let invented = try await client.airPollutionHistory(
                    at: Self.seoul, from: Date(timeIntervalSince1970: 1_672_531_200),
                    to: Date(timeIntervalSince1970: 1_672_617_600))
                Issue.record("expected no answer for 2023-01-01, got \(invented.readings.count) readings")
            } catch let error as WeatherError {
                #expect(error.httpStatus == 501, "\(error)")
            }
        }
    }
}
