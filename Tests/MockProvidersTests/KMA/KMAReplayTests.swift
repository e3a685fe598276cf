import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// What a matched KMA request is answered with (kma-vilage-fcst.md §2): the one recorded JSON
/// answer in the form asked (XML by default), paged with `totalCount` unchanged, moved to the
/// requested issuance and written for the requested cell; keys masked wherever the mock shows a
/// request; the dashboard's reading.
@Suite struct KMAReplayTests {
    private static let now = "20261002 0300"

    private static func body(_ response: HTTPResponse) -> [String: Any]? {
        (response.jsonObject?["response"] as? [String: Any])?["body"] as? [String: Any]
    }

    private static func rows(_ response: HTTPResponse) -> [[String: Any]] {
        ((body(response)?["items"] as? [String: Any])?["item"] as? [[String: Any]]) ?? []
    }

    @Test func theDefaultFormIsTheServicesXML() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target("getUltraSrtNcst", "base_date=20261002&base_time=0000&nx=60&ny=127&numOfRows=2"))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/xml;charset=UTF-8")
            #expect(
                response.text
                    == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>00</resultCode>"
                    + "<resultMsg>NORMAL_SERVICE</resultMsg></header><body><dataType>XML</dataType><items>"
                    + "<item><baseDate>20261002</baseDate><baseTime>0000</baseTime><category>PTY</category><nx>60</nx>"
                    + "<ny>127</ny><obsrValue>0</obsrValue></item><item><baseDate>20261002</baseDate>"
                    + "<baseTime>0000</baseTime><category>REH</category><nx>60</nx><ny>127</ny><obsrValue>37</obsrValue>"
                    + "</item></items><numOfRows>2</numOfRows><pageNo>1</pageNo><totalCount>4</totalCount></body>"
                    + "</response>")
        }
    }

    @Test func dataTypeJSONGetsTheEnvelopeWithTheAPIsTypes() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let response = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=json&numOfRows=1000"))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
            let body = try #require(Self.body(response))
            #expect(body["dataType"] as? String == "JSON")
            #expect(body["totalCount"] as? Int == 980)
            #expect(body["numOfRows"] as? Int == 1000)
            let rows = Self.rows(response)
            #expect(rows.count == 980)
            let first = try #require(rows.first)
            #expect(first["category"] as? String == "TMP")
            #expect(first["fcstValue"] as? String == "14")
            #expect(first["fcstDate"] as? String == "20261002")
            #expect(first["nx"] as? Int == 60)
            #expect(first["ny"] as? Int == 127)
            #expect(response.text.contains("\"nx\":60,\"ny\":127"))
            #expect(response.text.contains("\"fcstValue\":\"14\""))
        }
    }

    @Test func pagesCutTheRowsAndKeepTheTotalCount() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let all = Self.rows(
                try await harness.respond(
                    KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&numOfRows=1000")))
            let defaultPage = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON"))
            #expect(Self.rows(defaultPage).count == 10)
            #expect(Self.body(defaultPage)?["pageNo"] as? Int == 1)
            let second = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&pageNo=2&numOfRows=100"))
            #expect(Self.body(second)?["totalCount"] as? Int == 980)
            #expect(Self.body(second)?["pageNo"] as? Int == 2)
            #expect(Self.body(second)?["numOfRows"] as? Int == 100)
            let rows = Self.rows(second)
            #expect(rows.count == 100)
            #expect(rows.first?["category"] as? String == all[100]["category"] as? String)
            #expect(rows.first?["fcstTime"] as? String == all[100]["fcstTime"] as? String)
            let last = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&pageNo=10&numOfRows=100")
            )
            #expect(Self.rows(last).count == 80)
            let past = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&pageNo=11&numOfRows=100")
            )
            #expect(past.text == "{\"response\":{\"header\":{\"resultCode\":\"03\",\"resultMsg\":\"NO_DATA\"}}}")
        }
    }

    @Test func aLaterIssuanceKeepsTheValuesAndMovesTheTimes() async throws {
        try await withMock(KMAFixtures.setup(at: "20261102 0300"), mode: .router) { harness in
            let recorded = Self.rows(
                try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) {
                    try await $0.respond(
                        KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON&numOfRows=1000"))
                })
            let moved = Self.rows(
                try await harness.respond(
                    KMAFixtures.target(
                        "getVilageFcst", "base_date=20261101&base_time=2300&nx=60&ny=127&dataType=JSON&numOfRows=1000"))
            )
            #expect(moved.count == recorded.count)
            #expect(moved.map { $0["fcstValue"] as? String } == recorded.map { $0["fcstValue"] as? String })
            #expect(moved.map { $0["category"] as? String } == recorded.map { $0["category"] as? String })
            #expect(moved.allSatisfy { $0["baseDate"] as? String == "20261101" && $0["baseTime"] as? String == "2300" })
            #expect(moved.first?["fcstDate"] as? String == "20261102")
            #expect(moved.first?["fcstTime"] as? String == "0000")
            let tmn = moved.first { $0["category"] as? String == "TMN" }
            #expect(tmn?["fcstDate"] as? String == "20261102")
            #expect(tmn?["fcstTime"] as? String == "0600")
            #expect(moved.last?["fcstDate"] as? String == "20261106")
        }
    }

    @Test func anotherIssuanceOfTheDayMovesTheHours() async throws {
        try await withMock(KMAFixtures.setup(at: "20261002 0600"), mode: .router) { harness in
            let rows = Self.rows(
                try await harness.respond(
                    KMAFixtures.target("getVilageFcst", "base_date=20261002&base_time=0500&nx=60&ny=127&dataType=JSON"))
            )
            #expect(rows.first?["baseTime"] as? String == "0500")
            #expect(rows.first?["fcstDate"] as? String == "20261002")
            #expect(rows.first?["fcstTime"] as? String == "0600")
            #expect(rows.first?["fcstValue"] as? String == "14")
        }
    }

    @Test func theCatchAllAnswersAnyOtherCellWithThatCellInItsRows() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let daegu = try await harness.respond(
                KMAFixtures.target("getVilageFcst", "base_date=20261001&base_time=2300&nx=89&ny=90&dataType=JSON"))
            let rows = Self.rows(daegu)
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { $0["nx"] as? Int == 89 && $0["ny"] as? Int == 90 })
            #expect(rows.first?["fcstValue"] as? String == "9")
            // Seoul's own cassette still wins for its cell: equal parameters rank a match.
            let seoul = try await harness.respond(
                KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage + "&dataType=JSON"))
            #expect(Self.body(seoul)?["totalCount"] as? Int == 980)
        }
    }

    @Test func anUnmatchedRequestGets501InTheServicesEnvelope() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let json = try await harness.respond(
                KMAFixtures.target("getUltraSrtNcst", "base_date=20261002&base_time=0000&nx=89&ny=90&dataType=JSON"))
            #expect(json.status == 501)
            #expect(json.headers["Content-Type"] == "application/json;charset=UTF-8")
            let header = (json.jsonObject?["response"] as? [String: Any])?["header"] as? [String: Any]
            #expect(header?["resultCode"] as? String == "NOT_RECORDED")
            #expect((header?["resultMsg"] as? String)?.hasPrefix("mockweather: no cassette matches") == true)
            let xml = try await harness.respond(
                KMAFixtures.target("getUltraSrtNcst", "base_date=20261002&base_time=0000&nx=89&ny=90"))
            #expect(xml.status == 501)
            #expect(
                xml.text.hasPrefix(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>NOT_RECORDED"))
        }
    }

    /// The key in every form a client may send it never shows in the journal, the log, HAR or the 501.
    @Test func theServiceKeyIsMaskedInTheJournalLogHARAndThe501() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let raw = "Sk3y+Secret/Value=="
            let once = "Sk3y%2BSecret%2FValue%3D%3D"
            let twice = "Sk3y%252BSecret%252FValue%253D%253D"
            let spaced = "Sk3y Secret/Value=="
            for sent in [once, twice, "Sk3y+Secret/Value=="] {
                _ = try await harness.respond(KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage, key: sent))
            }
            let unmatched = try await harness.respond(
                KMAFixtures.target("getUltraSrtNcst", "base_date=20261002&base_time=0000&nx=89&ny=90", key: once))
            #expect(unmatched.status == 501)
            let har = try await harness.respond("/__admin/requests.har")
            #expect(har.status == 200)
            let requests = try await harness.respond("/__admin/requests")
            for shown in [har.text, requests.text, try harness.log.lines.joined(separator: "\n"), unmatched.text] {
                for form in [raw, once, twice, spaced, "Sk3y", "Secret"] {
                    #expect(!shown.contains(form), "\(form)")
                }
            }
            #expect(requests.text.contains("serviceKey=***"))
        }
    }

    @Test func theDashboardShowsTheCellTheFirstHourAndWhereTheCellIs() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            _ = try await harness.respond(KMAFixtures.target("getVilageFcst", KMAFixtures.seoulVillage))
            _ = try await harness.respond(
                KMAFixtures.target("getVilageFcst", "base_date=20261001&base_time=2300&nx=89&ny=90&dataType=JSON"))
            let requests = try #require(
                try await harness.respond("/__admin/requests").jsonObject?["requests"] as? [[String: Any]])
            let seoul = try #require(requests.first { ($0["path"] as? String)?.hasSuffix("getVilageFcst") == true })
            let answer = try #require(seoul["answer"] as? [String: Any], "\(seoul)")
            #expect(answer["place"] as? String == "nx 60 ny 127")
            #expect(answer["temperature"] as? Double == 14)
            #expect(answer["condition"] as? String == "clear")
            // The map puts the request at its cell's centre (the requests carry no coordinates).
            let located = try #require(seoul["coordinates"] as? [String: Any])
            #expect(abs((located["lat"] as? Double ?? 0) - 37.5799) < 0.001)
            #expect(abs((located["lon"] as? Double ?? 0) - 126.9894) < 0.001)
            let daegu = try #require(requests.last?["answer"] as? [String: Any])
            #expect(daegu["condition"] as? String == "rain")
            #expect(daegu["temperature"] as? Double == 9)
            let point = try #require(KMA().mapPoint(of: QueryParameters("nx=60&ny=127")))
            #expect(abs(point.latitude - 37.5799) < 0.001)
            #expect(abs(point.longitude - 126.9894) < 0.001)
            #expect(KMA().mapPoint(of: QueryParameters("nx=0&ny=127")) == nil)
        }
    }

    @Test func theSummaryReadsTheXMLFormAsTheJSONForm() async throws {
        try await withMock(KMAFixtures.setup(at: Self.now), mode: .router) { harness in
            let target = KMAFixtures.target("getUltraSrtFcst", "base_date=20261002&base_time=0030&nx=60&ny=127")
            let xml = try await harness.respond(target)
            let json = try await harness.respond(target + "&dataType=JSON")
            let query = QueryParameters("nx=60&ny=127")
            let fromXML = try #require(KMA().summary(ofAnswer: xml.body, query: query))
            #expect(fromXML == KMA().summary(ofAnswer: json.body, query: query))
            #expect(fromXML.temperature == 15)
            #expect(fromXML.condition == "clear")
            #expect(KMA().summary(ofAnswer: Array("<response><header/></response>".utf8), query: query) == nil)
        }
    }
}
