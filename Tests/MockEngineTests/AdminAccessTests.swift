import Foundation
import TestSupport
import Testing

@testable import MockEngine

/// The admin API over a real socket, as a web page in the user's browser would reach it: through
/// DNS rebinding (a foreign `Host`), with `fetch(…, {mode: "no-cors"})` (a foreign `Origin`,
/// `text/plain`), and as the dashboard and curl do.
@Suite struct AdminAccessTests {
    private let files = [("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))]

    /// How many requests the journal holds.
    private func requestCount(_ client: RawHTTPClient) async throws -> Int? {
        let journal = try await client.exchange(method: "GET", "/__admin/requests", headers: [])
        let object = try JSONSerialization.jsonObject(with: Data(journal.body.utf8)) as? [String: Any]
        return (object?["requests"] as? [Any])?.count
    }

    @Test func aReboundNameCannotLoadTheDashboardOrReadTheJournal() async throws {
        try await withMock(.cassettes(files), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!)
            for target in ["/__admin/", "/__admin/requests", "/__admin/requests.har", "/__admin/events"] {
                let answer = try await client.exchange(
                    method: "GET", target, headers: ["Host: evil.example:\(base.port!)"])
                #expect(answer.head.hasPrefix("HTTP/1.1 421"), "\(target): \(answer.head)")
                #expect(answer.body.contains("evil.example"), "\(target)")
            }
            let own = try await client.exchange(method: "GET", "/__admin/", headers: ["Host: localhost:\(base.port!)"])
            #expect(own.head.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func aNoCORSPostFromAnotherOriginNeitherResetsNorReplacesTheRoute() async throws {
        try await withMock(.cassettes(files), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!)
            _ = try await client.exchange(method: "GET", "/data/2.5/weather?q=seoul", headers: [])
            let page = [
                "Origin: https://evil.example", "Content-Type: text/plain;charset=UTF-8", "Sec-Fetch-Site: cross-site",
            ]
            for target in ["/__admin/reset", "/__admin/reload"] {
                let answer = try await client.exchange(method: "POST", target, headers: page, body: "x")
                #expect(answer.head.hasPrefix("HTTP/1.1 403"), "\(target): \(answer.head)")
                #expect(answer.body.contains("--allow-origin"))
            }
            #expect(try await requestCount(client) == 1)
            let route = #"{"points": [{"lat": 37.5, "lon": 127.0}]}"#
            let asPOST = try await client.exchange(method: "POST", "/__admin/route", headers: page, body: route)
            #expect(asPOST.head.hasPrefix("HTTP/1.1 403"))
            let sameOriginPOST = try await client.exchange(
                method: "POST", "/__admin/route", headers: ["Content-Type: application/json"], body: route)
            #expect(sameOriginPOST.head.hasPrefix("HTTP/1.1 405"), "POST is not PUT: \(sameOriginPOST.head)")
            let plainPUT = try await client.exchange(
                method: "PUT", "/__admin/route", headers: ["Content-Type: text/plain"], body: route)
            #expect(plainPUT.head.hasPrefix("HTTP/1.1 415"))
            let shown = try await client.exchange(method: "GET", "/__admin/route", headers: [])
            #expect(shown.body.contains(#""route":null"#), "\(shown.body)")
        }
    }

    @Test func theDashboardAndCurlStillDriveIt() async throws {
        try await withMock(.cassettes(files), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!)
            _ = try await client.exchange(method: "GET", "/data/2.5/weather?q=seoul", headers: [])
            let dashboard = [
                "Host: 127.0.0.1:\(base.port!)", "Origin: http://127.0.0.1:\(base.port!)",
                "Sec-Fetch-Site: same-origin",
            ]
            let reset = try await client.exchange(method: "POST", "/__admin/reset", headers: dashboard)
            #expect(reset.head.hasPrefix("HTTP/1.1 200"), "\(reset.head)")
            #expect(try await requestCount(client) == 0)
            let route = #"{"points": [{"lat": 37.5, "lon": 127.0}, {"lat": 35.9, "lon": 128.6}]}"#
            let put = try await client.exchange(
                method: "PUT", "/__admin/route", headers: ["Content-Type: application/json"], body: route)
            #expect(put.head.hasPrefix("HTTP/1.1 200"), "\(put.head)")
            let curl = try await client.exchange(method: "POST", "/__admin/reset", headers: ["Host: localhost"])
            #expect(curl.head.hasPrefix("HTTP/1.1 200"))
        }
    }
}
