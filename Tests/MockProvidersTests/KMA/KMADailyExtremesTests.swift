import Foundation
import HTTPServer
import MockEngine
import MockProviders
import TestSupport
import Testing

/// A recorded village forecast served as any of the day's eight issuances keeps TMN on 0600 and TMX
/// on 1500 (kma-vilage-fcst.md §3), carries a day's TMN/TMX only in the issuances the API carries them
/// in (§4), takes their values from the recording's same day, and pages the rows it serves.
@Suite struct KMADailyExtremesTests {
    /// A bundled village forecast: its file, the cell it is asked for and the key that reaches it.
    struct Recording: Sendable, CustomTestStringConvertible {
        var file: String
        var cell: String
        var key: String

        var testDescription: String { file }
    }

    /// Seoul and Daegu's December 0500 issuances and the reference's October 2300 one.
    static let recordings = [
        Recording(file: "seoul-city-hall", cell: "nx=60&ny=127", key: "mock%2Bkey"),
        Recording(file: "daegu", cell: "nx=89&ny=90", key: "mock%2Bkey"),
        Recording(file: "seoul-city-hall-reference", cell: "nx=60&ny=127", key: "mock-reference"),
    ]
    static let issuances = ["0200", "0500", "0800", "1100", "1400", "1700", "2000", "2300"]
    /// The day served, and the clock: after its last issuance is published.
    static let servedDate = "20261210"
    static let now = "20261210 2330"
    /// Stated here, not read from the mock: the issuances carrying the served date's own TMN and TMX
    /// (the reference's 0200: both, 0500: TMX only, 1400: neither; 0800 and 1100 the mock's choice).
    static let todaysMinimum: Set = ["0200"]
    static let todaysMaximum: Set = ["0200", "0500", "0800", "1100"]

    static func setup() throws -> MockSetup {
        let files = try recordings.map { recording in
            let path = "kma/vilage/\(recording.file).json"
            let url = PackageLayout.bundledCassettes.appendingPathComponent(path)
            return (path, try String(contentsOf: url, encoding: .utf8))
        }
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(KMAFixtures.kst(now))
        return .cassettes(files, options: options)
    }

    /// The request for `base` of `servedDate` at the recording's cell.
    static func target(_ recording: Recording, base: String, _ extra: String = "&dataType=JSON&numOfRows=1000")
        -> String
    {
        KMAFixtures.prefix + "getVilageFcst?base_date=\(servedDate)&base_time=\(base)&\(recording.cell)\(extra)"
            + "&serviceKey=\(recording.key)"
    }

    /// A row's category, date, time and value.
    struct Row: Equatable {
        var category: String
        var date: String
        var time: String
        var value: String
    }

    static func body(_ response: HTTPResponse) -> [String: Any]? {
        (response.jsonObject?["response"] as? [String: Any])?["body"] as? [String: Any]
    }

    static func rows(_ response: HTTPResponse) -> [Row] {
        let items = ((body(response)?["items"] as? [String: Any])?["item"] as? [[String: Any]]) ?? []
        return items.map { item in
            Row(
                category: item["category"] as? String ?? "", date: item["fcstDate"] as? String ?? "",
                time: item["fcstTime"] as? String ?? "", value: item["fcstValue"] as? String ?? "")
        }
    }

    /// The rows of an XML answer, read element by element.
    static func xmlRows(_ response: HTTPResponse) -> [Row] {
        response.text.components(separatedBy: "<item>").dropFirst().map { item in
            func element(_ name: String) -> String {
                guard let open = item.range(of: "<\(name)>"), let close = item.range(of: "</\(name)>") else {
                    return ""
                }
                return String(item[open.upperBound..<close.lowerBound])
            }
            return Row(
                category: element("category"), date: element("fcstDate"), time: element("fcstTime"),
                value: element("fcstValue"))
        }
    }

    /// The served date `days` after `servedDate`.
    static func date(after days: Int) -> String {
        let start = KMAFixtures.kst(servedDate + " 0000").addingTimeInterval(TimeInterval(days * 86_400))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        formatter.dateFormat = "yyyyMMdd"
        return formatter.string(from: start)
    }

