import Basics
import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Record mode, `record` and `verify` for One Call 3.0, air pollution, zip and icons.
@Suite struct NewFamiliesRecordingTests {
    @Test(
        arguments: [
            ("/data/3.0/onecall", "lat=37.5683&lon=126.9778&appid=k", "recorded/onecall/lat37.57_lon126.98"),
            (
                "/data/3.0/onecall", "lon=126.9778&lat=37.5683&units=metric&exclude=minutely,alerts&lang=kr",
                "recorded/onecall/lat37.57_lon126.98-metric-exclude-minutely-alerts-lang-kr"
            ),
            ("/data/3.0/onecall", "lat=37.5683&lon=126.9778&exclude=", "recorded/onecall/lat37.57_lon126.98"),
            (
                "/data/3.0/onecall/timemachine", "lat=37.5683&lon=126.9778&dt=1670120043",
                "recorded/onecall/timemachine-lat37.57_lon126.98-dt-1670120043"
            ),
            (
                "/data/3.0/onecall/day_summary", "lat=35.87&lon=128.6&date=2022-12-05&tz=%2B09:00",
                "recorded/onecall/day-summary-lat35.87_lon128.60-date-2022-12-05-tz-09-00"
            ),
            (
                "/data/3.0/onecall/overview", "lat=35.87&lon=128.6&units=imperial",
                "recorded/onecall/overview-lat35.87_lon128.60-units-imperial"
            ),
            ("/data/2.5/air_pollution", "lat=37.5683&lon=126.9778", "recorded/air/lat37.57_lon126.98"),
            (
                "/data/2.5/air_pollution/forecast", "lat=37.5683&lon=126.9778",
                "recorded/air/forecast-lat37.57_lon126.98"
            ),
            (
                "/data/2.5/air_pollution/history", "lat=37.5683&lon=126.9778&start=1670112000&end=1670198400",
                "recorded/air/history-lat37.57_lon126.98-start-1670112000-end-1670198400"
            ),
            ("/geo/1.0/zip", "zip=04524,KR", "recorded/geocoding/zip-zip-04524-kr"),
            ("/data/2.5/weather", "zip=04524,KR&units=metric", "recorded/current/zip-04524-kr-metric"),
            ("/data/2.5/forecast", "zip=04524,KR", "recorded/forecast/zip-04524-kr"),
            ("/img/wn/01n@4x.png", nil, "recorded/icons/01n-4x"),
        ] as [(String, String?, String)])
    func namesOfTheNewFamiliesAreDeterministic(path: String, query: String?, name: String) {
        #expect(RecordingRequest(method: "GET", rawPath: path, rawQuery: query).cassetteName == name)
    }

    private func pattern(_ path: String, _ query: String?) -> String {
        String(
            decoding: RecordingRequest(method: "GET", rawPath: path, rawQuery: query).pattern(bodyIsConvertible: true)
                .compactBytes, as: UTF8.self)
    }

