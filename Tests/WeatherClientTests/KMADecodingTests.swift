import Foundation
import Testing
import WeatherClient

/// Every body of the reference decoded into typed hours.
@Suite struct KMADecodingTests {
    private func village(
        _ body: String, issuance: KMAIssuance = KMAFixtures.issuance(.villageForecast, "20261002", "0200")
    )
        async throws(KMAError) -> KMAForecast
    {
        try await KMAForecastClient.testing(InMemoryTransport(.json(body)))
            .villageForecast(at: KMAFixtures.seoul, issuance: issuance)
    }

    /// §2.2's 2022 capture: one hour with every category of its first page.
    @Test func villageForecastCaptureDecodesIntoOneHour() async throws {
        let forecast = try await village(
            KMAFixtures.village2022, issuance: KMAFixtures.issuance(.villageForecast, "20221128", "0500"))
        let hour = try #require(forecast.hours.first)

        #expect(forecast.hours.count == 1)
        #expect(forecast.rowCount == 809)
        #expect(forecast.reportedBase?.description == "2022-11-28 05:00 KST")
        #expect(hour.time.description == "2022-11-28 06:00 KST")
        #expect(hour.temperature == .celsius(9))
        #expect(hour.wind == KMAWind(speed: 2.3, direction: 105, eastward: -2.1, northward: 0.6))
        #expect(hour.wind?.compassPoint == .eastSoutheast)
        #expect(hour.sky == .overcast)
        #expect(hour.precipitationType == KMAPrecipitationType.none)
        #expect(hour.precipitationProbability == 30)
        #expect(hour.waveHeight == 0)
        #expect(hour.precipitation == KMAAmount.none)
        #expect(hour.rawValues.count == 10)
        #expect(hour.rawValues["PCP"] == "강수없음")
        #expect(forecast.dailyExtremes.isEmpty)
    }

