import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// What the dashboard reads from the admin API, through the handler (no sockets): the page and its
/// assets, journal entries with coordinates, answers and near-miss rules, cassettes with sequence
/// positions and expectations, the last reload's problems, and the route.
@Suite struct DashboardAPITests {
    private let files = [
        (
            "near/seoul.json",
            cassetteJSON(
                interaction(
                    near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#,
                    body: #"{"coord":{"lon":126.9778,"lat":37.5683},"weather":[{"main":"Clouds"}],"#
                        + #""main":{"temp":270.81},"name":"Seoul","cod":200}"#))
        ),
        ("current/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#))),
    ]

    @Test func dashboardPageAndAssetsAreServedToLoopbackClientsOnly() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            for target in ["/__admin/", "/__admin"] {
                let page = try await harness.respond(target)
                #expect(page.status == 200)
                #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
                #expect(page.text.contains("<title>mockweather dashboard</title>"))
            }
            #expect(
                try await harness.respond("/__admin/dashboard.js").headers["Content-Type"]
                    == "text/javascript; charset=utf-8")
            #expect(
                try await harness.respond("/__admin/dashboard.css").headers["Content-Type"] == "text/css; charset=utf-8"
            )
            #expect(try await harness.respond("/__admin/", loopback: false).status == 403)
            #expect(try await harness.respond("/__admin/", method: "POST").status == 405)
        }
    }

    @Test func pageLoadsNothingButWhatThisServerServes() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let html = try await harness.respond("/__admin/").text
            let references = html.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }
            #expect(references.count >= 2)
            for reference in references {
                let staysHere = ["/__admin/", "data:", "#"].contains { reference.hasPrefix($0) }
                #expect(staysHere, "\(reference) leaves the server")
            }
            // Every admin endpoint the script asks for exists (the page uses only what scripts can use).
            let script = try await harness.respond("/__admin/dashboard.js").text
            let endpoints = Set(script.matches(of: /(?:getJSON|post)\("([a-z]+)/).map { String($0.output.1) })
            #expect(endpoints.isSuperset(of: ["requests", "cassettes", "route", "health", "reset", "reload"]))
            for endpoint in endpoints {
                let method = ["reset", "reload"].contains(endpoint) ? "POST" : "GET"
                let status =
                    method == "GET"
                    ? try await harness.respond("/__admin/\(endpoint)").status
                    : try await harness.respond("/__admin/\(endpoint)", method: "POST", headers: [:]).status
                #expect(status != 404, "the page asks for /__admin/\(endpoint), which the admin API lacks")
            }
            #expect(script.contains("EventSource(`${API}events"))
        }
    }

    @Test func requestEntriesCarryCoordinatesAndWhatTheMockAnswered() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?lat=37.57&lon=126.98&appid=topsecret")
            let entry = try #require(
                (try await harness.respond("/__admin/requests").jsonObject?["requests"] as? [[String: Any]])?.first)
            let coordinates = try #require(entry["coordinates"] as? [String: Any])
            #expect(coordinates["lat"] as? Double == 37.57)
            #expect(coordinates["lon"] as? Double == 126.98)
            let answer = try #require(entry["answer"] as? [String: Any])
            #expect(answer["place"] as? String == "Seoul")
            #expect(answer["temperature"] as? Double == 270.81)
            #expect(answer["temperatureUnit"] as? String == "K")
            #expect(answer["condition"] as? String == "Clouds")
            #expect(entry["cassette"] as? String == "near/seoul")
        }
    }

    @Test func unmatchedEntriesListTheClosestInteractionsRulesWithTheKeyMasked() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=busab&appid=topsecret")
            #expect(response.status == 501)
            let listing = try await harness.respond("/__admin/requests")
            #expect(!listing.text.contains("topsecret"))
            let entry = try #require((listing.jsonObject?["requests"] as? [[String: Any]])?.first)
            #expect(entry["answer"] is NSNull)
            let rules = try #require(entry["nearMissRules"] as? [[String: Any]])
            #expect(rules.map { $0["rule"] as? String } == ["method", "path", "q"])
            let failing = try #require(rules.last)
            #expect(failing["passed"] as? Bool == false)
            #expect(failing["requested"] as? String == "busab")
            #expect(failing["expected"] as? String == "busan")
            #expect(failing["difference"] as? String == "q: busab ≠ busan")
            #expect(rules.first?["difference"] is NSNull, "a rule that passed has no difference to show")
        }
    }

    @Test func requestsSinceListsOnlyLaterEntries() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            for city in ["busan", "busan", "seoul"] { _ = try await harness.respond("/data/2.5/weather?q=\(city)") }
            let later = try #require(
                try await harness.respond("/__admin/requests?since=1").jsonObject?["requests"] as? [[String: Any]])
            #expect(later.map { $0["sequence"] as? Int } == [2, 3])
            let none = try #require(
                try await harness.respond("/__admin/requests?since=3").jsonObject?["requests"] as? [[String: Any]])
            #expect(none.isEmpty)
        }
    }

    @Test func cassettesShowSequencePositionsExpectationsAndTheLastReloadsProblems() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(
            "flaky.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [
              {"request": {"method": "GET", "path": "/data/2.5/weather", "query": {"q": "flaky"}},
               "responses": [
                 {"status": 503, "text": "busy", "expect": {"error": "server"}},
                 {"status": 200, "json": {"name": "Flaky", "cod": 200}, "expect": {"name": "Flaky", "celsius": 1.5, "hourly": 48}}
               ]}
            ]}
            """)
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        try await withMock(
            .store(store, options: ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)),
            mode: .router
        ) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=flaky")
            var body = try #require(try await harness.respond("/__admin/cassettes").jsonObject)
            #expect(body["lastReload"] is NSNull)
            let interaction = try #require(
                ((body["cassettes"] as? [[String: Any]])?.first?["interactions"] as? [[String: Any]])?.first)
            let position = try #require(interaction["position"] as? [String: Any])
            #expect(position["served"] as? Int == 1)
            #expect(position["next"] as? Int == 1)
            #expect(position["count"] as? Int == 2)
            let responses = try #require(interaction["responses"] as? [[String: Any]])
            #expect((responses[0]["expect"] as? [String: Any])?["error"] as? String == "server")
            #expect((responses[1]["expect"] as? [String: Any])?["celsius"] as? Double == 1.5)
            #expect((responses[1]["expect"] as? [String: Any])?["hourly"] as? Int == 48, "the whole expect vocabulary")

            try directory.write("broken.json", #"{"format": "mockweather-cassette/1", "source": "synthetic"}"#)
            #expect(try await harness.respond("/__admin/reload", method: "POST", headers: [:]).status == 422)
            body = try #require(try await harness.respond("/__admin/cassettes").jsonObject)
            let reload = try #require(body["lastReload"] as? [String: Any])
            #expect(reload["succeeded"] as? Bool == false)
            let problem = try #require((reload["problems"] as? [[String: Any]])?.first)
            #expect(problem["file"] as? String == "broken.json")
            #expect(problem["line"] as? Int == 1)
            #expect((problem["description"] as? String)?.contains("broken.json") == true)
            #expect((body["cassettes"] as? [[String: Any]])?.count == 1, "the previous set is still served")
        }
    }

    @Test func routeIsSetReadAndCleared() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            #expect(try await harness.respond("/__admin/route").jsonObject?["route"] is NSNull)
            let body =
                #"{"name": "Seoul to Daegu", "points": [{"lat": 37.566, "lon": 126.978, "name": "Seoul City Hall"}, "#
                + #"{"lat": 35.871, "lon": 128.601}]}"#
            #expect(try harness.send("PUT", "/__admin/route", body: body).status == 200)
            let route = try #require(try await harness.respond("/__admin/route").jsonObject?["route"] as? [String: Any])
            #expect(route["name"] as? String == "Seoul to Daegu")
            let points = try #require(route["points"] as? [[String: Any]])
            #expect(points.count == 2)
            #expect(points[0]["name"] as? String == "Seoul City Hall")
            #expect(points[1]["lon"] as? Double == 128.601)
            #expect(try harness.send("DELETE", "/__admin/route").status == 200)
            #expect(try await harness.respond("/__admin/route").jsonObject?["route"] is NSNull)
            #expect(try harness.send("PATCH", "/__admin/route").status == 405)
        }
    }

    @Test(arguments: [
        ("not json", "route $: not JSON"),
        (#"{"points": []}"#, "route $.points: expected at least one point"),
        (
            #"{"points": [{"lat": 37, "lon": 127}, {"lat": 91, "lon": 127}]}"#,
            "route $.points[1].lat: expected a number from -90 to 90, found 91"
        ),
        (#"{"points": [{"lat": 37}]}"#, "route $.points[0].lon: missing"),
        (#"{"points": [{"lat": 37, "lon": 127, "alt": 3}]}"#, "route $.points[0].alt: unknown member"),
        (#"{"name": 3, "points": [{"lat": 37, "lon": 127}]}"#, "route $.name: expected a string, found a number"),
        (#"{"colour": "red", "points": []}"#, "route $.colour: unknown member"),
    ])
    func badRouteIsRefusedNamingWhereItIsWrong(body: String, message: String) async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let response = try harness.send("PUT", "/__admin/route", body: body)
            #expect(response.status == 400)
            let error = try #require(response.jsonObject?["error"] as? String)
            #expect(error.hasPrefix(message), "\(error)")
            #expect(
                try await harness.respond("/__admin/route").jsonObject?["route"] is NSNull,
                "a refused route changes nothing")
        }
    }
}

extension MockClient {
    /// Sends `method target` with `body` and returns the immediate response.
    func send(_ method: String, _ target: String, body: String = "") throws -> HTTPResponse {
        let request = HTTPRequest(
            method: method, target: target, headers: ["Host": "127.0.0.1"], body: Array(body.utf8))
        switch try stack.handle(request) {
        case .respond(let response): return response
        case .respondLater:
            Issue.record("expected an immediate response for \(method) \(target)")
            return HTTPResponse(status: 0)
        }
    }

}