    @Test func patternsPinWhatShapesTheBodyAndNeverTheKey() {
        #expect(
            pattern("/data/3.0/onecall", "lat=37.5683&lon=126.9778&APPID=secret")
                == #"{"method":"GET","path":"/data/3.0/onecall","query":{"lang":null},"near":{"lat":37.5683,"lon":126.9778,"radiusKm":1}}"#
        )
        #expect(
            pattern("/data/3.0/onecall", "lat=37.5683&lon=126.9778&exclude=minutely&units=metric")
                == #"{"method":"GET","path":"/data/3.0/onecall","query":{"units":"metric","exclude":"minutely","lang":null},"near":{"lat":37.5683,"lon":126.9778,"radiusKm":1}}"#
        )
        #expect(
            pattern("/data/3.0/onecall", "lat=37.5683&lon=126.9778&exclude=weekly").contains("exclude") == false,
            "an exclude that names nothing the API knows leaves the full answer, which serves every combination")
        #expect(
            pattern("/data/3.0/onecall/timemachine", "lat=1&lon=2&dt=1670120043")
                == #"{"method":"GET","path":"/data/3.0/onecall/timemachine","query":{"dt":"1670120043","lang":null},"near":{"lat":1,"lon":2,"radiusKm":1}}"#
        )
        #expect(
            pattern("/data/3.0/onecall/day_summary", "lat=1&lon=2&date=2022-12-05")
                == #"{"method":"GET","path":"/data/3.0/onecall/day_summary","query":{"date":"2022-12-05","tz":null,"lang":null},"near":{"lat":1,"lon":2,"radiusKm":1}}"#
        )
        #expect(
            pattern("/data/3.0/onecall/overview", "lat=1&lon=2")
                == #"{"method":"GET","path":"/data/3.0/onecall/overview","query":{"date":null,"units":null},"near":{"lat":1,"lon":2,"radiusKm":1}}"#,
            "overview's text cannot be converted, so its units are pinned")
        #expect(
            pattern("/data/2.5/air_pollution/history", "lat=1&lon=2&start=10&end=20&units=metric")
                == #"{"method":"GET","path":"/data/2.5/air_pollution/history","query":{"start":"*","end":"*"},"near":{"lat":1,"lon":2,"radiusKm":1},"range":{"from":"start","to":"end","items":"list","key":"dt","covers":{"from":10,"to":20}}}"#,
            "a recorded history serves every range inside the one recorded")
        #expect(
            pattern("/data/2.5/air_pollution/history", "lat=1&lon=2&start=20&end=10")
                == #"{"method":"GET","path":"/data/2.5/air_pollution/history","query":{"start":"20","end":"10"},"near":{"lat":1,"lon":2,"radiusKm":1}}"#,
            "bounds the API refuses are pinned as sent: the answer is its 400 for exactly them")
        #expect(
            pattern("/data/2.5/air_pollution/history", "lat=1&lon=2&start=soon")
                == #"{"method":"GET","path":"/data/2.5/air_pollution/history","query":{"start":"soon","end":null},"near":{"lat":1,"lon":2,"radiusKm":1}}"#
        )
        #expect(pattern("/img/wn/10d@2x.png", "appid=k") == #"{"method":"GET","path":"/img/wn/10d@2x.png"}"#)
    }

    private func expectation(
        _ body: String, _ endpoint: RecordingRequest.Endpoint, _ units: Units = .standard, status: Int = 200
    ) -> String? {
        ExpectDerivation.expectation(
            status: status, body: try? JSONParser.parse(Array(body.utf8)), endpoint: endpoint, units: units, mode: nil
        ).map { String(decoding: $0.compactBytes, as: UTF8.self) }
    }

    @Test func expectationsOfTheNewShapesFollowTheResponse() {
        #expect(
            expectation(
                #"{"timezone":"Asia/Seoul","current":{"temp":27.79},"hourly":[{},{}],"daily":[{"temp":{"max":32}}]}"#,
                .oneCall, .imperial)
                == #"{"timezone":"Asia/Seoul","celsius":-2.34,"minutely":0,"hourly":2,"daily":1,"alerts":0,"dailyMaxCelsius":0}"#
        )
        #expect(
            expectation(#"{"timezone":"Asia/Seoul"}"#, .oneCall)
                == #"{"timezone":"Asia/Seoul","minutely":0,"hourly":0,"daily":0,"alerts":0}"#)
        #expect(expectation(#"{"timezone":"Asia/Seoul","current":{"temp":"x"}}"#, .oneCall) == #"{"error":"decoding"}"#)
        #expect(
            expectation(#"{"timezone":"Asia/Seoul","data":[{"dt":1670120043,"temp":270.81}]}"#, .oneCallTimemachine)
                == #"{"timezone":"Asia/Seoul","celsius":-2.34,"dt":1670120043}"#)
        #expect(
            expectation(
                #"{"date":"2022-12-05","units":"metric","temperature":{"min":-5,"max":0.5,"afternoon":-1}}"#,
                .oneCallDaySummary)
                == #"{"date":"2022-12-05","celsius":-1,"minCelsius":-5,"maxCelsius":0.5}"#)
        #expect(
            expectation(#"{"date":"2022-12-05","weather_overview":"Cold."}"#, .oneCallOverview)
                == #"{"date":"2022-12-05","overview":"Cold."}"#)
        #expect(
            expectation(
                #"{"coord":{"lon":1,"lat":2},"list":[{"main":{"aqi":3},"components":{"pm2_5":31.95}},{}]}"#,
                .airPollutionForecast) == #"{"aqi":3,"count":2,"pm2_5":31.95}"#)
        #expect(expectation(#"{"list":[{"main":{"aqi":7}}]}"#, .airPollution) == #"{"error":"decoding"}"#)
        let history = ExpectDerivation.expectation(
            status: 200,
            body: try? JSONParser.parse(
                Array(#"{"list":[{"dt":10,"main":{"aqi":2},"components":{"pm2_5":9.5}},{"dt":13}]}"#.utf8)),
            endpoint: .airPollutionHistory, units: .standard, mode: nil, range: (start: 10, end: 20))
        #expect(
            history.map { String(decoding: $0.compactBytes, as: UTF8.self) }
                == #"{"start":10,"end":20,"aqi":2,"count":2,"pm2_5":9.5,"firstDt":10,"lastDt":13}"#)
        #expect(
            expectation(#"{"coord":{},"list":[]}"#, .airPollutionHistory) == #"{"count":0}"#,
            "a range without readings is an empty list, not an error")
        #expect(
            expectation(#"{"zip":"04524","name":"Seoul","lat":37.5,"lon":127,"country":"KR"}"#, .geocodingZip)
                == #"{"name":"Seoul","zip":"04524","country":"KR"}"#)
        #expect(
            expectation(#"{"cod":401, "message": "Please note"}"#, .oneCall, status: 401)
                == #"{"error":"unauthorized","message":"Please note"}"#)
    }

    /// A PNG header for a `width` × `height` image (enough for PNGSize).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        let big = { (value: Int) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return PNGSize.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0]
    }

    @Test func iconExpectationsStateTheImagesTypeAndSize() {
        let derived = ExpectDerivation.expectation(
            status: 200, body: nil, endpoint: .icon, units: .standard, mode: nil,
            rawBody: Self.pngHeader(width: 100, height: 100))
        #expect(
            derived.map { String(decoding: $0.compactBytes, as: UTF8.self) }
                == #"{"contentType":"image/png","width":100,"height":100}"#)
        let notPNG = ExpectDerivation.expectation(
            status: 200, body: nil, endpoint: .icon, units: .standard, mode: nil, rawBody: Array("<html>".utf8))
        #expect(notPNG.map { String(decoding: $0.compactBytes, as: UTF8.self) } == #"{"error":"decoding"}"#)
    }

    @Test func iconsAreFetchedFromTheWebSitesHostWithoutTheKey() throws {
        let key = try UpstreamAPIKey("real-key-123", origin: "test")
        let live = CurlUpstream(upstream: nil, key: key, timeout: .seconds(1), scrubber: KeyScrubber())
        let icon = UpstreamRequest(method: "GET", path: "/img/wn/10d@2x.png", query: "")
        #expect(live.url(for: icon) == "https://openweathermap.org/img/wn/10d@2x.png")
        let weather = UpstreamRequest(method: "GET", path: "/data/3.0/onecall", query: "lat=1&lon=2")
        #expect(
            live.url(for: weather) == "https://api.openweathermap.org/data/3.0/onecall?lat=1&lon=2&appid=real-key-123")
        let proxy = CurlUpstream(
            upstream: try UpstreamURL("http://127.0.0.1:9/owm"), key: key, timeout: .seconds(1), scrubber: KeyScrubber()
        )
        #expect(proxy.url(for: icon) == "http://127.0.0.1:9/owm/img/wn/10d@2x.png")
    }

    @Test func recordTargetsOfTheNewFamiliesBuildTheirRequestsOrSayWhyNot() throws {
        var oneCall = RecordTarget(
            location: .coordinate(latitude: 37.5683, longitude: 126.9778), endpoint: .oneCall, units: "metric")
        oneCall.exclude = "minutely"
        #expect(
            oneCall.item(providers: Providers.all).request?.displayText
                == "GET /data/3.0/onecall?lat=37.5683&lon=126.9778&exclude=minutely&units=metric&appid=***")
        var machine = RecordTarget(location: .coordinate(latitude: 1, longitude: 2), endpoint: .timemachine)
        #expect(machine.item(providers: Providers.all).request == nil)
        #expect(machine.skipReason == "timemachine needs --dt")
        machine.time = 1_670_120_043
        #expect(
            machine.item(providers: Providers.all).request?.displayText
                == "GET /data/3.0/onecall/timemachine?lat=1&lon=2&dt=1670120043&appid=***")
        #expect(RecordTarget(location: .city("Seoul"), endpoint: .air).skipReason == "air needs coordinates (--at)")
        let zip = RecordTarget(location: .zip("04524,KR"), endpoint: .geocoding)
        #expect(zip.item(providers: Providers.all).request?.displayText == "GET /geo/1.0/zip?zip=04524,KR&appid=***")
        #expect(RecordTarget.iconNames.count == 54)
        #expect(
            RecordTarget(location: .icon("10d@2x"), endpoint: .icons).item(providers: Providers.all).request?.path
                == "/img/wn/10d@2x.png")
    }

    @Test func aRecordedIconReplaysItsBytesAsPNG() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let png = Self.pngHeader(width: 200, height: 200) + [1, 2, 3, 0xFF, 0]
        let transport = ScriptedUpstream { _ in
            UpstreamResponse(
                status: 200, headers: [HeaderField(name: "Content-Type", value: "image/png")], body: png)
        }
        let recorder = Recorder(
            transport: transport, directory: directory.url, scrubber: KeyScrubber(), store: nil, diagnostics: { _ in })
        let result = await recorder.forward(
            RecordingRequest(method: "GET", rawPath: "/img/wn/13n@4x.png", rawQuery: "appid=client-key"),
            replacing: true)
        #expect(result.disposition == .recorded(name: "recorded/icons/13n-4x"))
        let cassettes = try CassetteLoader.load(directory: directory.url, providers: Providers.all)
        let interaction = try #require(cassettes.first?.interactions.first)
        #expect(interaction.expectation?.details.map(\.name) == ["contentType", "width", "height"])
        try await withMock(.cassettes(allFiles(under: directory.url).map { ($0.path, $0.contents) }), mode: .router) {
            harness in
            let replayed = try await harness.respond("/img/wn/13n@4x.png")
            #expect(replayed.status == 200)
            #expect(replayed.headers["Content-Type"] == "image/png")
            #expect(replayed.body == png)
            #expect(transport.requests.first?.query == "", "the client's key is never forwarded")
        }
    }

    @Test func verifyTellsOneCallBlocksThatComeAndGoFromDriftAndComparesIconSizes() async throws {
        let recorded = cassetteJSON(
            source: "recorded",
            #"""
            {"request": {"path": "/data/3.0/onecall", "near": {"lat": 37.5683, "lon": 126.9778, "radiusKm": 1}},
             "response": {"status": 200, "json": {"timezone": "Asia/Seoul", "current": {"temp": 1, "wind_gust": 2},
               "alerts": [{"event": "Cold"}], "hourly": [{"temp": 1, "rain": {"1h": 1}}]}}},
            {"request": {"path": "/img/wn/10d@2x.png"},
             "response": {"status": 200, "base64": "\#(Data(Self.pngHeader(width: 100, height: 100)).base64EncodedString())"}}
            """#
        ).replacingOccurrences(
            of: #""source": "recorded""#, with: #""source": "recorded", "recordedAt": "2026-11-29T10:00:00Z""#)
        let cassettes = try library([("recorded/onecall/x.json", recorded)]).wholeCassettes()
        let transport = ScriptedUpstream { request in
            if request.path.hasPrefix("/img/") {
                return UpstreamResponse(status: 200, headers: [], body: Self.pngHeader(width: 50, height: 50))
            }
            return UpstreamResponse(
                status: 200, headers: [],
                body: Array(#"{"timezone":"Asia/Seoul","current":{"temp":1.5},"hourly":[{"temp":"1"}]}"#.utf8))
        }
        let report = await CassetteVerifier.verify(
            cassettes, transport: transport, providers: Providers.all, scrubber: KeyScrubber(), progress: { _, _, _ in }
        )
        #expect(report.results.count == 2)
        guard case .drifted(let drift, let varying) = report.results[0].verdict else {
            Issue.record("expected drift, got \(report.results[0].verdict)")
            return
        }
        #expect(drift == ["retyped  $.hourly[].temp: number → string"])
        #expect(varying.count == 3, "\(varying)")  // alerts, current.wind_gust, hourly[].rain
        #expect(report.results[1].verdict == .drifted(["image    100×100 → 50×50"], varying: []))
    }
}

extension NewFamiliesRecordingTests {
    @Test func verifyAsksForTheSpanARecordedHistoryCoversAndComparesItsShape() async throws {
        let request = RecordingRequest(
            method: "GET", rawPath: "/data/2.5/air_pollution/history",
            rawQuery: "lat=37.5683&lon=126.9778&start=1670112000&end=1670198400")
        let body =
            #"{"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":2},"components":{"pm2_5":12},"dt":1670112000}]}"#
        let document = RecordedCassette.document(
            request: request, displayText: request.displayText, status: 200, headers: [], body: Array(body.utf8),
            upstream: liveOpenWeatherMap, recordedAt: "2026-12-01T10:00:00Z"
        ).document
        let cassettes = try library([
            (request.cassetteName + ".json", String(decoding: document.prettyBytes, as: UTF8.self))
        ])
        .wholeCassettes()
        let transport = ScriptedUpstream { _ in
            UpstreamResponse(
                status: 200, headers: [],
                body: Array(#"{"coord":{"lon":126.9778,"lat":37.5683},"list":[{"main":{"aqi":"2"},"dt":1}]}"#.utf8))
        }
        let report = await CassetteVerifier.verify(
            cassettes, transport: transport, providers: Providers.all, scrubber: KeyScrubber(), progress: { _, _, _ in }
        )
        let sent = try #require(transport.requests.first)
        #expect(sent.path == "/data/2.5/air_pollution/history")
        #expect(sent.query.contains("start=1670112000") && sent.query.contains("end=1670198400"), "\(sent.query)")
        guard case .drifted(let drift, _) = report.results.first?.verdict else {
            Issue.record("expected drift, got \(String(describing: report.results.first?.verdict))")
            return
        }
        #expect(drift.contains("retyped  $.list[].main.aqi: number → string"), "\(drift)")
    }
}

/// An upstream that answers from a closure and remembers what it was sent.
final class ScriptedUpstream: UpstreamTransport {
    func upstream(for provider: RegisteredProvider) -> String { liveOpenWeatherMap }
    private let answer: @Sendable (UpstreamRequest) -> UpstreamResponse
    private let sent = Locked<[UpstreamRequest]>([])

    init(_ answer: @escaping @Sendable (UpstreamRequest) -> UpstreamResponse) {
        self.answer = answer
    }

    var requests: [UpstreamRequest] { sent.withLock { $0 } }

    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        sent.withLock { $0.append(request) }
        return answer(request)
    }
}
