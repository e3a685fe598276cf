import Foundation
import Testing
import WeatherClient

/// What KMAForecastClient sends: the exact query bytes, the key encoded exactly once, paging.
@Suite struct KMARequestTests {
    private let village = KMAFixtures.issuance(.villageForecast, "20261001", "2300")

    private func sentURLs(
        serviceKey: String? = KMAFixtures.rawKey,
        environment: [String: String] = [:],
        replies: [InMemoryTransport.Reply] = [.json(KMAFixtures.village2026)],
        rowsPerPage: Int = 1000,
        _ call: (KMAForecastClient) async throws(KMAError) -> Void
    ) async throws -> [String] {
        let transport = InMemoryTransport(replies)
        let client = KMAForecastClient.testing(
            transport, serviceKey: serviceKey, rowsPerPage: rowsPerPage, environment: environment)
        try await call(client)
        return transport.requests.map(\.url.absoluteString)
    }

    /// The parameters in the documented order, `+` `/` `=` as %2B %2F %3D.
    @Test func villageForecastSendsEveryParameterInOrderWithTheKeyEncodedOnce() async throws {
        let urls = try await sentURLs { [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(
            urls == [
                "http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=\(KMAFixtures.encodedKey)"
                    + "&pageNo=1&numOfRows=1000&dataType=JSON&base_date=20261001&base_time=2300&nx=60&ny=127"
            ])
    }

    /// The portal's Encoding form is decoded once, so it goes out exactly as the raw key does: no %25.
    @Test func anAlreadyEncodedKeyIsSentAsIsNeverEncodedTwice() async throws {
        let fromRaw = try await sentURLs(serviceKey: KMAFixtures.rawKey) { [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }
        let fromEncoded = try await sentURLs(serviceKey: KMAFixtures.encodedKey) { [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(fromEncoded == fromRaw)
        #expect(fromEncoded.allSatisfy { !$0.contains("%25") && !$0.contains("+") })
        #expect(fromEncoded.first?.contains("serviceKey=\(KMAFixtures.encodedKey)&") == true)
    }

    /// A server that percent-decodes the query once gets the raw key back, `+` and all.
    @Test func theServerDecodesTheSentKeyOnceToTheRawKey() async throws {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))
        _ = try await KMAForecastClient.testing(transport, serviceKey: KMAFixtures.encodedKey)
            .villageForecast(at: KMAFixtures.seoul, issuance: village)

        #expect(try #require(transport.requests.first).queryValue("serviceKey") == KMAFixtures.rawKey)
    }

    /// Lower-case escapes (`%2b`) are the Encoding form too.
    @Test func aLowerCaseEncodedKeyIsDecodedOnceToo() async throws {
        let urls = try await sentURLs(serviceKey: "abc%2bdef%2fghi%3d") { [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(urls.first?.contains("?serviceKey=abc%2Bdef%2Fghi%3D&pageNo=1&") == true)
    }

    /// A 64-character hex key has nothing to encode and goes out unchanged.
    @Test func aHexKeyIsSentUnchanged() async throws {
        let hex = String(repeating: "0123456789abcdef", count: 4)
        let urls = try await sentURLs(serviceKey: hex) { [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(urls.first?.contains("?serviceKey=\(hex)&pageNo=1&") == true)
    }

    @Test func theKeyComesFromKMAServiceKeyWhenNoneIsPassed() async throws {
        let urls = try await sentURLs(serviceKey: nil, environment: ["KMA_SERVICE_KEY": " \(KMAFixtures.encodedKey)\n"])
        {
            [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(urls.first?.contains("?serviceKey=\(KMAFixtures.encodedKey)&pageNo=1&") == true)
    }

    @Test func anEmptyKeySendsNoServiceKey() async throws {
        let urls = try await sentURLs(serviceKey: "", environment: ["KMA_SERVICE_KEY": KMAFixtures.rawKey]) {
            [village] client throws(KMAError) in
            _ = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)
        }

        #expect(urls.first?.contains("/getVilageFcst?pageNo=1&numOfRows=1000&dataType=JSON&") == true)
    }

    @Test func nowcastAndUltraShortForecastUseTheirOperationsAndBaseTimes() async throws {
        let nowcast = try await sentURLs(replies: [.json(KMAFixtures.nowcast)]) { client throws(KMAError) in
            _ = try await client.ultraShortNowcast(at: KMAFixtures.seoul)
        }
        let forecast = try await sentURLs(replies: [.json(KMAFixtures.ultraShortForecast)]) {
            client throws(KMAError) in
            _ = try await client.ultraShortForecast(at: Coordinate(latitude: 35.8686, longitude: 128.6040))
        }

        // The test clock reads 2026-10-02 02:15 KST.
        #expect(nowcast.first?.contains("/getUltraSrtNcst?serviceKey=") == true)
        #expect(nowcast.first?.hasSuffix("&base_date=20261002&base_time=0200&nx=60&ny=127") == true)
        #expect(forecast.first?.contains("/getUltraSrtFcst?serviceKey=") == true)
        #expect(forecast.first?.hasSuffix("&base_date=20261002&base_time=0130&nx=89&ny=90") == true)
    }

    /// Without an issuance, the latest available at the client's clock: 02:15 KST reads today's 0200.
    @Test func withoutAnIssuanceTheLatestAvailableAtTheClockIsAsked() async throws {
        let urls = try await sentURLs { client throws(KMAError) in
            _ = try await client.villageForecast(at: Coordinate(latitude: 37.5683, longitude: 126.9778))
        }

        #expect(urls.first?.hasSuffix("&base_date=20261002&base_time=0200&nx=60&ny=127") == true)
    }

    /// A total larger than a page is read page after page, and the rows joined.
    @Test func anIssuanceLargerThanAPageIsReadPageByPage() async throws {
        let rows = KMAFixtures.village2026Rows
        let transport = InMemoryTransport([
            .json(KMAFixtures.page(Array(rows[0..<10]), pageNo: 1, numOfRows: 10, totalCount: 14)),
            .json(KMAFixtures.page(Array(rows[10...]), pageNo: 2, numOfRows: 10, totalCount: 14)),
        ])
        let client = KMAForecastClient.testing(transport, rowsPerPage: 10)

        let forecast = try await client.villageForecast(at: KMAFixtures.seoul, issuance: village)

        #expect(transport.requests.map { $0.queryValue("pageNo") } == ["1", "2"])
        #expect(transport.requests.allSatisfy { $0.queryValue("numOfRows") == "10" })
        #expect(forecast.hours.map(\.time.timeText) == ["0000", "0600", "1500"])
        #expect(forecast.hours.first?.humidity == 55)
        #expect(forecast.dailyExtremes.first?.maximum == .celsius(21))
    }

    /// A server that pages by fewer rows than asked would make the next page skip rows: an error.
    @Test func aShortPageBeforeTheEndIsAnErrorNotAPartialIssuance() async {
        let rows = KMAFixtures.village2026Rows
        let transport = InMemoryTransport(
            .json(KMAFixtures.page(Array(rows[0..<5]), pageNo: 1, numOfRows: 10, totalCount: 14)))

        let client = KMAForecastClient.testing(transport, rowsPerPage: 10)
        let issuance = village

        let error = await #expect(throws: KMAError.self) {
            try await client.villageForecast(at: KMAFixtures.seoul, issuance: issuance)
        }

        #expect(
            error
                == .decoding(
                    path: "response.body.items.item", expected: "10 rows (numOfRows), since totalCount is 14",
                    found: "5"))
        #expect(transport.requestCount == 1)
    }

    @Test func aWholeIssuanceOnOnePageIsOneRequest() async throws {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        _ = try await KMAForecastClient.testing(transport).villageForecast(at: KMAFixtures.seoul, issuance: village)

        #expect(transport.requestCount == 1)
    }

    @Test func requestsAskForJSON() async throws {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        _ = try await KMAForecastClient.testing(transport).villageForecast(at: KMAFixtures.seoul, issuance: village)

        #expect(transport.requests.first?.headers["Accept"] == "application/json")
        #expect(transport.requests.first?.queryValue("dataType") == "JSON")
    }

    @Test func theDefaultServerIsDataGoKr() {
        let client = KMAForecastClient(serviceKey: "x", environment: [:])

        #expect(client.baseURL.absoluteString == "https://apis.data.go.kr")
        #expect(client.rowsPerPage == 1000)
        #expect(client.hasServiceKey)
    }
}
