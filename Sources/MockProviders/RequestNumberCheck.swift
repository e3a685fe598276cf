import Basics
import HTTPServer
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fuzz property of every number a request carries, in an API's query or the admin API's
/// (issue 40: a `lat` of 1e19 and a `since` of Int.max each ended the server): the whole replay stack,
/// with the three providers and a fixed clock, answers any query on any of their routes with a
/// status from 100 to 599, a JSON answer is JSON (no `inf`, no `nan`), and an API's answer is the same
/// when asked again. Used by the `request-numbers` fuzz target (Sources/Fuzzing).
package enum RequestNumberCheck {
    /// The routes a fuzz input's first byte chooses among; the rest of the input is the query.
    static let routes = [
        "/data/2.5/weather", "/data/2.5/forecast", "/data/3.0/onecall", "/data/2.5/air_pollution/history",
        "/geo/1.0/reverse", "/v2/local/geo/coord2regioncode.json", "/v2/local/geo/coord2address.json",
        "/1360000/VilageFcstInfoService_2.0/getVilageFcst", "/__admin/requests", "/__admin/requests.har",
        "/__admin/cassettes", "/__admin/requests/unmatched", "/__admin/clock", "/__admin/health",
    ]

    /// One cassette per kind of numeric rule: a place, a circle (`near`), a range of instants, a
    /// forecast list to cut (`cnt`) and convert (`units`), a grid cell.
    private static let cassettes: [(String, String)] = [
        (
            "owm/seoul.json",
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET", "path": "/data/2.5/weather", "near": {"lat": 37.5683, "lon": 126.9778, "radiusKm": 30}}, "response": {"status": 200, "json": {"coord": {"lon": 126.9778, "lat": 37.5683}, "main": {"temp": 1e308, "feels_like": 267.4}, "wind": {"speed": 2.46}, "dt": 1670206443, "name": "Seoul", "cod": 200}}}]}"#
        ),
        (
            "owm/forecast.json",
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET", "path": "/data/2.5/forecast", "query": {"q": "seoul"}}, "response": {"status": 200, "json": {"cod": "200", "cnt": 2, "list": [{"dt": 1670209200, "main": {"temp": 270.1}, "dt_txt": "2022-12-05 03:00:00"}, {"dt": 1670220000, "main": {"temp": 271.4}, "dt_txt": "2022-12-05 06:00:00"}], "city": {"name": "Seoul"}}, "shiftTimes": true}}]}"#
        ),
        (
            "owm/air-history.json",
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET", "path": "/data/2.5/air_pollution/history", "query": {"start": "*", "end": "*"}, "near": {"lat": 37.5683, "lon": 126.9778, "radiusKm": 25}, "range": {"from": "start", "to": "end", "items": "list", "key": "dt", "covers": {"from": 1669561200, "to": 1670209200}}}, "response": {"status": 200, "json": {"coord": {"lon": 126.9778, "lat": 37.5683}, "list": [{"dt": 1669561200, "main": {"aqi": 2}}, {"dt": 1669564800, "main": {"aqi": 3}}]}}}]}"#
        ),
        (
            "kakao/seoul.json",
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET", "path": "/v2/local/geo/coord2regioncode.json", "near": {"lat": 37.5665, "lon": 126.978, "radiusKm": 2}}, "response": {"status": 200, "json": {"meta": {"total_count": 0}, "documents": []}}}]}"#
        ),
        (
            "kma/cell.json",
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": {"method": "GET", "path": "/1360000/VilageFcstInfoService_2.0/getVilageFcst", "query": {"nx": "60", "ny": "127", "base_date": "*", "base_time": "*"}}, "response": {"status": 200, "json": {"response": {"header": {"resultCode": "00", "resultMsg": "NORMAL_SERVICE"}, "body": {"dataType": "JSON", "items": {"item": [{"baseDate": "20261001", "baseTime": "2300", "category": "TMP", "fcstDate": "20261002", "fcstTime": "0000", "fcstValue": "14", "nx": 60, "ny": 127}]}, "pageNo": 1, "numOfRows": 1, "totalCount": 1}}}}}]}"#
        ),
    ]

    /// The stack every input is asked of, made once: the clock fixed on 2026-10-02 03:00 KST.
    private static let stack: ReplayStack? = {
        let decoded = CassetteLoader.decode(cassettes.map { ($0.0, Array($0.1.utf8)) }, providers: Providers.all)
        guard decoded.problems.isEmpty else { return nil }
        let library = CassetteLibrary(cassettes: decoded.cassettes, providers: Providers.all)
        let directory = URL(fileURLWithPath: "/nonexistent")
        var options = ServeOptions(cassetteDirectory: directory, providers: Providers.all)
        options.clock = .fixed(Date(timeIntervalSince1970: 1_790_874_000))
        options.journalCapacity = 64
        return ReplayStack(
            options: options, store: CassetteStore(library: library, directory: directory), log: nil,
            diagnostics: NoLog(), logsAtOnce: true)
    }()

    /// Nil when the property holds for `bytes` (first byte: the route, the rest: the raw query), else
    /// what broke.
    package static func brokenPromise(_ bytes: [UInt8]) -> String? {
        guard let stack else { return "the check's own cassettes did not load" }
        guard let first = bytes.first else { return nil }
        let route = routes[Int(first) % routes.count]
        let query = String(decoding: bytes.dropFirst(), as: UTF8.self)
        // A request-target is one line of visible characters: the HTTP parser refuses anything else.
        guard query.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }) else { return nil }
        let target = "\(route)?\(query)"
        // The journal's arithmetic is reached only with an entry in it (`since` once overflowed there).
        if route.hasPrefix("/__admin/") { _ = ask(stack, "/data/2.5/weather?lat=37.57&lon=126.98") }
        let answer = ask(stack, target)
        guard (100...599).contains(answer.status) else { return "\(target) was answered with status \(answer.status)" }
        let isJSON = answer.headers["Content-Type"]?.lowercased().contains("json") ?? false
        if isJSON, case .failure(let problem) = Result(catching: { try JSONParser.parse(answer.body) }) {
            let shown = String(decoding: answer.body.prefix(200), as: UTF8.self)
            return "\(target) was answered with a body that is no JSON (\(problem)): \(shown)"
        }
        if !route.hasPrefix("/__admin/") {
            let again = ask(stack, target)
            if again.status != answer.status || again.body != answer.body {
                return "\(target) was answered \(answer.status), then \(again.status) with another body"
            }
        }
        return nil
    }

    private static func ask(_ stack: ReplayStack, _ target: String) -> HTTPResponse {
        let request = HTTPRequest(
            method: "GET", target: target,
            headers: ["Host": "127.0.0.1", "Authorization": "KakaoAK 0123456789abcdef0123456789abcdef"])
        switch stack.handle(request) {
        case .respond(var response):
            if let stream = response.stream {
                response.stream = nil
                response.body += stream.collectWithoutAConnection() ?? []
            }
            return response
        case .respondLater:
            return HTTPResponse(status: 202, body: [])
        }
    }
}
