import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine

/// `GET /__admin/cassettes` with and without its `name` and `limit` parameters: what it selects, what
/// it counts, where sequence positions land when earlier cassettes are left out, and what it refuses.
@Suite struct CassetteListingTests {
    private let files = [
        ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
        ("current/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#))),
        (
            "sequences/Seoul-flaky.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [
              {"request": {"method": "GET", "path": "/data/2.5/weather", "query": {"q": "flaky"}},
               "responses": [{"status": 503, "text": "busy"}, {"status": 200, "json": {"cod": 200}}]}
            ]}
            """
        ),
    ]

    private func listing(_ harness: MockClient, _ query: String = "") async throws -> [String: Any] {
        let response = try await harness.respond("/__admin/cassettes" + query)
        #expect(response.status == 200, "\(response.text)")
        return try #require(response.jsonObject, "the listing is JSON: \(response.text.prefix(200))")
    }

    private func names(_ body: [String: Any]) -> [String] {
        (body["cassettes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func withoutParametersEveryCassetteIsListedAndCounted() async throws {
        let body = try await withMock(.cassettes(files), mode: .router) { try await listing($0) }
        #expect(names(body) == ["current/seoul", "current/busan", "sequences/Seoul-flaky"])
        #expect(body["total"] as? Int == 3)
        #expect(body["matching"] as? Int == 3)
        #expect(body["skipped"] as? [Any] != nil)
        #expect(body["lastReload"] is NSNull)
    }

    @Test func nameSelectsCassettesWhoseNameContainsItInAnyCase() async throws {
        let body = try await withMock(.cassettes(files), mode: .router) { try await listing($0, "?name=SEOUL") }
        #expect(names(body) == ["current/seoul", "sequences/Seoul-flaky"])
        #expect(body["total"] as? Int == 3)
        #expect(body["matching"] as? Int == 2)
        let none = try await withMock(.cassettes(files), mode: .router) { try await listing($0, "?name=daegu") }
        #expect(names(none).isEmpty)
        #expect(none["matching"] as? Int == 0)
    }

    @Test func limitCapsTheCassettesListedButNotTheMatchingCount() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let first = try await listing(harness, "?limit=1")
            #expect(names(first) == ["current/seoul"])
            #expect(first["matching"] as? Int == 3)
            let zero = try await listing(harness, "?limit=0&name=current")
            #expect(names(zero).isEmpty)
            #expect(zero["matching"] as? Int == 2)
            #expect(names(try await listing(harness, "?limit=10")).count == 3)
        }
    }

    @Test func aSequenceShowsItsOwnPositionWhenEarlierCassettesAreLeftOut() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=flaky")
            let body = try await listing(harness, "?name=flaky")
            let interaction = try #require(
                ((body["cassettes"] as? [[String: Any]])?.first?["interactions"] as? [[String: Any]])?.first)
            #expect((interaction["request"] as? [String: Any])?["query"] as? [String: String] == ["q": "flaky"])
            let position = try #require(interaction["position"] as? [String: Any])
            #expect(position["served"] as? Int == 1)
            #expect(position["next"] as? Int == 1)
            #expect(position["count"] as? Int == 2)
        }
    }

    @Test func aListingOfThousandsIsWrittenOffTheEventLoopAndASmallerOneAtOnce() async throws {
        let count = AdminAPI.inlineListingLimit + 1
        let many = (0..<count).map { index in
            ("generated/city-\(index).json", cassetteJSON(interaction(query: #"{"q": "city\#(index)"}"#)))
        }
        try await withMock(.cassettes(many), mode: .router) { harness in
            func isDeferred(_ target: String) throws -> Bool {
                let request = HTTPRequest(target: target, headers: ["Host": "127.0.0.1"])
                if case .respondLater = try harness.stack.handle(request) { return true }
                return false
            }
            #expect(try isDeferred("/__admin/cassettes"))
            #expect(try isDeferred("/__admin/cassettes?name=city1"), "the name is no bound: it may select them all")
            #expect(try !isDeferred("/__admin/cassettes?limit=\(AdminAPI.inlineListingLimit)"))

            let whole = try await harness.respond("/__admin/cassettes", method: "GET", headers: ["Host": "127.0.0.1"])
            #expect(whole.status == 200)
            let body = try #require(whole.jsonObject)
            #expect(names(body).count == count)
            #expect(names(body).last == "generated/city-\(count - 1)")
            #expect(body["total"] as? Int == count)
            #expect(body["matching"] as? Int == count)
        }
    }

    @Test(arguments: [
        ("?limit=-1", "limit must be a whole number from 0 to 9223372036854775807, not '-1'"),
        ("?limit=ten", "limit must be a whole number from 0 to 9223372036854775807, not 'ten'"),
        ("?limt=5", "unknown parameter 'limt' (it takes name and limit)"),
    ])
    func aQueryItCannotReadIsRefusedNamingWhatWasWrong(query: String, message: String) async throws {
        let response = try await withMock(.cassettes(files), mode: .router) {
            try await $0.respond("/__admin/cassettes" + query)
        }
        #expect(response.status == 400)
        #expect(response.jsonObject?["error"] as? String == "GET /__admin/cassettes: " + message)
    }
}
