import Basics
import Foundation
import HTTPServer
import KoreaRegions
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// Asks the KMA provider's synthesis directly, as the engine does for a request no cassette matched.
enum KMASynthesisFixture {
    static let prefix = "/1360000/VilageFcstInfoService_2.0/"
    /// 2026-09-06 02:00 KST (2026-09-05T17:00Z): the typhoon preset's start, a late-summer night.
    static let clockStart: Int64 = 1_788_627_600
    /// Seed 7 over the climatology.
    static let world = World(seed: 7, clockStart: clockStart)

    /// `KMATime` of a KST `yyyyMMdd HHmm` text.
    static func kst(_ date: String, _ time: String) -> KMATime { KMATime(date: date, time: time)! }

    /// The answer to `operation?query` at the KST instant `now`, with `world` and `sea`.
    static func answer(
        _ operation: String, _ query: String, now: KMATime, world: World? = Self.world, sea: KMASeaMask? = nil
    ) -> SynthesizedAnswer? {
        let request = ReplayRequest(
            method: "GET", path: prefix + operation, query: query, providers: Providers.all, now: now.date)
        guard let sea else { return KMA().synthesize(request, context: SynthesisContext(world: world, gazetteer: nil)) }
        // The sea seam: the village forecast's rows asked with a mask of the test's choosing.
        guard let world, let cell = KMACell(request.parameters),
            let issuance = KMARules.issuance(of: request.parameters)
        else { return nil }
        let rows = KMAVillageForecastAnswer.rows(
            KMASyntheticCell(cell: cell, world: world), issuance: issuance, sea: sea)
        return rows.answer(
            format: KMAFormat(request.parameters), paging: KMAPaging(request.parameters), rule: "village")
    }

    /// The rows of a JSON answer.
    static func rows(_ answer: SynthesizedAnswer?) throws -> [JSONValue] {
        let answer = try #require(answer)
        #expect(answer.response.status == 200)
        #expect(answer.isSynthetic)
        let root = try JSONParser.parse(answer.response.body)
        return root["response"]?["body"]?["items"]?["item"]?.elements ?? []
    }
}

extension JSONValue {
    /// A row member's string.
    func rowText(_ name: String) -> String { self[name]?.stringValue ?? "" }
}

/// The KMA answered from the world: every operation in the API's shape, row order and types, values
/// from the world's state at the cell's centre, the sea masked as documented, paging, both forms.
@Suite struct KMASynthesisTests {
    typealias Fixture = KMASynthesisFixture
    static let busan = "nx=98&ny=76"

