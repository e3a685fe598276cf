import Foundation
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The KMA forecast against a mock whose clock is set, in every mode: the client and the mock agree on
/// which issuance is the latest at the edges of the schedule (00:30, 02:05, 02:15, 23:55 KST), the mock
/// answers an issuance not yet published with NO_DATA and one past the retention with code 10, and a key
/// encoded twice is refused by the gateway as data.go.kr refuses it. The client's clock reads the same
/// instant, as a device's and the server's would.
@Suite struct KMAClockContractTests {
    /// One edge of the schedule: the instant (KST) and the issuance each operation's latest is then.
    struct Edge: Sendable, CustomTestStringConvertible {
        var clock: String
        var operation: KMAOperation
        var expectedBase: String

        var testDescription: String { "\(operation.rawValue) at \(clock) → \(expectedBase)" }
    }

    static let edges = [
        Edge(clock: "2026-12-01T00:30:00+09:00", operation: .villageForecast, expectedBase: "20261130 2300"),
        Edge(clock: "2026-12-01T00:30:00+09:00", operation: .ultraShortNowcast, expectedBase: "20261201 0000"),
        Edge(clock: "2026-12-01T00:30:00+09:00", operation: .ultraShortForecast, expectedBase: "20261130 2330"),
        Edge(clock: "2026-12-01T02:05:00+09:00", operation: .villageForecast, expectedBase: "20261130 2300"),
        Edge(clock: "2026-12-01T02:15:00+09:00", operation: .villageForecast, expectedBase: "20261201 0200"),
        Edge(clock: "2026-12-01T23:55:00+09:00", operation: .villageForecast, expectedBase: "20261201 2300"),
        Edge(clock: "2026-12-01T23:55:00+09:00", operation: .ultraShortForecast, expectedBase: "20261201 2330"),
        Edge(clock: "2026-12-01T23:55:00+09:00", operation: .ultraShortNowcast, expectedBase: "20261201 2300"),
    ]

    static let seoulCityHall = KMAGridCell(nx: 60, ny: 127)!

    @Test(arguments: ContractMode.selected, edges)
    func theLatestIssuanceAtEachEdgeOfTheScheduleIsServedAsThatIssuance(in mode: ContractMode, _ edge: Edge)
        async throws
    {
        let instant = try Self.instant(edge.clock)
        try await withKMAClient(mode, clock: instant) { client in
            let issuance = try client.latestIssuance(edge.operation)
            #expect("\(issuance.baseDate) \(issuance.baseTime)" == edge.expectedBase)
            switch edge.operation {
            case .villageForecast:
                let forecast = try await client.villageForecast(at: Self.seoulCityHall)
                #expect(forecast.issuance == issuance)
                #expect(forecast.reportedBase == issuance.base, "the rows name the issuance asked for")
                #expect(!forecast.hours.isEmpty)
                #expect(forecast.hours.first.map { $0.time > issuance.base } == true, "hours start after the base")
            case .ultraShortForecast:
                let forecast = try await client.ultraShortForecast(at: Self.seoulCityHall)
                #expect(forecast.issuance == issuance)
                #expect(forecast.reportedBase == issuance.base)
                #expect(!forecast.hours.isEmpty)
            case .ultraShortNowcast:
                let nowcast = try await client.ultraShortNowcast(at: Self.seoulCityHall)
                #expect(nowcast.issuance == issuance)
                #expect(nowcast.observation.temperature != nil)
            }
        }
    }

    @Test(arguments: ContractMode.selected)
    func todaysFirstVillageIssuanceAskedAt0205IsNoDataWithoutABody(in mode: ContractMode) async throws {
        let instant = try Self.instant("2026-12-01T02:05:00+09:00")
        try await withKMAClient(mode, clock: instant) { client in
            let today0200 = try #require(KMAIssuance(.villageForecast, baseDate: "20261201", baseTime: "0200"))
            let error = await #expect(throws: KMAError.self) {
                try await client.villageForecast(at: Self.seoulCityHall, issuance: today0200)
            }
            #expect(error == .service(code: .noData, message: "NO_DATA"))
        }
    }

    @Test(arguments: ContractMode.selected)
    func anIssuanceAWeekBackIsPastTheRetentionWithTheServicesKoreanMessage(in mode: ContractMode) async throws {
        let instant = try Self.instant("2026-12-01T06:00:00+09:00")
        try await withKMAClient(mode, clock: instant) { client in
            let weekBack = try #require(KMAIssuance(.villageForecast, baseDate: "20261124", baseTime: "0500"))
            let error = await #expect(throws: KMAError.self) {
                try await client.villageForecast(at: Self.seoulCityHall, issuance: weekBack)
            }
            #expect(error == .service(code: .invalidRequestParameter, message: "최근 3일 간의 자료만 제공합니다."))
        }
    }

    @Test(arguments: ContractMode.selected)
    func aKeyEncodedTwiceIsRefusedByTheGatewayInXMLThoughJSONWasAsked(in mode: ContractMode) async throws {
        let instant = try Self.instant("2026-12-01T06:00:00+09:00")
        // The portal's "Encoding" key put through an encoder once more: the client decodes it once, as
        // it must, and sends it encoded once, which is still `%252B` encoded twice at the server.
        let twice = "c0ntract%252BSuite%252Fplaceholder%253D%253D"
        try await withKMAClient(mode, clock: instant, serviceKey: twice) { client in
            let error = await #expect(throws: KMAError.self) {
                try await client.villageForecast(at: Self.seoulCityHall)
            }
            #expect(
                error
                    == .gateway(
                        code: .keyNotRegistered, errorMessage: "SERVICE ERROR",
                        authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", status: 200))
        }
    }

    private static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "\(text) is not an ISO 8601 instant")
    }

    /// Runs `body` with a KMA client whose clock reads `clock`, against the bundled cassettes in
    /// `mode` with the mock clock standing at the same instant.
    private func withKMAClient(
        _ mode: ContractMode, clock: Date, serviceKey: String = contractKMAServiceKey,
        _ body: (KMAForecastClient) async throws -> Void
    ) async throws {
        let setup = MockSetup.replay(PackageLayout.bundledCassettes, clock: clock).limited(by: contractCaseLimit)
        try await withMock(setup, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = KMAForecastClient(
                serviceKey: serviceKey, baseURL: baseURL, transport: URLSessionTransport(session: session),
                environment: [:], now: { clock })
            try await body(client)
        }
    }
}
