import Foundation
import WeatherClient

/// KMA bodies from shared/reference/kma-vilage-fcst.md, verbatim where the reference shows a whole
/// body, and the test client.
enum KMAFixtures {
    /// A "Decoding" (raw) key with every character the encoding trap is about: `+`, `/`, `=`.
    static let rawKey = "Ab3+xY/9kLm0PqRs+TuVw/XyZ12345678abcdEFGHijklMNOPqrstUVWXyz0123456789ab=="
    /// The same key as the portal's "Encoding" form shows it, written out by hand.
    static let encodedKey = "Ab3%2BxY%2F9kLm0PqRs%2BTuVw%2FXyZ12345678abcdEFGHijklMNOPqrstUVWXyz0123456789ab%3D%3D"

    /// An instant written as ISO 8601 with its offset, read by Foundation (not by the code under test).
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("not an ISO 8601 instant: \(text)") }
        return date
    }

    static let seoul = KMAGridCell(nx: 60, ny: 127)!

    static func issuance(_ operation: KMAOperation, _ date: String, _ time: String) -> KMAIssuance {
        guard let issuance = KMAIssuance(operation, baseDate: date, baseTime: time) else {
            fatalError("not an issuance: \(operation) \(date) \(time)")
        }
        return issuance
    }

    /// §2.2, real log: base 20221128 0500, first page of 10, nx 60 ny 125 as captured.
    static let village2022 = """
        {
          "response": {
            "header": { "resultCode": "00", "resultMsg": "NORMAL_SERVICE" },
            "body": {
              "dataType": "JSON",
              "items": {
                "item": [
                  { "baseDate": "20221128", "baseTime": "0500", "category": "TMP", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "9",    "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "UUU", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "-2.1", "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "VVV", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "0.6",  "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "VEC", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "105",  "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "WSD", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "2.3",  "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "SKY", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "4",    "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "PTY", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "0",    "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "POP", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "30",   "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "WAV", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "0",    "nx": 60, "ny": 125 },
                  { "baseDate": "20221128", "baseTime": "0500", "category": "PCP", "fcstDate": "20221128", "fcstTime": "0600", "fcstValue": "강수없음", "nx": 60, "ny": 125 }
                ]
              },
              "pageNo": 1,
              "numOfRows": 10,
              "totalCount": 809
            }
          }
        }
        """

    /// The 14 rows of §2.2's Seoul 60/127 mock values, base 20261001 2300 (TMN at 0600, TMX at 1500).
    static let village2026Rows = [
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "TMP", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "14", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "UUU", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "0.8", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "VVV", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "-0.8", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "VEC", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "318", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "WSD", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "1.2", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "SKY", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "1", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "PTY", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "0", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "POP", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "0", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "WAV", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "0", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "PCP", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "강수없음", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "REH", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "55", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "SNO", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "적설없음", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "TMN", "fcstDate": "20261002", "fcstTime": "0600", "fcstValue": "12.0", "nx": 60, "ny": 127 }"#,
        #"{ "baseDate": "20261001", "baseTime": "2300", "category": "TMX", "fcstDate": "20261002", "fcstTime": "1500", "fcstValue": "21.0", "nx": 60, "ny": 127 }"#,
    ]

    /// §2.2's Seoul body as the reference lays it out (totalCount 980, numOfRows 1000).
    static let village2026 = page(village2026Rows, pageNo: 1, numOfRows: 1000, totalCount: 980)

    /// A success envelope around `rows`.
    static func page(_ rows: [String], pageNo: Int, numOfRows: Int, totalCount: Int) -> String {
        """
        {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",\
        "items":{"item":[\(rows.joined(separator: ","))]},"pageNo":\(pageNo),"numOfRows":\(numOfRows),\
        "totalCount":\(totalCount)}}}
        """
    }

    /// A village forecast row at 20261002 0300 of the 0200 issuance.
    static func villageRow(_ category: String, _ value: String, time: String = "0300") -> String {
        #"{"baseDate":"20261002","baseTime":"0200","category":"\#(category)","fcstDate":"20261002","fcstTime":"\#(time)","fcstValue":"\#(value)","nx":60,"ny":127}"#
    }

    /// §2.2's rain hour (base 20261002 0200): PTY 1, POP 60, PCP "1mm 미만".
    static let rainHour = page(
        [villageRow("PTY", "1"), villageRow("POP", "60"), villageRow("PCP", "1mm 미만")], pageNo: 1, numOfRows: 1000,
        totalCount: 3)

    /// §2.3, verbatim capture, base 20261002 0000.
    static let nowcast = """
        {
          "response": {
            "header": { "resultCode": "00", "resultMsg": "NORMAL_SERVICE" },
            "body": {
              "dataType": "JSON",
              "items": {
                "item": [
                  { "baseDate": "20261002", "baseTime": "0000", "category": "PTY", "nx": 60, "ny": 127, "obsrValue": "0" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "REH", "nx": 60, "ny": 127, "obsrValue": "37" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "RN1", "nx": 60, "ny": 127, "obsrValue": "0" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "T1H", "nx": 60, "ny": 127, "obsrValue": "15.2" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "UUU", "nx": 60, "ny": 127, "obsrValue": "2.2" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "VEC", "nx": 60, "ny": 127, "obsrValue": "324" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "VVV", "nx": 60, "ny": 127, "obsrValue": "-2.9" },
                  { "baseDate": "20261002", "baseTime": "0000", "category": "WSD", "nx": 60, "ny": 127, "obsrValue": "3.7" }
                ]
              },
              "pageNo": 1,
              "numOfRows": 1000,
              "totalCount": 8
            }
          }
        }
        """

    /// §2.4's excerpt, base 20261002 0030 (category-major).
    static let ultraShortForecast = """
        {
          "response": {
            "header": { "resultCode": "00", "resultMsg": "NORMAL_SERVICE" },
            "body": {
              "dataType": "JSON",
              "items": {
                "item": [
                  { "baseDate": "20261002", "baseTime": "0030", "category": "LGT", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "0", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "LGT", "fcstDate": "20261002", "fcstTime": "0200", "fcstValue": "0", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "PTY", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "0", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "PTY", "fcstDate": "20261002", "fcstTime": "0200", "fcstValue": "0", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "RN1", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "강수없음", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "SKY", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "1", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "T1H", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "15", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "REH", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "35", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "UUU", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "0.4", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "VVV", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "-2.6", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "VEC", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "352", "nx": 60, "ny": 127 },
                  { "baseDate": "20261002", "baseTime": "0030", "category": "WSD", "fcstDate": "20261002", "fcstTime": "0100", "fcstValue": "3", "nx": 60, "ny": 127 }
                ]
              },
              "pageNo": 1,
              "numOfRows": 60,
              "totalCount": 60
            }
          }
        }
        """

    // §5.2 service errors, verbatim.
    static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
    static let tooOldVillage = #"{"response":{"header":{"resultCode":"10","resultMsg":"최근 3일 간의 자료만 제공합니다."}}}"#
    static let tooOldUltraShort = #"{"response":{"header":{"resultCode":"10","resultMsg":"최근 1일 간의 자료만 제공합니다."}}}"#
    static let applicationError = #"{"response":{"header":{"resultCode":"01","resultMsg":"APPLICATION_ERROR"}}}"#
    static let httpError = #"{"response":{"header":{"resultCode":"04","resultMsg":"HTTP_ERROR"}}}"#
    static let disabledKey =
        #"{"response":{"header":{"resultCode":"21","resultMsg":"TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR"}}}"#

    /// §5.3's classic gateway body, verbatim (tabs and line feeds), 229 bytes.
    static let gatewayNotRegisteredXML =
        "<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n"
        + "\t\t<returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>\n"
        + "\t\t<returnReasonCode>30</returnReasonCode>\n\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>"

    /// §5.3's quota variant in the classic envelope.
    static let gatewayQuotaXML =
        "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>"
        + "<returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg>"
        + "<returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"

    /// Code 31 from the guide's table in the classic envelope (not captured: UNCONFIRMED in practice).
    static let gatewayExpiredXML =
        "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>"
        + "<returnAuthMsg>DEADLINE_HAS_EXPIRED_ERROR</returnAuthMsg>"
        + "<returnReasonCode>31</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"

    /// §5.3's newer JSON gateway envelope (seen with HTTP 403), verbatim.
    static let gatewayNotRegisteredJSON =
        #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE_KEY_IS_NOT_REGISTERED_ERROR","returnAuthMsg":"등록되지 않은 서비스키","returnReasonCode":"30"}}}"#

    /// §5.3's JSON quota body (HTTP 200), verbatim.
    static let gatewayQuotaJSON =
        #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR","returnAuthMsg":"서비스 요청제한횟수 초과","returnReasonCode":"22"}}}"#

    /// §2.6's XML success start (what the API sends when `dataType` is not JSON).
    static let xmlSuccess =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>00</resultCode>"
        + "<resultMsg>NORMAL_SERVICE</resultMsg></header><body><dataType>XML</dataType><items><item>"
        + "<baseDate>20260114</baseDate><baseTime>0600</baseTime><category>PTY</category><nx>55</nx><ny>127</ny>"
        + "<obsrValue>0</obsrValue></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo>"
        + "<totalCount>8</totalCount></body></response>"
}

extension InMemoryTransport.Reply {
    static func xml(_ body: String, status: Int = 200) -> Self {
        .text(body, status: status, contentType: "text/xml;charset=UTF-8")
    }
}

extension KMAForecastClient {
    /// A client for tests: the raw fixture key, no environment, a fixed clock, the given transport.
    static func testing(
        _ transport: InMemoryTransport,
        serviceKey: String? = KMAFixtures.rawKey,
        rowsPerPage: Int = 1000,
        now: Date = KMAFixtures.instant("2026-10-02T02:15:00+09:00"),
        environment: [String: String] = [:],
        logger: (@Sendable (String) -> Void)? = nil
    ) -> KMAForecastClient {
        KMAForecastClient(
            serviceKey: serviceKey,
            baseURL: URL(string: "http://127.0.0.1:8080")!,
            rowsPerPage: rowsPerPage,
            transport: transport,
            environment: environment,
            now: { now },
            logger: logger
        )
    }
}