    @Test(arguments: [("0500", 907, 75), ("2300", 980, 81), ("0200", 944, 78), ("1400", 798, 66)])
    func aVillageForecastHasTheIssuancesRowsInTheAPIsOrder(base: String, count: Int, times: Int) throws {
        let now = Fixture.kst("20260906", base).adding(3_600)
        let answer = Fixture.answer(
            "getVilageFcst", "base_date=20260906&base_time=\(base)&\(Self.busan)&numOfRows=1000&dataType=JSON", now: now
        )
        let rows = try Fixture.rows(answer)
        #expect(rows.count == count)
        let body = try JSONParser.parse(try #require(answer).response.body)["response"]?["body"]
        #expect(body?["totalCount"]?.numberText == String(count))
        var byTime: [[String]] = []
        var last = ""
        for row in rows {
            let time = row.rowText("fcstDate") + row.rowText("fcstTime")
            if time != last { byTime.append([]) }
            last = time
            byTime[byTime.count - 1].append(row.rowText("category"))
            #expect(row["nx"]?.numberText == "98" && row["ny"]?.numberText == "76")
            #expect(row.rowText("baseDate") == "20260906" && row.rowText("baseTime") == base)
            #expect(row.keys == ["baseDate", "baseTime", "category", "fcstDate", "fcstTime", "fcstValue", "nx", "ny"])
        }
        #expect(byTime.count == times)
        let first = Fixture.kst("20260906", base).adding(3_600)
        #expect(rows.first?.rowText("fcstDate") == first.dateText && rows.first?.rowText("fcstTime") == first.timeText)
        for (index, categories) in byTime.enumerated() {
            #expect(Array(categories.prefix(12)) == KMAVillageForecastAnswer.categories, "time \(index)")
            #expect(categories.dropFirst(12).allSatisfy { $0 == "TMN" || $0 == "TMX" })
        }
        for row in rows where ["TMN", "TMX"].contains(row.rowText("category")) {
            #expect(row.rowText("fcstTime") == (row.rowText("category") == "TMN" ? "0600" : "1500"))
            #expect(row.rowText("fcstValue").contains("."), "TMN/TMX carry one decimal")
        }
    }

    /// The reference's observations: 0200 has that day's TMN and TMX, 0500 that day's TMX only, 1400 neither.
    @Test(arguments: [("0200", true, true), ("0500", false, true), ("1400", false, false)])
    func theDaysExtremesAreInTheIssuancesThatCarryThem(base: String, tmn: Bool, tmx: Bool) throws {
        let rows = try Fixture.rows(
            Fixture.answer(
                "getVilageFcst", "base_date=20260906&base_time=\(base)&\(Self.busan)&numOfRows=1000&dataType=JSON",
                now: Fixture.kst("20260906", "2300")))
        let today = rows.filter { $0.rowText("fcstDate") == "20260906" }.map { $0.rowText("category") }
        #expect(today.contains("TMN") == tmn)
        #expect(today.contains("TMX") == tmx)
        let tomorrow = rows.filter { $0.rowText("fcstDate") == "20260907" }.map { $0.rowText("category") }
        #expect(tomorrow.filter { $0 == "TMN" }.count == 1 && tomorrow.filter { $0 == "TMX" }.count == 1)
    }

    /// Over cells all over the grid and hours of a day: each value is the world's state at the cell's
    /// centre in the API's units and codes.
    @Test func villageValuesAreTheWorldsStateAtTheCellsCentre() throws {
        var checked = 0
        for x in stride(from: 5, through: 145, by: 35) {
            for y in stride(from: 10, through: 250, by: 60) {
                let rows = try Fixture.rows(
                    Fixture.answer(
                        "getVilageFcst",
                        "base_date=20260906&base_time=0200&nx=\(x)&ny=\(y)&numOfRows=1000&dataType=JSON",
                        now: Fixture.kst("20260906", "0300")))
                let site = KMASyntheticCell(cell: KMACell(x: x, y: y)!, world: Fixture.world)
                var byTime: [String: [String: String]] = [:]
                for row in rows {
                    byTime[row.rowText("fcstDate") + row.rowText("fcstTime"), default: [:]][row.rowText("category")] =
                        row.rowText("fcstValue")
                }
                for (key, values) in byTime {
                    let time = KMATime(date: String(key.prefix(8)), time: String(key.suffix(4)))!
                    let state = site.conditions(at: time)
                    #expect(values["TMP"] == KMANumberText.whole(state.temperature))
                    #expect(values["REH"] == KMANumberText.whole(state.humidity))
                    #expect(values["SKY"] == String(KMAWorldCodes.sky(state)))
                    #expect((values["PTY"] != "0") == (state.precipitationKind != .none))
                    #expect(values["WAV"] == "0")
                    let east = Double(values["UUU"]!)!
                    let north = Double(values["VVV"]!)!
                    let speed = Double(values["WSD"]!)!
                    #expect(
                        abs((east * east + north * north).squareRoot() - speed) <= 0.125,
                        "three values rounded to tenths")
                    if speed >= 1 {
                        // The wind comes from VEC: it blows towards VEC + 180°.
                        let towards = atan2(east, north) * 180 / .pi
                        let from = (towards + 180).truncatingRemainder(dividingBy: 360)
                        let difference = abs(from - Double(values["VEC"]!)!)
                        #expect(min(difference, 360 - difference) < 5, "\(x)/\(y) \(key): \(values)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 1_000)
    }

    @Test func theNowcastIsTheStateAtItsHourInEightAlphabeticalRows() throws {
        let rows = try Fixture.rows(
            Fixture.answer(
                "getUltraSrtNcst", "base_date=20260906&base_time=0500&\(Self.busan)&dataType=JSON",
                now: Fixture.kst("20260906", "0510")))
        #expect(rows.map { $0.rowText("category") } == ["PTY", "REH", "RN1", "T1H", "UUU", "VEC", "VVV", "WSD"])
        #expect(rows.allSatisfy { $0.keys == ["baseDate", "baseTime", "category", "nx", "ny", "obsrValue"] })
        let state = KMASyntheticCell(cell: KMACell(x: 98, y: 76)!, world: Fixture.world)
            .conditions(at: Fixture.kst("20260906", "0500"))
        #expect(rows[3].rowText("obsrValue") == KMANumberText.tenths(state.temperature))
        #expect(rows[3].rowText("obsrValue").contains("."))
    }

    @Test func theUltraShortForecastIsSixHoursCategoryByCategory() throws {
        let rows = try Fixture.rows(
            Fixture.answer(
                "getUltraSrtFcst", "base_date=20260906&base_time=0530&\(Self.busan)&numOfRows=100&dataType=JSON",
                now: Fixture.kst("20260906", "0545")))
        #expect(rows.count == 60)
        let categories = stride(from: 0, to: 60, by: 6).map { rows[$0].rowText("category") }
        #expect(categories == KMAUltraShortForecastAnswer.categories)
        #expect(rows.prefix(6).map { $0.rowText("fcstTime") } == ["0600", "0700", "0800", "0900", "1000", "1100"])
        #expect(rows.allSatisfy { $0.rowText("baseTime") == "0530" })
    }

    /// XML unless JSON is asked, `numOfRows` 10 by default, `totalCount` the issuance's, a page past
    /// the last row NO_DATA without `body`.
    @Test func formsAndPagesAreTheServices() throws {
        let now = Fixture.kst("20260906", "0600")
        let query = "base_date=20260906&base_time=0500&\(Self.busan)"
        let xml = try #require(Fixture.answer("getVilageFcst", query, now: now)).response
        let text = String(decoding: xml.body, as: UTF8.self)
        #expect(xml.headers["Content-Type"] == "text/xml;charset=UTF-8")
        #expect(
            text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>00</resultCode>"
                    + "<resultMsg>NORMAL_SERVICE</resultMsg></header><body><dataType>XML</dataType><items><item>"
                    + "<baseDate>20260906</baseDate><baseTime>0500</baseTime><category>TMP</category>"))
        #expect(text.components(separatedBy: "<item>").count - 1 == 10)
        #expect(
            text.hasSuffix(
                "</items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>907</totalCount></body></response>"))
        let second = try Fixture.rows(
            Fixture.answer("getVilageFcst", query + "&dataType=JSON&pageNo=2&numOfRows=900", now: now))
        #expect(second.count == 7)
        let past = try #require(
            Fixture.answer("getVilageFcst", query + "&dataType=json&pageNo=3&numOfRows=900", now: now))
        #expect(
            String(decoding: past.response.body, as: UTF8.self)
                == #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#)
    }

