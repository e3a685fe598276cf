import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `GET /__admin/requests/wait` through the router harness: the entry as `/__admin/requests` shows
/// it, a 504 saying what arrived instead, refusals naming the parameter (never a key's value), and
/// the admin API's access rules. Timeouts here are zero, so nothing waits for real time; the timer
/// itself is pinned on an injected clock in ``JournalWaitTests``.
@Suite struct AdminWaitTests {
    private let files = [
        ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
        ("current/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#))),
        ("forecast/seoul.json", cassetteJSON(interaction(path: "/data/2.5/forecast", query: #"{"q": "seoul"}"#))),
    ]

    /// `target`'s answer as a client gets it, awaited off the event loop as the server would.
    private func wait(
        _ harness: MockClient, _ target: String, method: String = "GET",
        headers: HTTPHeaders = ["Host": "127.0.0.1"], loopback: Bool = true
    ) async throws -> HTTPResponse {
        let request = HTTPRequest(
            method: method, target: target, headers: headers,
            remoteAddress: loopback ? "127.0.0.1" : "192.0.2.7", isFromLoopback: loopback)
        switch try harness.stack.handle(request) {
        case .respond(let response): return response
        case .respondLater(let produce): return await produce()
        }
    }

    @Test func waitAnswersWithTheMatchingEntryAsTheJournalShowsIt() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=busan&appid=topsecret")
            _ = try await harness.respond("/data/2.5/weather?q=seoul&appid=topsecret")
            let answer = try await wait(
                harness, "/__admin/requests/wait?path=/data/2.5/weather&method=GET&query.q=Seoul&query.appid=*&since=0")
            #expect(answer.status == 200)
            #expect(!answer.text.contains("topsecret"))
            let entry = try #require(answer.jsonObject)
            #expect(entry["sequence"] as? Int == 2)
            #expect(entry["query"] as? String == "q=seoul&appid=***")
            #expect(entry["cassette"] as? String == "current/seoul")
            let listed = try #require(
                try await harness.respond("/__admin/requests?since=1").jsonObject?["requests"] as? [[String: Any]])
            #expect(listed.first?["sequence"] as? Int == 2)
            #expect(Set(entry.keys) == Set(listed.first?.keys ?? [:].keys))
        }
    }

    @Test func waitIsAnsweredByARequestAnotherTaskMakes() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            // since=0: the answer is the same whichever of the two comes first.
            async let answer = try wait(harness, "/__admin/requests/wait?path=/data/2.5/forecast&query.q=seoul&since=0")
            let other = Task { _ = try await harness.respond("/data/2.5/forecast?q=seoul") }
            try await other.value
            let response = try await answer
            #expect(response.status == 200)
            #expect(response.jsonObject?["path"] as? String == "/data/2.5/forecast")
        }
    }

    @Test func aWaitThatTimesOutAnswers504WithWhatItSawInstead() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=busan&appid=topsecret")
            _ = try await harness.respond("/data/2.5/forecast?q=seoul&appid=topsecret")
            let answer = try await wait(
                harness, "/__admin/requests/wait?path=/data/2.5/weather&query.q=Seoul&timeout=0s&since=0")
            #expect(answer.status == 504)
            #expect(!answer.text.contains("topsecret"))
            let body = try #require(answer.jsonObject)
            #expect(
                (body["error"] as? String)?.hasPrefix(
                    "no request ANY /data/2.5/weather?q=Seoul within 0s (after #0); saw 2")
                    == true)
            let waitedFor = try #require(body["waitedFor"] as? [String: Any])
            #expect(waitedFor["path"] as? String == "/data/2.5/weather")
            #expect(waitedFor["query"] as? [String: String] == ["q": "Seoul"])
            #expect(waitedFor["method"] is NSNull)
            #expect(waitedFor["after"] as? Int == 0)
            #expect(waitedFor["timeoutMs"] as? Int == 0)
            #expect(body["seen"] as? Int == 2)
            #expect((body["latest"] as? [[String: Any]])?.map { $0["sequence"] as? Int } == [1, 2])
            let closest = try #require(body["closest"] as? [String: Any])
            #expect(closest["query"] as? String == "q=busan&appid=***")
            #expect(closest["differences"] as? [String] == ["q: busan ≠ Seoul"])
        }
    }

    @Test func aKeyAskedForByValueIsRefusedWithoutRepeatingIt() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let answer = try await wait(harness, "/__admin/requests/wait?path=/data/2.5/weather&query.appid=topsecret")
            #expect(answer.status == 400)
            #expect(!answer.text.contains("topsecret"))
            #expect(
                answer.jsonObject?["error"] as? String
                    == "GET /__admin/requests/wait: query parameter 'appid' carries a key, which the journal keeps "
                    + "masked: wait for it as appid=* (present), never by value")
        }
    }

    @Test(arguments: [
        (
            "path=/data/2.5/weather&q=Seoul",
            "GET /__admin/requests/wait: unknown parameter 'q' (it takes path and method and timeout and since)"
        ),
        ("timeout=5s", "GET /__admin/requests/wait: path is required (path=/data/2.5/weather)"),
        (
            "path=/x&timeout=soon",
            "GET /__admin/requests/wait: timeout must be a duration such as 5s or 500ms, not 'soon'"
        ),
        ("path=/x&timeout=61s", "GET /__admin/requests/wait: timeout 61s is longer than the limit of 60s"),
        ("path=/x&since=-1", "GET /__admin/requests/wait: since must be a whole number from 0 to \(Int.max), not '-1'"),
        ("path=x", "GET /__admin/requests/wait: path 'x' must start with '/' (e.g. /data/2.5/weather)"),
    ])
    func aQueryItCannotWaitOnIsA400NamingTheParameter(query: String, error: String) async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let answer = try await wait(harness, "/__admin/requests/wait?\(query)")
            #expect(answer.status == 400)
            #expect(answer.jsonObject?["error"] as? String == error)
        }
    }

    @Test func waitFollowsTheAdminAPIsAccessRules() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let target = "/__admin/requests/wait?path=/data/2.5/weather&timeout=0s"
            #expect(try await wait(harness, target, loopback: false).status == 403)
            #expect(try await wait(harness, target, headers: ["Host": "evil.example"]).status == 421)
            let post = try await wait(harness, target, method: "POST")
            #expect(post.status == 405)
            #expect(post.headers["Allow"] == "GET")
            #expect(try await wait(harness, target).status == 504)
        }
    }
}