    @Test(arguments: recordings, issuances)
    func tmnIsOnlyAt0600AndTMXOnlyAt1500OncePerDayInTheIssuancesThatCarryThem(recording: Recording, base: String)
        async throws
    {
        let response = try await withMock(Self.setup(), mode: .router) {
            try await $0.respond(Self.target(recording, base: base))
        }
        #expect(response.status == 200)
        let rows = Self.rows(response)
        #expect(rows.count > 700)
        #expect(Self.body(response)?["totalCount"] as? Int == rows.count)
        for (index, row) in rows.enumerated() where row.category == "TMN" || row.category == "TMX" {
            #expect(row.time == (row.category == "TMN" ? "0600" : "1500"), "\(row)")
            // After the other rows of its hour: the one before is that hour's, not another daily row.
            let previous = rows[index - 1]
            #expect(previous.date == row.date && previous.time == row.time && previous.category == "SNO", "\(row)")
            #expect(rows.filter { $0.category == row.category && $0.date == row.date }.count == 1, "\(row)")
        }
        // Every served day with the hour gets its row, but today's only in the issuances carrying it.
        for (category, hour, today) in [("TMN", "0600", Self.todaysMinimum), ("TMX", "1500", Self.todaysMaximum)] {
            let days = Set(rows.filter { $0.time == hour && $0.category == "TMP" }.map(\.date))
            let carried = Set(rows.filter { $0.category == category }.map(\.date))
            let expected = today.contains(base) ? days : days.subtracting([Self.servedDate])
            #expect(carried == expected, "\(category) at \(base)")
        }
    }

    /// The day's first row is 0300 for the 0200 issuance, so its TMN is the 0600 row's; from 0500 on the
    /// first forecast hour is the 0600 one or later and the day's TMN is gone.
    @Test(arguments: issuances)
    func todaysMinimumComesOnlyWithThe0200Issuance(base: String) async throws {
        let rows = Self.rows(
            try await withMock(Self.setup(), mode: .router) {
                try await $0.respond(Self.target(Self.recordings[0], base: base))
            })
        let today = rows.filter { $0.date == Self.servedDate }.map(\.category)
        #expect(today.contains("TMN") == (base == "0200"))
        #expect(today.contains("TMX") == ["0200", "0500", "0800", "1100"].contains(base))
        #expect(rows.filter { $0.category == "TMN" && $0.date == Self.date(after: 1) }.count == 1)
    }