    @Test func aSeaCellMasksWhatTheGuideMasksAndCarriesTheWaves() throws {
        let query = "base_date=20260906&base_time=0500&nx=16&ny=82&numOfRows=1000&dataType=JSON"
        let now = Fixture.kst("20260906", "0600")
        let sea = try Fixture.rows(Fixture.answer("getVilageFcst", query, now: now, sea: KMASeaMask { _, _ in true }))
        let land = try Fixture.rows(Fixture.answer("getVilageFcst", query, now: now, sea: KMASeaMask { _, _ in false }))
        #expect(sea.count == land.count)
        let site = KMASyntheticCell(cell: KMACell(x: 16, y: 82)!, world: Fixture.world)
        for (atSea, onLand) in zip(sea, land) {
            let category = atSea.rowText("category")
            switch category {
            case "TMP", "TMN", "TMX", "POP", "PCP", "REH", "SNO":
                #expect(atSea.rowText("fcstValue") == "-999")
                #expect(onLand.rowText("fcstValue") != "-999")
            case "WAV":
                let time = KMATime(date: atSea.rowText("fcstDate"), time: atSea.rowText("fcstTime"))!
                let wind = site.conditions(at: time).windSpeed
                #expect(atSea.rowText("fcstValue") == KMANumberText.tenths(min(15, 0.21 * wind * wind / 9.81)))
                #expect(onLand.rowText("fcstValue") == "0")
            default: #expect(atSea.rowText("fcstValue") == onLand.rowText("fcstValue"), "\(category)")
            }
        }
        #expect(sea.contains { $0.rowText("category") == "WAV" && $0.rowText("fcstValue") != "0.0" })
    }

    /// A cell is sea only when its centre and the points 2 km around it are all off land: a coastal
    /// cell stays land; without readable divisions every cell is land.
    @Test func theSeaMaskKeepsCoastalCellsLand() {
        let cell = KMACell(x: 98, y: 76)!
        let centre = KMAGridProjection.centre(x: 98, y: 76)
        #expect(KMASeaMask { _, _ in true }.isSea(cell))
        #expect(!KMASeaMask { _, _ in false }.isSea(cell))
        // Land only 2 km north of the centre.
        #expect(!KMASeaMask { latitude, _ in latitude <= centre.latitude + 0.01 }.isSea(cell))
        #expect(!KMASeaMask.allLand.isSea(cell))
        #expect(!KMASeaMask(KoreaRegions(directory: "/nonexistent")).isSea(cell))
    }

    @Test func withoutAWorldNothingIsInvented() {
        #expect(
            Fixture.answer(
                "getVilageFcst", "base_date=20260906&base_time=0500&\(Self.busan)",
                now: Fixture.kst("20260906", "0600"),
                world: nil) == nil)
        #expect(
            Fixture.answer(
                "getFcstVersion", "ftype=ODAM&basedatetime=202609060500", now: Fixture.kst("20260906", "0600"),
                world: nil)
                == nil)
    }

    @Test(arguments: [
        ("ODAM", "202609060759", "20260906070500"), ("VSRT", "202609060759", "20260906074000"),
        ("SHRT", "202609060759", "20260906050800"), ("SHRT", "202609060817", "20260906080800"),
        ("ODAM", "202609061200", "20260906080500"), ("ODAM", "garbage", "20260906080500"),
    ])
    func theForecastVersionIsTheLatestFileMadeByTheTimeAsked(ftype: String, asked: String, version: String) throws {
        let rows = try Fixture.rows(
            Fixture.answer(
                "getFcstVersion", "ftype=\(ftype)&basedatetime=\(asked)&dataType=JSON",
                now: Fixture.kst("20260906", "0820")))
        #expect(rows.count == 1)
        #expect(rows.first?.keys == ["filetype", "version"])
        #expect(rows.first?.rowText("filetype") == ftype)
        #expect(rows.first?.rowText("version") == version)
        #expect(
            Fixture.answer("getFcstVersion", "ftype=XXXX&basedatetime=\(asked)", now: Fixture.kst("20260906", "0820"))
                == nil)
    }
}
