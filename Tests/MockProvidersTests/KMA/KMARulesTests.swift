import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// What the KMA mock answers before any data (kma-vilage-fcst.md §4, §5): the gateway's key rules
/// and both of its forms, the mandatory parameters, the cell, the issuance schedule against the mock
/// clock, and the retention cut.
@Suite struct KMARulesTests {
    private static let classic30 =
        "<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n"
        + "\t\t<returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>\n"
        + "\t\t<returnReasonCode>30</returnReasonCode>\n\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>"

    private static func json(_ code: String, _ message: String) -> String {
        "{\"response\":{\"header\":{\"resultCode\":\"\(code)\",\"resultMsg\":\"\(message)\"}}}"
    }

    private static func xml(_ code: String, _ message: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>\(code)</resultCode>"
            + "<resultMsg>\(message)</resultMsg></header></response>"
    }

    private static func village(_ query: String, key: String? = KMAFixtures.key) -> String {
        KMAFixtures.target("getVilageFcst", query, key: key)
    }

    // MARK: The gateway

    @Test func aMissingOrEmptyKeyGetsTheClassicCode30InXMLEvenWhenJSONIsAsked() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            for key in [nil, ""] {
                let response = try await harness.respond(
                    Self.village(KMAFixtures.seoulVillage + "&dataType=JSON", key: key))
                #expect(response.status == 200)
                #expect(response.headers["Content-Type"] == "text/xml;charset=UTF-8")
                #expect(response.text == Self.classic30)
                #expect(response.body.count == 229)
            }
            #expect(try harness.journal.entries().last?.matched == "(kma: no serviceKey)")
        }
    }

    @Test(arguments: [
        ("unregistered", "30", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"),
        ("over-quota", "22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"),
        ("expired", "31", "DEADLINE_HAS_EXPIRED_ERROR"),
    ])
    func theMagicKeysGetTheirGatewayCodesOnEveryOperation(key: String, code: String, constant: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            for operation in KMAOperation.allCases {
                let response = try await harness.respond(KMAFixtures.target(operation.rawValue, "", key: key))
                #expect(response.status == 200)
                #expect(response.headers["Content-Type"] == "text/xml;charset=UTF-8")
                #expect(response.text.contains("<returnAuthMsg>\(constant)</returnAuthMsg>"))
                #expect(response.text.contains("<returnReasonCode>\(code)</returnReasonCode>"))
            }
        }
    }

    @Test(arguments: [
        ("unregistered", 403, "30", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "등록되지 않은 서비스키"),
        ("over-quota", 200, "22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", "서비스 요청제한횟수 초과"),
        ("expired", 401, "31", "DEADLINE_HAS_EXPIRED_ERROR", "기한만료된 서비스키"),
    ])
    func theGatewaySettingSwitchesToTheNewerJSONForm(
        key: String, status: Int, code: String, constant: String, korean: String
    ) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300", settings: ["kma.gateway": "json"]), mode: .router) {
            harness in
            let response = try await harness.respond(Self.village(KMAFixtures.seoulVillage, key: key))
            #expect(response.status == status)
            #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
            #expect(
                response.text
                    == "{\"OpenAPI_ServiceResponse\":{\"cmmMsgHeader\":{\"errMsg\":\"\(constant)\",\"returnAuthMsg\":\"\(korean)\",\"returnReasonCode\":\"\(code)\"}}}"
            )
        }
    }

    @Test func anotherProvidersSettingOrAnUnknownValueKeepsTheClassicForm() async throws {
        try await withMock(
            KMAFixtures.setup(
                at: "20261002 0300", settings: ["openweathermap.gateway": "json", "kma.gateway": "yaml"]), mode: .router
        ) { harness throws in
            #expect(
                try await harness.respond(Self.village(KMAFixtures.seoulVillage, key: "unregistered")).text
                    == Self.classic30)
        }
    }

    @Test(arguments: [
        ("mock%252Bkey", "(kma: serviceKey encoded twice)"),  // %2B encoded again
        ("mock%25252Bkey", "(kma: serviceKey encoded twice)"),
        ("mock+key", "(kma: serviceKey with + unencoded)"),  // the server reads + as a space
    ])
    func aKeyEncodedTwiceOrWithItsPlusUnencodedIsUnregistered(key: String, rule: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(Self.village(KMAFixtures.seoulVillage, key: key))
            #expect(response.text == Self.classic30)
            #expect(try harness.journal.entries().last?.matched == rule)
        }
    }

    @Test func aKeyEncodedOnceIsAccepted() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness throws in
            for key in ["mock%2Bkey%2F%3D%3D", "0123456789abcdef0123456789abcdef", "50%off"] {
                let response = try await harness.respond(
                    Self.village(KMAFixtures.seoulVillage + "&dataType=JSON", key: key))
                #expect(response.status == 200, "\(key)")
                #expect(response.text.hasPrefix("{\"response\":{\"header\":{\"resultCode\":\"00\""), "\(key)")
            }
        }
    }

    @Test func aCassetteNamingALiteralKeyWinsOverTheGatewayRule() async throws {
        let staged = cassetteJSON(
            """
            {"request":{"method":"GET","path":"\(KMAFixtures.prefix)getVilageFcst","query":{"serviceKey":"over-quota"}},
             "response":{"status":200,"headers":{"Content-Type":"text/plain"},"text":"staged"}}
            """)
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(KMAFixtures.kst("20261002 0300"))
        try await withMock(
            .cassettes(try KMAFixtures.files() + [("kma/test/staged.json", staged)], options: options), mode: .router
        ) { harness throws in
            #expect(
                try await harness.respond(Self.village(KMAFixtures.seoulVillage, key: "over-quota")).text == "staged")
            #expect(
                try await harness.respond(Self.village(KMAFixtures.seoulVillage, key: "expired")).text.contains(">31<"))
        }
    }

    /// The gateway runs before the service: a refused key wins over a missing parameter.
    @Test func theKeyIsCheckedBeforeTheParameters() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness throws in
            #expect(try await harness.respond(Self.village("", key: nil)).text == Self.classic30)
        }
    }

    // MARK: The service's parameters

    @Test(arguments: ["base_date", "base_time", "nx", "ny"])
    func aMissingMandatoryParameterGetsCode11(name: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let query = KMAFixtures.seoulVillage.split(separator: "&").filter { !$0.hasPrefix(name + "=") }
                .joined(separator: "&")
            let json = try await harness.respond(Self.village(query + "&dataType=JSON"))
            #expect(json.status == 200)
            #expect(json.headers["Content-Type"] == "application/json;charset=UTF-8")
            #expect(json.text == Self.json("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"))
            let xml = try await harness.respond(Self.village(query))
            #expect(xml.headers["Content-Type"] == "text/xml;charset=UTF-8")
            #expect(xml.text == Self.xml("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"))
        }
    }

    @Test func theVersionRequiresItsTypeAndTime() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(KMAFixtures.target("getFcstVersion", "ftype=SHRT&dataType=JSON"))
            #expect(response.text == Self.json("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"))
        }
    }

    @Test(arguments: [
        "nx=0&ny=127", "nx=150&ny=127", "nx=60&ny=0", "nx=60&ny=254", "nx=60.5&ny=127", "nx=-1&ny=127",
        "nx=abc&ny=127", "nx=37.56&ny=126.97",
    ])
    func aCellOffTheGridGetsCode01(cell: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(
                Self.village("base_date=20261001&base_time=2300&\(cell)&dataType=JSON"))
            #expect(response.text == Self.json("01", "APPLICATION_ERROR"))
        }
    }

    @Test(arguments: ["pageNo=0", "numOfRows=-5", "numOfRows=ten"])
    func anUnreadablePageGetsCode01(paging: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0300"), mode: .router) { harness in
            let response = try await harness.respond(
                Self.village(KMAFixtures.seoulVillage + "&\(paging)&dataType=JSON"))
            #expect(response.text == Self.json("01", "APPLICATION_ERROR"))
        }
    }

    @Test(arguments: [
        ("getVilageFcst", "base_date=20261002&base_time=0300"),  // not one of the eight slots
        ("getVilageFcst", "base_date=20261002&base_time=0210"),
        ("getUltraSrtNcst", "base_date=20261002&base_time=0030"),  // the nowcast is HH00
        ("getUltraSrtFcst", "base_date=20261002&base_time=0100"),  // the forecast is HH30
        ("getVilageFcst", "base_date=2026-10-02&base_time=0200"),  // unreadable
        ("getVilageFcst", "base_date=20261302&base_time=0200"),
        ("getVilageFcst", "base_date=20260231&base_time=0200"),
        ("getVilageFcst", "base_date=20261002&base_time=2600"),
        ("getVilageFcst", "base_date=20261002&base_time=02:00"),
    ])
    func aBaseTimeThatIsNoIssuanceGetsCode01(operation: String, base: String) async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0500"), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target(operation, "\(base)&nx=60&ny=127&dataType=JSON"))
            #expect(response.text == Self.json("01", "APPLICATION_ERROR"))
        }
    }

    // MARK: The clock

    private static func code(_ operation: String, base: String, at now: String) async throws -> String {
        try await withMock(KMAFixtures.setup(at: now), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target(operation, "\(base)&nx=60&ny=127&dataType=JSON"))
            let header = (response.jsonObject?["response"] as? [String: Any])?["header"] as? [String: Any]
            return header?["resultCode"] as? String ?? "(\(response.status) \(response.text.prefix(80)))"
        }
    }

    @Test func theNowcastIsPublishedAtTenPast() async throws {
        let base = "base_date=20261002&base_time=0000"
        #expect(try await Self.code("getUltraSrtNcst", base: base, at: "20261002 000959") == "03")
        #expect(try await Self.code("getUltraSrtNcst", base: base, at: "20261002 0010") == "00")
    }

    @Test func theUltraShortForecastIsPublishedAtQuarterToTheHour() async throws {
        let base = "base_date=20261002&base_time=0030"
        #expect(try await Self.code("getUltraSrtFcst", base: base, at: "20261002 004459") == "03")
        #expect(try await Self.code("getUltraSrtFcst", base: base, at: "20261002 0045") == "00")
    }

    @Test func atFivePastTwoTheLatestVillageForecastIsYesterdays2300() async throws {
        let yesterday = "base_date=20261001&base_time=2300"
        let today = "base_date=20261002&base_time=0200"
        #expect(try await Self.code("getVilageFcst", base: yesterday, at: "20261002 0205") == "00")
        #expect(try await Self.code("getVilageFcst", base: today, at: "20261002 0205") == "03")
        #expect(try await Self.code("getVilageFcst", base: today, at: "20261002 0215") == "00")
        #expect(try await Self.code("getVilageFcst", base: yesterday, at: "20261002 0030") == "00")
        #expect(try await Self.code("getVilageFcst", base: today, at: "20261002 0030") == "03")
        #expect(try await Self.code("getVilageFcst", base: yesterday, at: "20261001 2355") == "00")
        #expect(try await Self.code("getVilageFcst", base: today, at: "20261001 2355") == "03")
        #expect(
            KMAOperation.villageForecast.latestIssuance(at: KMATime(KMAFixtures.kst("20261002 0205"))).dateText
                == "20261001")
    }

    @Test func theVillageForecastIsKeptExactlyThreeDays() async throws {
        let base = "base_date=20261001&base_time=2300"
        #expect(try await Self.code("getVilageFcst", base: base, at: "20261004 230000") == "00")
        #expect(try await Self.code("getVilageFcst", base: base, at: "20261004 230001") == "10")
        try await withMock(KMAFixtures.setup(at: "20261004 230001"), mode: .router) { harness in
            let response = try await harness.respond(Self.village(base + "&nx=60&ny=127&dataType=JSON"))
            #expect(response.text == Self.json("10", "최근 3일 간의 자료만 제공합니다."))
        }
    }

    @Test func theUltraShortOperationsAreKeptExactlyOneDay() async throws {
        let nowcast = "base_date=20261002&base_time=0000"
        #expect(try await Self.code("getUltraSrtNcst", base: nowcast, at: "20261003 000000") == "00")
        #expect(try await Self.code("getUltraSrtNcst", base: nowcast, at: "20261003 000001") == "10")
        let forecast = "base_date=20261002&base_time=0030"
        #expect(try await Self.code("getUltraSrtFcst", base: forecast, at: "20261003 003000") == "00")
        try await withMock(KMAFixtures.setup(at: "20261003 003001"), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target("getUltraSrtFcst", forecast + "&nx=60&ny=127&dataType=JSON"))
            #expect(response.text == Self.json("10", "최근 1일 간의 자료만 제공합니다."))
        }
    }

    @Test func kstDatesAndTimesRoundTripAcrossMonthsAndLeapDays() throws {
        let leap = try #require(KMATime(date: "20280228", time: "2300"))
        #expect(leap.adding(3600).dateText == "20280229")
        #expect(leap.adding(25 * 3600).dateText == "20280301")
        #expect(KMATime(date: "20270229", time: "0000") == nil)
        let time = try #require(KMATime(date: "20261231", time: "2330"))
        #expect(time.adding(1800).dateText + time.adding(1800).timeText == "202701010000")
        #expect(KMATime(KMAFixtures.kst("20261002 0000")) == KMATime(date: "20261002", time: "0000"))
    }
}
