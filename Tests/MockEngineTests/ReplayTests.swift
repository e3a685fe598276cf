import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Replay through the handler `mockweather serve` runs, without sockets.
@Suite struct ReplayTests {
    private let seoul = (
        "current/seoul.json",
        cassetteJSON(
            interaction(
                query: #"{"q": "seoul"}"#,
                body: #"{"main":{"temp":270.81,"feels_like":267.4},"wind":{"speed":2.46},"name":"Seoul","cod":200}"#))
    )

    @Test func aMatchedRequestGetsThePreEncodedBodyWithItsHeaders() async throws {
        try await withMock(.cassettes([seoul]), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=Seoul&appid=k")
            #expect(response.status == 200)
            #expect(
                response.text
                    == #"{"main":{"temp":270.81,"feels_like":267.4},"wind":{"speed":2.46},"name":"Seoul","cod":200}"#)
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(response.headers["X-Mockweather-Cassette"] == "current/seoul")
        }
    }

    @Test func unitsAskedForByTheRequestAreServed() async throws {
        try await withMock(.cassettes([seoul]), mode: .router) { harness throws in
            #expect(
                try await harness.respond("/data/2.5/weather?q=seoul&units=metric").text.contains(
                    #""temp":-2.34,"feels_like":-5.75"#)
            )
            #expect(
                try await harness.respond("/data/2.5/weather?q=seoul&units=imperial").text.contains(
                    #""wind":{"speed":5.5}"#))
        }
    }

    @Test func unmatchedRequestFailsClosedWith501NamingTheClosestCassette() async throws {
        try await withMock(.cassettes([seoul]), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=busan&appid=secret-key")
            #expect(response.status == 501)
            #expect(response.headers["X-Mockweather-Unmatched"] == "1")
            #expect(
                response.text
                    == #"{"cod":"501","message":"mockweather: no cassette matches GET /data/2.5/weather?q=busan&appid=***; closest: current/seoul (q: busan ≠ seoul)"}"#
            )
            let entry = try #require(try harness.journal.entries().last)
            #expect(entry.isUnmatched)
            #expect(entry.nearMiss == "current/seoul (q: busan ≠ seoul)")
            #expect(
                try harness.log.lines.last?.contains("501 UNMATCHED closest: current/seoul (q: busan ≠ seoul)") == true)
            #expect(try !harness.log.lines.joined().contains("secret-key"))
        }
    }

    @Test func theUnmatchedStatusCanBeOverridden() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
        options.unmatchedStatus = 418
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=busan")
            #expect(response.status == 418)
            #expect(response.text.hasPrefix(#"{"cod":"418","#))
        }
    }

    @Test func requireKeyAnswersTheAPIsOwn401BeforeAnyLocationCheck() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
        options.requireKey = true
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            let noKey = try await harness.respond("/data/2.5/weather?q=nowhere")
            #expect(noKey.status == 401)
            #expect(
                noKey.text
                    == #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
            )
            #expect(try await harness.respond("/data/2.5/weather?q=seoul&APPID=k").status == 200)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul&appid=").status == 401)
        }
    }

    @Test func aSequenceIsServedInOrderAndItsLastResponseRepeatsUntilReset() async throws {
        let flaky = cassetteJSON(
            #"""
            {"request": {"path": "/data/2.5/weather", "query": {"q": "flaky"}},
             "responses": [{"status": 200, "fault": "reset"}, {"status": 503, "text": "busy"}, {"status": 200, "json": {"ok": 1}}]}
            """#)
        try await withMock(.cassettes([("flaky.json", flaky)]), mode: .router) { harness in
            let first = try await harness.respond("/data/2.5/weather?q=flaky")
            #expect(first.fault == .reset)
            #expect(try await harness.respond("/data/2.5/weather?q=flaky").status == 503)
            #expect(try await harness.respond("/data/2.5/weather?q=flaky").text == #"{"ok":1}"#)
            #expect(try await harness.respond("/data/2.5/weather?q=flaky").text == #"{"ok":1}"#)
            #expect(try await harness.respond("/__admin/reset", method: "POST").status == 200)
            #expect(try await harness.respond("/data/2.5/weather?q=flaky").fault == .reset)
        }
    }

    @Test func delaysAreScheduledOnTheResponseNotSlept() async throws {
        let slow = cassetteJSON(
            interaction(query: #"{"q": "slow"}"#, extra: #", "delayMs": 3000"#),
            interaction(query: #"{"q": "jitter"}"#, extra: #", "delayMs": {"uniformMs": [100, 200]}"#))
        try await withMock(.cassettes([("slow.json", slow)]), mode: .router) { harness in
            #expect(try await harness.respond("/data/2.5/weather?q=slow").delay == .milliseconds(3000))
            for _ in 0..<20 {
                let delay = try #require(try await harness.respond("/data/2.5/weather?q=jitter").delay)
                #expect(delay >= .milliseconds(100) && delay <= .milliseconds(200))
            }
        }
    }

    @Test(arguments: [
        (#""reset""#, HTTPFault.reset), (#""empty""#, .closeWithoutResponse), (#""hang""#, .hang),
        (#"{"kind": "drip", "bytesPerSecond": 10}"#, .drip(bytesPerSecond: 10)),
    ])
    func cassetteFaultsMapToServerFaults(fault: String, expected: HTTPFault) async throws {
        try await withMock(
            .cassettes([
                ("f.json", cassetteJSON(interaction(query: #"{"q": "f"}"#, extra: #", "fault": \#(fault)"#)))
            ]), mode: .router
        ) { harness throws in
            #expect(try await harness.respond("/data/2.5/weather?q=f").fault == expected)
        }
    }

    @Test func truncateKeepsTheWholeHeadAndPartOfTheBody() async throws {
        try await withMock(
            .cassettes([
                (
                    "t.json",
                    cassetteJSON(
                        interaction(
                            query: #"{"q": "t"}"#, body: #"{"name":"0123456789"}"#,
                            extra: #", "fault": {"kind": "truncate", "bodyBytes": 5}"#))
                )
            ]), mode: .router
        ) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=t")
            #expect(response.fault == .truncateBody(keepingBytes: 5, announcingFullLength: true))
        }
    }

    @Test func truncateWithoutContentLengthLeavesTheCloseToEndTheBody() async throws {
        try await withMock(
            .cassettes([
                (
                    "t.json",
                    cassetteJSON(
                        interaction(
                            query: #"{"q": "t"}"#, body: #"{"name":"0123456789"}"#,
                            extra: #", "fault": {"kind": "truncate", "bodyBytes": 5, "contentLength": false}"#))
                )
            ]), mode: .router
        ) { harness in
            let response = try await harness.respond("/data/2.5/weather?q=t")
            #expect(response.fault == .truncateBody(keepingBytes: 5, announcingFullLength: false))
        }
    }

    @Test func globalChaosIsDeterministicForASeed() async throws {
        func run(seed: UInt64) async throws -> [String] {
            var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
            options.chaos = ChaosConfiguration(latencyMilliseconds: 10...500, faultRate: 0.3, seed: seed)
            return try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
                try await (0..<50).asyncMap { _ in
                    let response = try await harness.respond("/data/2.5/weather?q=seoul")
                    return "\(String(describing: response.delay)) \(String(describing: response.fault))"
                }
            }
        }
        let first = try await run(seed: 42)
        #expect(try await run(seed: 42) == first)
        #expect(try await run(seed: 43) != first)
        let faulted = first.filter { !$0.hasSuffix("nil") }.count
        #expect(faulted > 5 && faulted < 30)
    }

    @Test func logLinesAreTextOrJSONAndNeverHoldAKey() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
        options.logFormat = .json
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul&APPID=abc123secret")
            let line = try #require(try harness.log.lines.last)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["query"] as? String == "q=seoul&APPID=***")
            #expect(object["status"] as? Int == 200)
            #expect(object["matched"] as? String == "current/seoul")
            #expect(!line.contains("abc123secret"))
        }
    }

    @Test func keysAreMaskedHoweverTheyAreSpelled() {
        let request = ReplayRequest(
            method: "GET", path: "/data/2.5/weather",
            query: "q=seoul&APPID=k1&%61ppid=k2&api_key=k3&appid&lang=kr", providers: Providers.all)
        #expect(request.scrubbedQuery == "q=seoul&APPID=***&%61ppid=***&api_key=***&appid&lang=kr")
        #expect(
            ReplayRequest(method: "GET", path: "/", query: "q=seoul", providers: Providers.all).scrubbedQuery
                == "q=seoul")
    }

    @Test func theJournalIsABoundedRingOfTheLatestRequests() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/"), providers: Providers.all)
        options.journalCapacity = 3
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            for number in 1...5 { _ = try await harness.respond("/data/2.5/weather?q=seoul&n=\(number)") }
            #expect(try harness.journal.entries().map(\.query) == ["q=seoul&n=3", "q=seoul&n=4", "q=seoul&n=5"])
            #expect(try harness.journal.counts.total == 5)
        }
    }
}
