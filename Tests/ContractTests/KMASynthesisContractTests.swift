import Foundation
import MockWeather
import MockWeatherURLProtocol
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The KMA answered from the world through the real serving stack, in the contract suite's three
/// modes (`mockweather serve --synthesize`, the in-process server and the URLProtocol replayer with
/// ``ReplayOptions/synthesis``): cells nobody recorded get a synthetic village forecast and nowcast in
/// JSON and XML, the same bytes in every mode, the client reads them, their temperatures agree with
/// OpenWeatherMap's answers from the same server, the clock rules still answer first, and without the
/// world such a cell is the provider's 501.
@Suite struct KMASynthesisContractTests {
    /// 2026-09-06 06:00 KST: the 0500 village issuance and the 0500 nowcast are the latest published.
    static let clock = Date(timeIntervalSince1970: 1_788_642_000)
    static let prefix = "/1360000/VilageFcstInfoService_2.0/"
    /// Haeundae beach (99/75), Jeju airport (52/38), Gangneung station (93/132), a village in
    /// Jeollanam-do (62/66): cells no bundled cassette names.
    static let places: [(name: String, latitude: Double, longitude: Double, cell: String)] = [
        ("Haeundae beach", 35.1587, 129.1604, "nx=99&ny=75"), ("Jeju airport", 33.5104, 126.4914, "nx=52&ny=38"),
        ("Gangneung station", 37.7640, 128.8996, "nx=93&ny=132"),
        ("Boseong-eup, Jeollanam-do", 34.7714, 127.0800, "nx=62&ny=66"),
    ]