    @Test(arguments: issuances)
    func xmlServesTheSameRowsAsJSON(base: String) async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            for recording in Self.recordings {
                let json = Self.rows(try await harness.respond(Self.target(recording, base: base)))
                let xml = try await harness.respond(Self.target(recording, base: base, "&numOfRows=1000"))
                #expect(xml.headers["Content-Type"] == "text/xml;charset=UTF-8")
                #expect(Self.xmlRows(xml) == json, "\(recording.file) at \(base)")
                #expect(xml.text.contains("<totalCount>\(json.count)</totalCount>"))
            }
        }
    }

    /// A served day takes the recording's TMN/TMX of the same day after its issuance: the 0500 recording
    /// served as 2300 gives tomorrow the recording's tomorrow; the day after its range, and the 0200
    /// issuance's own TMN the 0500 recording never had, come from that day's served TMP rows.
    @Test func valuesComeFromTheRecordingsSameDayOrTheDaysTemperatures() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let seoul = Self.recordings[0]
            let late = Self.rows(try await harness.respond(Self.target(seoul, base: "2300")))
            func value(_ rows: [Row], _ category: String, _ date: String) -> String? {
                rows.first { $0.category == category && $0.date == date }?.value
            }
            // seoul-city-hall.json's 20261203 TMN -8.8 and TMX 0.2, 20261205 TMN -9.8 and TMX 0.2.
            #expect(value(late, "TMN", Self.date(after: 1)) == "-8.8")
            #expect(value(late, "TMX", Self.date(after: 1)) == "0.2")
            #expect(value(late, "TMN", Self.date(after: 3)) == "-9.8")
            let farDay = Self.date(after: 4)
            let farTemperatures = late.filter { $0.category == "TMP" && $0.date == farDay }.compactMap {
                Double($0.value)
            }
            #expect(!farTemperatures.isEmpty)
            #expect(value(late, "TMN", farDay) == String(format: "%.1f", try #require(farTemperatures.min())))
            #expect(value(late, "TMX", farDay) == String(format: "%.1f", try #require(farTemperatures.max())))

            let early = Self.rows(try await harness.respond(Self.target(seoul, base: "0200")))
            #expect(value(early, "TMX", Self.servedDate) == "1.2", "the recording's own day's TMX")
            let today = early.filter { $0.category == "TMP" && $0.date == Self.servedDate }.compactMap {
                Double($0.value)
            }
            #expect(value(early, "TMN", Self.servedDate) == String(format: "%.1f", try #require(today.min())))
        }
    }

    /// At sea the temperatures are the missing value, and so is a TMN made from them.
    @Test func aDayWithoutTemperaturesGetsTheMissingValue() async throws {
        let url = PackageLayout.bundledCassettes.appendingPathComponent("kma/vilage/yellow-sea.json")
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(KMAFixtures.kst(Self.now))
        try await withMock(
            .cassettes(
                [("kma/vilage/yellow-sea.json", try String(contentsOf: url, encoding: .utf8))], options: options),
            mode: .router
        ) { harness in
            let sea = Recording(file: "yellow-sea", cell: "nx=16&ny=82", key: "mock%2Bkey")
            let rows = Self.rows(try await harness.respond(Self.target(sea, base: "0200")))
            let daily = rows.filter { $0.category == "TMN" || $0.category == "TMX" }
            #expect(daily.count == 8)
            #expect(daily.allSatisfy { $0.value == "-999" })
        }
    }

    /// Rows added or dropped are paged like recorded ones: the pages put together are the whole answer,
    /// every page states the same totalCount, and the page past the last row is NO_DATA.
    @Test(arguments: ["0200", "2300"])
    func pagesOfAServedIssuanceAddUpToTheWhole(base: String) async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let daegu = Self.recordings[1]
            let whole = Self.rows(try await harness.respond(Self.target(daegu, base: base)))
            var pages: [Row] = []
            var page = 1
            while true {
                let response = try await harness.respond(
                    Self.target(daegu, base: base, "&dataType=JSON&numOfRows=100&pageNo=\(page)"))
                guard let body = Self.body(response) else {
                    #expect(response.text == #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#)
                    break
                }
                #expect(body["totalCount"] as? Int == whole.count)
                #expect(body["pageNo"] as? Int == page)
                pages += Self.rows(response)
                page += 1
                try #require(page <= 20)
            }
            #expect(pages == whole)
            #expect(page == (whole.count + 99) / 100 + 1)
            let first = Self.rows(try await harness.respond(Self.target(daegu, base: base, "&dataType=JSON")))
            #expect(first == Array(whole.prefix(10)))
        }
    }

    /// The recording's own hour of the day on another date is a shift of whole days: its rows as recorded.
    @Test func theRecordedHourOnAnotherDateKeepsTheRecordedRows() async throws {
        try await withMock(Self.setup(), mode: .router) { harness in
            let seoul = Self.recordings[0]
            let served = Self.rows(try await harness.respond(Self.target(seoul, base: "0500")))
            let url = PackageLayout.bundledCassettes.appendingPathComponent("kma/vilage/seoul-city-hall.json")
            let cassette = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let interaction = try #require((cassette["interactions"] as? [[String: Any]])?.first)
            let json = ((interaction["response"] as? [String: Any])?["json"] as? [String: Any])?["response"]
            let items = (((json as? [String: Any])?["body"] as? [String: Any])?["items"] as? [String: Any])?["item"]
            let recorded = try #require(items as? [[String: Any]])
            #expect(served.map(\.category) == recorded.map { $0["category"] as? String ?? "" })
            #expect(served.map(\.value) == recorded.map { $0["fcstValue"] as? String ?? "" })
            #expect(served.map(\.time) == recorded.map { $0["fcstTime"] as? String ?? "" })
        }
    }
}
