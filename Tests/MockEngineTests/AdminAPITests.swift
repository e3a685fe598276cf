import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

@Suite struct AdminAPITests {
    private let files = [
        ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
        ("near/seoul.json", cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#))),
    ]

    @Test func healthCountsCassettesAndRequests() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            _ = try await harness.respond("/data/2.5/weather?q=busan")
            let health = try #require(try await harness.respond("/__admin/health").jsonObject)
            #expect(health["status"] as? String == "ok")
            #expect(health["cassettes"] as? Int == 2)
            #expect(health["requests"] as? Int == 2)
            #expect(health["unmatched"] as? Int == 1)
        }
    }

    @Test func healthShowsTheCassetteDirectoryAsGivenNeverTheAbsolutePath() async throws {
        let directory = URL(fileURLWithPath: "/home/someone/projects/app/Tests/Cassettes")
        var options = ServeOptions(cassetteDirectory: directory, providers: Providers.all)
        options.cassetteDirectoryAsGiven = CassetteDirectory.asGiven(
            origin: "--cassettes", explicit: "Tests/Cassettes", environment: [:])
        try await withMock(.cassettes(files, options: options, directory: directory), mode: .router) { harness in
            let health = try await harness.respond("/__admin/health")
            #expect(health.jsonObject?["cassetteDirectory"] as? String == "Tests/Cassettes")
            #expect(!health.text.contains("/home/someone"))
            let unnamed = try await withMock(.cassettes(files, directory: directory), mode: .router) {
                try await $0.respond("/__admin/health")
            }
            #expect(unnamed.jsonObject?["cassetteDirectory"] as? String == "Cassettes")
            let environment = ["MOCKWEATHER_CASSETTES": "../shared"]
            #expect(
                CassetteDirectory.asGiven(origin: "MOCKWEATHER_CASSETTES", explicit: nil, environment: environment)
                    == "../shared")
            #expect(CassetteDirectory.asGiven(origin: "./Cassettes", explicit: nil, environment: [:]) == "Cassettes")
            #expect(CassetteDirectory.asGiven(origin: "bundled", explicit: nil, environment: [:]) == "(bundled)")
        }
    }

    @Test func cassettesListsEveryInteraction() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let body = try #require(try await harness.respond("/__admin/cassettes").jsonObject)
            let cassettes = try #require(body["cassettes"] as? [[String: Any]])
            #expect(cassettes.map { $0["name"] as? String } == ["current/seoul", "near/seoul"])
            let near = try #require(
                (cassettes[1]["interactions"] as? [[String: Any]])?.first?["request"] as? [String: Any])
            #expect((near["near"] as? [String: Any])?["radiusKm"] as? Int == 20)
        }
    }

    @Test func requestsAndUnmatchedShowTheJournalWithoutKeys() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul&appid=topsecret")
            _ = try await harness.respond("/data/2.5/weather?q=busan&appid=topsecret")
            let all = try await harness.respond("/__admin/requests")
            #expect(!all.text.contains("topsecret"))
            let requests = try #require(all.jsonObject?["requests"] as? [[String: Any]])
            #expect(requests.map { $0["status"] as? Int } == [200, 501])
            #expect(requests.first?["query"] as? String == "q=seoul&appid=***")
            let unmatched = try #require(
                try await harness.respond("/__admin/requests/unmatched").jsonObject?["requests"] as? [[String: Any]])
            #expect(unmatched.count == 1)
            #expect(unmatched.first?["nearMiss"] as? String == "current/seoul (q: busan ≠ seoul)")
            let limited = try #require(
                try await harness.respond("/__admin/requests?limit=1").jsonObject?["requests"] as? [[String: Any]])
            #expect(limited.count == 1)
        }
    }

    @Test func resetClearsTheJournal() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            #expect(try await harness.respond("/__admin/reset", method: "GET").status == 405)
            #expect(try await harness.respond("/__admin/reset", method: "POST").status == 200)
            #expect((try await harness.respond("/__admin/requests").jsonObject?["requests"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func adminRequestsAreNotJournaledAndUnknownEndpointsListTheKnownOnes() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness throws in
            let response = try await harness.respond("/__admin/nope")
            #expect(response.status == 404)
            #expect(response.text.contains("GET /__admin/health"))
            #expect(try harness.journal.counts.total == 0)
        }
    }

    @Test func nonLoopbackClientsAreRefused() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness throws in
            #expect(try await harness.respond("/__admin/health", loopback: false).status == 403)
            #expect(try await harness.respond("/__admin/reset", method: "POST", loopback: false).status == 403)
        }
    }

    @Test func reloadServesTheNewSetOrKeepsTheOldOneAndSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))
        try await withMock(.cassettes(files, directory: directory.url), mode: .router) { harness in
            #expect(try await harness.respond("/data/2.5/weather?q=busan").status == 501)

            try directory.write("busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
            let reloaded = try await harness.respond("/__admin/reload", method: "POST", headers: [:])
            #expect(reloaded.status == 200)
            #expect(try await harness.respond("/data/2.5/weather?q=busan").status == 200)

            try directory.write("broken.json", "{")
            let refused = try await harness.respond("/__admin/reload", method: "POST", headers: [:])
            #expect(refused.status == 422)
            #expect(refused.text.contains("broken.json:1:2: $: not JSON"))
            #expect(try await harness.respond("/data/2.5/weather?q=busan").status == 200)
        }
    }
}