    /// §2.2's Seoul 60/127 values: the 0000 hour, TMN on the 0600 row and TMX on the 1500 row.
    @Test func villageForecastSeoulValuesDecodeWithDailyExtremes() async throws {
        let forecast = try await village(
            KMAFixtures.village2026, issuance: KMAFixtures.issuance(.villageForecast, "20261001", "2300"))
        let midnight = try #require(forecast.hours.first)

        #expect(forecast.hours.map(\.time.timeText) == ["0000", "0600", "1500"])
        #expect(midnight.temperature == .celsius(14))
        #expect(midnight.sky == .clear)
        #expect(midnight.precipitationProbability == 0)
        #expect(midnight.humidity == 55)
        #expect(midnight.snowfall == KMAAmount.none)
        #expect(midnight.wind?.speed == 1.2)
        #expect(midnight.wind?.compassPoint == .northwest)
        #expect(midnight.dailyMinimum == nil)
        #expect(forecast.hours[1].dailyMinimum == .celsius(12))
        #expect(forecast.hours[1].temperature == nil)
        #expect(forecast.hours[2].dailyMaximum == .celsius(21))
        #expect(
            forecast.dailyExtremes == [
                KMADailyExtremes(date: CalendarDate("2026-10-02")!, minimum: .celsius(12), maximum: .celsius(21))
            ])
    }

    /// An issuance without TMN/TMX (after 1400) has no daily extremes: nothing is invented.
    @Test func anIssuanceWithoutTMNOrTMXHasNoDailyExtremes() async throws {
        let forecast = try await village(
            KMAFixtures.page(Array(KMAFixtures.village2026Rows[0..<12]), pageNo: 1, numOfRows: 1000, totalCount: 12),
            issuance: KMAFixtures.issuance(.villageForecast, "20261001", "2300"))

        #expect(forecast.dailyExtremes.isEmpty)
        #expect(forecast.hours.allSatisfy { $0.dailyMinimum == nil && $0.dailyMaximum == nil })
    }

    /// §2.2's rain hour: PTY 1, POP 60, PCP "1mm 미만".
    @Test func rainHourDecodesTypeProbabilityAndAmount() async throws {
        let hour = try #require(try await village(KMAFixtures.rainHour).hours.first)

        #expect(hour.precipitationType == .rain)
        #expect(hour.precipitationProbability == 60)
        #expect(hour.precipitation == .lessThan(1))
        #expect(hour.precipitation?.contains(0.5) == true)
    }

    /// §2.3's verbatim nowcast: the observation at the base time; RN1 "0" is no rain.
    @Test func nowcastCaptureDecodesIntoTheObservation() async throws {
        let nowcast = try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.nowcast)))
            .ultraShortNowcast(
                at: KMAFixtures.seoul, issuance: KMAFixtures.issuance(.ultraShortNowcast, "20261002", "0000"))
        let observation = nowcast.observation

        #expect(observation.time.description == "2026-10-02 00:00 KST")
        #expect(observation.temperature == .celsius(15.2))
        #expect(observation.humidity == 37)
        #expect(observation.precipitation == KMAAmount.none)
        #expect(observation.precipitationType == KMAPrecipitationType.none)
        #expect(observation.wind == KMAWind(speed: 3.7, direction: 324, eastward: 2.2, northward: -2.9))
        #expect(observation.wind?.compassPoint == .northwest)
        #expect(observation.sky == nil)
        #expect(observation.precipitationProbability == nil)
        #expect(observation.rawValues.keys.sorted() == ["PTY", "REH", "RN1", "T1H", "UUU", "VEC", "VVV", "WSD"])
    }

    /// §2.4's category-major rows regroup into hours, earliest first.
    @Test func ultraShortForecastCategoryMajorRowsRegroupIntoHours() async throws {
        let forecast = try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.ultraShortForecast)))
            .ultraShortForecast(
                at: KMAFixtures.seoul, issuance: KMAFixtures.issuance(.ultraShortForecast, "20261002", "0030"))
        let first = try #require(forecast.hours.first)

        #expect(forecast.hours.map(\.time.timeText) == ["0100", "0200"])
        #expect(forecast.reportedBase?.timeText == "0030")
        #expect(first.lightning == 0)
        #expect(first.precipitation == KMAAmount.none)
        #expect(first.sky == .clear)
        #expect(first.temperature == .celsius(15))
        #expect(first.humidity == 35)
        #expect(first.wind == KMAWind(speed: 3, direction: 352, eastward: 0.4, northward: -2.6))
        #expect(first.wind?.compassPoint == .north)
        #expect(forecast.hours[1].rawValues == ["LGT": "0", "PTY": "0"])
    }

    /// UNCONFIRMED in the reference: rows labelled 0000 for a 0030 request, with an extra POP.
    @Test func ultraShortForecastKeepsAnEchoedBaseTimeThatDiffersAndAnExtraCategory() async throws {
        let body = KMAFixtures.ultraShortForecast.replacingOccurrences(of: #""0030""#, with: #""0000""#)
            .replacingOccurrences(
                of: #""category": "LGT", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "0""#,
                with: #""category": "POP", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "20""#)
        let forecast = try await KMAForecastClient.testing(InMemoryTransport(.json(body)))
            .ultraShortForecast(
                at: KMAFixtures.seoul, issuance: KMAFixtures.issuance(.ultraShortForecast, "20261002", "0030"))

        #expect(forecast.issuance.baseTime == "0030")
        #expect(forecast.reportedBase?.timeText == "0000")
        #expect(forecast.hours.first?.precipitationProbability == 20)
    }

    /// A category the client does not know is kept as sent, not an error.
    @Test func unknownCategoriesAreKeptAsSent() async throws {
        let body = KMAFixtures.page(
            [KMAFixtures.villageRow("TMP", "3"), KMAFixtures.villageRow("XYZ", "anything at all")], pageNo: 1,
            numOfRows: 1000, totalCount: 2)

        let hour = try #require(try await village(body).hours.first)

        #expect(hour.temperature == .celsius(3))
        #expect(hour.rawValues["XYZ"] == "anything at all")
    }

    /// The guide's missing markers (≥ 900, ≤ -900) become nil and stay in rawValues.
    @Test func missingValuesBecomeNilAndStayInRawValues() async throws {
        let body = KMAFixtures.page(
            [
                KMAFixtures.villageRow("TMP", "-999"), KMAFixtures.villageRow("POP", "-999"),
                KMAFixtures.villageRow("REH", "900"), KMAFixtures.villageRow("PCP", "-999"),
                KMAFixtures.villageRow("SNO", "-999.0"), KMAFixtures.villageRow("WSD", "-999"),
                KMAFixtures.villageRow("VEC", "-999"), KMAFixtures.villageRow("SKY", "-999"),
                KMAFixtures.villageRow("PTY", "-999"),
            ], pageNo: 1, numOfRows: 1000, totalCount: 9)

        let hour = try #require(try await village(body).hours.first)

        #expect(hour.temperature == nil)
        #expect(hour.precipitationProbability == nil)
        #expect(hour.humidity == nil)
        #expect(hour.precipitation == nil)
        #expect(hour.snowfall == nil)
        #expect(hour.wind == nil)
        #expect(hour.sky == nil)
        #expect(hour.precipitationType == nil)
        #expect(hour.rawValues["TMP"] == "-999")
    }

    /// A wind speed with its direction missing keeps the speed.
    @Test func aMissingDirectionLeavesTheSpeed() async throws {
        let body = KMAFixtures.page(
            [KMAFixtures.villageRow("WSD", "4.1"), KMAFixtures.villageRow("VEC", "900")], pageNo: 1, numOfRows: 1000,
            totalCount: 2)

        let hour = try #require(try await village(body).hours.first)

        #expect(hour.wind == KMAWind(speed: 4.1))
        #expect(hour.wind?.compassPoint == nil)
    }

    /// PTY 4 is a shower in the village forecast; the ultra-short operations use 5, 6, 7.
    @Test func precipitationTypeIsReadWithTheOperationsOwnTable() async throws {
        let village = try await village(
            KMAFixtures.page([KMAFixtures.villageRow("PTY", "4")], pageNo: 1, numOfRows: 1000, totalCount: 1))
        let nowcastBody = KMAFixtures.nowcast.replacingOccurrences(
            of: #""category": "PTY", "nx": 60, "ny": 127, "obsrValue": "0""#,
            with: #""category": "PTY", "nx": 60, "ny": 127, "obsrValue": "6""#)
        let nowcast = try await KMAForecastClient.testing(InMemoryTransport(.json(nowcastBody)))
            .ultraShortNowcast(at: KMAFixtures.seoul)

        #expect(village.hours.first?.precipitationType == .shower)
        #expect(nowcast.observation.precipitationType == .drizzleAndSnowFlurries)
    }

    /// The far-range rows' bare numbers: PCP "0.4", "2", SNO "0".
    @Test func farRangeBareNumbersAreAmounts() async throws {
        let body = KMAFixtures.page(
            [
                KMAFixtures.villageRow("PCP", "0.4"), KMAFixtures.villageRow("SNO", "0"),
                KMAFixtures.villageRow("PCP", "2", time: "0600"),
            ], pageNo: 1, numOfRows: 1000, totalCount: 3)

        let forecast = try await village(body)

        #expect(forecast.hours.first?.precipitation == .exactly(0.4))
        #expect(forecast.hours.first?.snowfall == KMAAmount.none)
        #expect(forecast.hours.last?.precipitation == .exactly(2))
    }

    /// `items` as an empty string (as other data.go.kr services send) is no rows.
    @Test func emptyItemsStringIsAnEmptyForecast() async throws {
        let body =
            #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":1000,"totalCount":0}}}"#

        let forecast = try await village(body)

        #expect(forecast.hours.isEmpty)
        #expect(forecast.reportedBase == nil)
    }

    // MARK: Decoding errors name the JSON path

    @Test func anUnreadableTemperatureNamesItsRowsPath() async {
        let body = KMAFixtures.page(
            [KMAFixtures.villageRow("POP", "10"), KMAFixtures.villageRow("TMP", "hot")], pageNo: 1, numOfRows: 1000,
            totalCount: 2)

        let error = await #expect(throws: KMAError.self) { try await village(body) }

        #expect(
            error
                == .decoding(
                    path: "response.body.items.item[1].fcstValue", expected: "a temperature in °C",
                    found: #"a string "hot""#))
    }

    @Test func anUnreadableAmountNamesWhatItExpected() async {
        let body = KMAFixtures.page([KMAFixtures.villageRow("PCP", "많음")], pageNo: 1, numOfRows: 1000, totalCount: 1)

        let error = await #expect(throws: KMAError.self) { try await village(body) }

        guard case .decoding(let path, let expected, let found) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "response.body.items.item[0].fcstValue")
        #expect(expected.hasPrefix("a precipitation amount such as 강수없음, 1mm 미만"))
        #expect(found == #"a string "많음""#)
    }

    @Test func aGridNumberSentAsAStringNamesItsPath() async {
        let body = KMAFixtures.village2022.replacingOccurrences(
            of: #""nx": 60, "ny": 125 },"#, with: #""nx": "60", "ny": 125 },"#)

        let error = await #expect(throws: KMAError.self) { try await village(body) }

        #expect(
            error == .decoding(path: "response.body.items.item[0].nx", expected: "an integer", found: #"a string "60""#)
        )
    }

    @Test func anUnreadableForecastTimeNamesItsField() async {
        let body = KMAFixtures.page(
            [KMAFixtures.villageRow("TMP", "3", time: "25:00")], pageNo: 1, numOfRows: 1000, totalCount: 1)

        let error = await #expect(throws: KMAError.self) { try await village(body) }

        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "response.body.items.item[0].fcstTime")
    }

    @Test func resultCode00WithoutABodyIsADecodingErrorAtResponseBody() async {
        let error = await #expect(throws: KMAError.self) {
            try await village(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"}}}"#)
        }

        #expect(
            error
                == .decoding(
                    path: "response.body", expected: "an object (result code 00 comes with a body)", found: "nothing"))
    }

    /// The service's XML (what it sends without dataType=JSON) is named as XML, not as an HTML page.
    @Test func anXMLSuccessBodyIsADecodingErrorThatSaysXML() async {
        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(InMemoryTransport(.xml(KMAFixtures.xmlSuccess)))
                .ultraShortNowcast(at: KMAFixtures.seoul)
        }

        guard case .decoding(let path, let expected, let found) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "(top level)")
        #expect(expected == "a JSON object")
        #expect(found.hasPrefix(#"XML: "<?xml version="1.0" encoding="UTF-8"?> <response><header>"#))
    }

    /// On a later page the error names the page.
    @Test func aDecodingErrorOnALaterPageNamesThePage() async {
        let transport = InMemoryTransport([
            .json(KMAFixtures.page([KMAFixtures.villageRow("TMP", "3")], pageNo: 1, numOfRows: 1, totalCount: 2)),
            .json(KMAFixtures.page([KMAFixtures.villageRow("REH", "wet")], pageNo: 2, numOfRows: 1, totalCount: 2)),
        ])

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport, rowsPerPage: 1).villageForecast(
                at: KMAFixtures.seoul, issuance: KMAFixtures.issuance(.villageForecast, "20261002", "0200"))
        }

        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "response.body.items.item[0].fcstValue (page 2)")
    }

    @Test func aNowcastWithoutRowsIsADecodingError() async {
        let body = KMAFixtures.page([], pageNo: 1, numOfRows: 1000, totalCount: 0)

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(InMemoryTransport(.json(body))).ultraShortNowcast(at: KMAFixtures.seoul)
        }

        #expect(
            error == .decoding(path: "response.body.items.item", expected: "at least one observation", found: "no rows")
        )
    }
}
