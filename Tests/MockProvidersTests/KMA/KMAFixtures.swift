import Foundation
import MockEngine
import MockProviders
import TestSupport

/// The cassettes and requests the KMA tests share: the reference's Seoul village forecast (issuance
/// 20261001 2300 KST), and in-memory nowcast, ultra-short forecast and catch-all interactions.
enum KMAFixtures {
    static let prefix = "/1360000/VilageFcstInfoService_2.0/"
    static let key = "mock%2Bkey%2F%3D%3D"

    /// A KST wall-clock time as the mock clock's `Date`.
    static func kst(_ text: String) -> Date {
        // `yyyyMMdd HHmm[ss]`, KST = UTC+9.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        formatter.dateFormat = text.count > 13 ? "yyyyMMdd HHmmss" : "yyyyMMdd HHmm"
        return formatter.date(from: text)!
    }

    /// The reference's Seoul cassette and the in-memory ones. The bundled copy is asked for with
    /// `serviceKey=mock-reference` (so it never contradicts the route's December day); these tests read
    /// its rows for any key, as a cassette of the user's own would be.
    static func files() throws -> [(String, String)] {
        let seoul = PackageLayout.bundledCassettes.appendingPathComponent("kma/vilage/seoul-city-hall-reference.json")
        let bundled = try String(contentsOf: seoul, encoding: .utf8)
        let anyKey = bundled.replacingOccurrences(of: #""serviceKey": "mock-reference","#, with: "")
        precondition(anyKey != bundled, "the reference cassette no longer names its key as these tests expect")
        return [
            ("kma/vilage/seoul-city-hall-reference.json", anyKey),
            ("kma/test/others.json", cassetteJSON(nowcast, ultraShort, catchAll)),
        ]
    }

    /// The engine over ``files()`` at `now` (KST text), with `settings`.
    static func setup(at now: String, settings: [String: String] = [:]) throws -> MockSetup {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(kst(now))
        options.providerSettings = settings
        return .cassettes(try files(), options: options)
    }

    /// `operation?query&serviceKey=key`.
    static func target(_ operation: String, _ query: String, key: String? = KMAFixtures.key) -> String {
        prefix + operation + "?" + query + (key.map { "&serviceKey=\($0)" } ?? "")
    }

    static let seoulVillage = "base_date=20261001&base_time=2300&nx=60&ny=127"

    private static func envelope(_ rows: [String]) -> String {
        """
        {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",\
        "items":{"item":[\(rows.joined(separator: ","))]},"pageNo":1,"numOfRows":\(rows.count),\
        "totalCount":\(rows.count)}}}
        """
    }

    /// §2.3's nowcast for 60/127, base 20261002 0000.
    static let nowcast = interaction(
        path: prefix + "getUltraSrtNcst", query: #"{"nx":"60","ny":"127"}"#,
        rows: [("PTY", "0"), ("REH", "37"), ("RN1", "0"), ("T1H", "15.2")].map { category, value in
            #"{"baseDate":"20261002","baseTime":"0000","category":"\#(category)","nx":60,"ny":127,"obsrValue":"\#(value)"}"#
        })

    /// An ultra-short forecast for 60/127, base 20261002 0030, two hours of T1H and SKY.
    static let ultraShort = interaction(
        path: prefix + "getUltraSrtFcst", query: #"{"nx":"60","ny":"127"}"#,
        rows: [("T1H", "0100", "15"), ("T1H", "0200", "14"), ("SKY", "0100", "1"), ("SKY", "0200", "3")].map {
            #"{"baseDate":"20261002","baseTime":"0030","category":"\#($0.0)","fcstDate":"20261002","fcstTime":"\#($0.1)","fcstValue":"\#($0.2)","nx":60,"ny":127}"#
        })

    /// A village-forecast catch-all (no cell): every other cell, rows written at 1/1.
    static let catchAll = interaction(
        path: prefix + "getVilageFcst", query: nil,
        rows: [("TMP", "9"), ("SKY", "4"), ("PTY", "1")].map {
            #"{"baseDate":"20261001","baseTime":"2300","category":"\#($0.0)","fcstDate":"20261002","fcstTime":"0000","fcstValue":"\#($0.1)","nx":1,"ny":1}"#
        })

    private static func interaction(path: String, query: String?, rows: [String]) -> String {
        let pattern = query.map { #","query":\#($0)"# } ?? ""
        return """
            {"request":{"method":"GET","path":"\(path)"\(pattern)},"response":{"status":200,\
            "headers":{"Content-Type":"application/json;charset=UTF-8"},"json":\(envelope(rows))}}
            """
    }
}