    /// Starts `mode` over the bundled cassettes at ``clock``, with the world (climatology, seed 7) or
    /// without, and runs `body` with its base URL and a session.
    ///
    /// With the world, one nowcast is asked first with a long wait: the first synthetic KMA answer reads
    /// Korea's boundaries (its sea mask), a second in a debug build and more than the clients' 10 s under
    /// the thread sanitizer.
    static func withBackend<T>(
        _ mode: ContractMode, synthesize: Bool, _ body: (URL, URLSession) async throws -> T
    ) async throws -> T {
        let setup = MockSetup.replay(
            PackageLayout.bundledCassettes, clock: clock,
            synthesis: synthesize ? Synthesis(scenario: "climatology", seed: 7) : nil)
        return try await withMock(setup.limited(by: contractCaseLimit), mode: mode) { mock in
            let (base, session) = (try mock.baseURL, try mock.session)
            if synthesize {
                let target = kma("getUltraSrtNcst", "base_date=20260906&base_time=0500&\(places[0].cell)")
                var request = URLRequest(
                    url: try #require(URL(string: base.absoluteString.trimmingSuffix("/") + target)))
                request.timeoutInterval = 300
                _ = try await session.data(for: request)
            }
            return try await body(base, session)
        }
    }

    /// GET `target` (a path and query) against `base`: status, headers, body text.
    static func get(_ target: String, base: URL, session: URLSession) async throws
        -> (status: Int, synthetic: String?, contentType: String?, text: String)
    {
        let url = try #require(URL(string: base.absoluteString.trimmingSuffix("/") + target))
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (
            http.statusCode, http.value(forHTTPHeaderField: "X-Mockweather-Synthetic"),
            http.value(forHTTPHeaderField: "Content-Type"), String(decoding: data, as: UTF8.self)
        )
    }

    static func kma(_ operation: String, _ query: String) -> String {
        prefix + operation + "?serviceKey=c0ntract%2BSuite%2Fplaceholder%2BKey%2F0000%3D%3D&" + query
    }

    /// The rows of a JSON answer, as `[category: value]` for the first forecast time (or the observation).
    static func firstHour(_ text: String) throws -> [String: String] {
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let body = (root?["response"] as? [String: Any])?["body"] as? [String: Any]
        let rows = try #require((body?["items"] as? [String: Any])?["item"] as? [[String: Any]], "\(text.prefix(200))")
        func time(_ row: [String: Any]) -> String? {
            (row["fcstDate"] as? String).flatMap { date in (row["fcstTime"] as? String).map { date + $0 } }
        }
        let first = rows.first.flatMap(time)
        var values: [String: String] = [:]
        for row in rows where time(row) == first {
            values[row["category"] as? String ?? ""] = (row["fcstValue"] ?? row["obsrValue"]) as? String
        }
        return values
    }

    @Test(arguments: ContractMode.selected)
    func unrecordedCellsAreAnsweredFromTheWorldInJSONAndXML(in mode: ContractMode) async throws {
        var bodies: [String] = []
        try await Self.withBackend(mode, synthesize: true) { base, session in
            for place in Self.places {
                let village = "base_date=20260906&base_time=0500&\(place.cell)&numOfRows=1000&pageNo=1"
                let json = try await Self.get(
                    Self.kma("getVilageFcst", village + "&dataType=JSON"), base: base, session: session)
                #expect(
                    json.status == 200 && json.synthetic == "climatology; seed=7",
                    "\(place.name): \(json.text.prefix(300))")
                #expect(json.contentType == "application/json;charset=UTF-8")
                #expect(json.text.contains(#""pageNo":1,"numOfRows":1000,"totalCount":907}"#))
                let xml = try await Self.get(Self.kma("getVilageFcst", village), base: base, session: session)
                #expect(xml.contentType == "text/xml;charset=UTF-8")
                #expect(
                    xml.text.hasPrefix(
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<response><header><resultCode>00</resultCode>"))
                #expect(
                    xml.text.hasSuffix(
                        "<numOfRows>1000</numOfRows><pageNo>1</pageNo><totalCount>907</totalCount></body></response>"))
                let nowcast = "base_date=20260906&base_time=0500&\(place.cell)"
                let observed = try await Self.get(
                    Self.kma("getUltraSrtNcst", nowcast + "&dataType=JSON"), base: base, session: session)
                #expect(observed.status == 200 && observed.synthetic != nil)
                let observedXML = try await Self.get(Self.kma("getUltraSrtNcst", nowcast), base: base, session: session)
                #expect(observedXML.text.contains("<category>T1H</category>"))

                // One world: OpenWeatherMap's current weather at the place, from the same server, at 06:00
                // KST; the nowcast is of 05:00, the village forecast's first hour 06:00.
                let owm = try await Self.get(
                    "/data/2.5/weather?lat=\(place.latitude)&lon=\(place.longitude)&units=metric&appid=k", base: base,
                    session: session)
                let current = try #require(
                    try JSONSerialization.jsonObject(with: Data(owm.text.utf8)) as? [String: Any])
                let temperature = try #require((current["main"] as? [String: Any])?["temp"] as? Double)
                let tmp = try #require(Double(try Self.firstHour(json.text)["TMP"] ?? ""))
                #expect(owm.synthetic != nil, "\(place.name): \(owm.text.prefix(200))")
                #expect(abs(tmp - temperature) <= 1.5, "\(place.name): KMA \(tmp), OpenWeatherMap \(temperature)")
                bodies += [json.text, xml.text, observed.text, observedXML.text]
            }
        }
        #expect(bodies.count == 16)
        #expect(Set(bodies).count == 16)
        let reference = try await Self.withBackend(.inProcess, synthesize: true) { base, session in
            try await Self.get(
                Self.kma(
                    "getVilageFcst",
                    "base_date=20260906&base_time=0500&\(Self.places[0].cell)&numOfRows=1000&pageNo=1&dataType=JSON"),
                base: base, session: session
            ).text
        }
        #expect(bodies.first == reference, "every mode serves the same bytes")
    }

    /// The service's clock rules answer before the world: an issuance not published yet is 03 NO_DATA,
    /// one past the retention 10, a base time that is no issuance 01; none is marked synthetic.
    @Test(arguments: ContractMode.selected)
    func theClockRulesStillAnswerFirst(in mode: ContractMode) async throws {
        try await Self.withBackend(mode, synthesize: true) { base, session in
            let cell = Self.places[1].cell
            let cases = [
                ("getVilageFcst", "base_date=20260906&base_time=0800", #"{"resultCode":"03","resultMsg":"NO_DATA"}"#),
                ("getVilageFcst", "base_date=20260902&base_time=0500", #""resultCode":"10""#),
                ("getUltraSrtNcst", "base_date=20260905&base_time=0500", #""resultCode":"10""#),
                ("getUltraSrtNcst", "base_date=20260906&base_time=0600", #""resultCode":"03""#),
                ("getVilageFcst", "base_date=20260906&base_time=0600", #""resultCode":"01""#),
            ]
            for (operation, issuance, expected) in cases {
                let answer = try await Self.get(
                    Self.kma(operation, "\(issuance)&\(cell)&dataType=JSON"), base: base, session: session)
                #expect(answer.status == 200)
                #expect(answer.text.contains(expected), "\(operation) \(issuance): \(answer.text)")
                #expect(answer.synthetic == nil)
            }
            let client = KMAForecastClient(
                serviceKey: contractKMAServiceKey, baseURL: base, timeout: .seconds(120),
                transport: URLSessionTransport(session: session),
                environment: [:], now: { Self.clock })
            let forecast = try await client.villageForecast(at: KMAGridCell(nx: 52, ny: 38)!)
            #expect(forecast.rowCount == 907)
            #expect(!forecast.dailyExtremes.isEmpty)
            let nowcast = try await client.ultraShortNowcast(at: KMAGridCell(nx: 52, ny: 38)!)
            #expect(nowcast.observation.temperature != nil)
        }
    }

    /// Without the world the bundled set answers only what it recorded: an unrecorded cell is the
    /// provider's 501 `NOT_RECORDED` (no catch-all), as OpenWeatherMap's unrecorded city is.
    @Test(arguments: ContractMode.selected)
    func withoutTheWorldAnUnrecordedCellIsThe501(in mode: ContractMode) async throws {
        try await Self.withBackend(mode, synthesize: false) { base, session in
            let answer = try await Self.get(
                Self.kma("getVilageFcst", "base_date=20260906&base_time=0500&\(Self.places[1].cell)&dataType=JSON"),
                base: base, session: session)
            #expect(answer.status == 501)
            #expect(answer.text.contains(#""resultCode":"NOT_RECORDED""#), "\(answer.text)")
            let recorded = try await Self.get(
                Self.kma("getVilageFcst", "base_date=20260906&base_time=0500&nx=60&ny=127&dataType=JSON"), base: base,
                session: session)
            #expect(recorded.status == 200 && recorded.synthetic == nil)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
