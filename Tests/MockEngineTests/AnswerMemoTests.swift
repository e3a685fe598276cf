import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// The answer memo gives a request seen before its earlier answer, and only where that answer could
/// not have changed: never a sequence's, a random delay's or chaos's, never one that read the clock,
/// never across a reload, and a request with other headers is another request.
@Suite struct AnswerMemoTests {
    private let seoul = ("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#)))

    @Test func aRepeatedRequestIsAnsweredFromTheMemoAndJournalledEachTime() async throws {
        try await withMock(.cassettes([seoul]), mode: .router) { harness in
            let first = try await harness.respond("/data/2.5/weather?q=Seoul&appid=abc")
            let second = try await harness.respond("/data/2.5/weather?q=Seoul&appid=abc")

            #expect(try harness.stack.answerMemo?.count == 1)
            #expect(first.status == 200 && second.body == first.body)
            #expect(second.headers[PreparedResponse.cassetteHeader] == first.headers[PreparedResponse.cassetteHeader])
            let entries = try harness.journal.entries()
            #expect(entries.count == 2)
            #expect(entries.map(\.matched) == ["seoul", "seoul"])
            #expect(Set(entries.map(\.sequenceNumber)).count == 2, "each request is its own entry")
            #expect(entries.allSatisfy { $0.query == "q=Seoul&appid=***" }, "the key stays masked in the kept entry")
            #expect(entries[1].timestampMilliseconds >= entries[0].timestampMilliseconds)
            #expect(entries.map(\.status) == [200, 200] && entries[1].response?.body == first.body)
            let lines = try harness.log.lines
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.contains("GET /data/2.5/weather?q=Seoul&appid=*** 200 seoul") }, "\(lines)")
        }
    }

    @Test func aRepeatLogsTheSameLineAsTheFirstInEitherFormat() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.logFormat = .json
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            for _ in 0..<3 { _ = try await harness.respond("/data/2.5/weather?q=Seoul&appid=abc") }
            let log = try harness.log.lines
            let lines = log.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
            #expect(lines.count == 3, "\(log)")
            for line in lines {
                #expect(line["method"] as? String == "GET" && line["path"] as? String == "/data/2.5/weather")
                #expect(line["query"] as? String == "q=Seoul&appid=***" && line["status"] as? Int == 200)
                #expect(line["matched"] as? String == "seoul" && line["durationMs"] is Double && line["time"] is String)
            }
        }
    }

    @Test func aSequenceAdvancesOnEveryRequest() async throws {
        try await withMock(
            .cassettes([
                (
                    "flaky.json",
                    cassetteJSON(
                        #"""
                        {"request": {"path": "/data/2.5/weather", "query": {"q": "flaky"}},
                         "responses": [{"status": 503, "text": "busy"}, {"status": 200, "json": {"cod": 200}}]}
                        """#)
                )
            ]), mode: .router
        ) { harness in
            let statuses = try await (0..<4).asyncMap { _ in
                try await harness.respond("/data/2.5/weather?q=flaky").status
            }
            #expect(statuses == [503, 200, 200, 200])
            #expect(try harness.stack.answerMemo?.count == 0)
        }
    }

    @Test func aRandomDelayKeepsItsAnswerOutOfTheMemoAndAFixedOneDoesNot() async throws {
        try await withMock(
            .cassettes([
                (
                    "delays.json",
                    cassetteJSON(
                        interaction(query: #"{"q": "jitter"}"#, extra: #", "delayMs": {"uniformMs": [100, 200]}"#),
                        interaction(query: #"{"q": "slow"}"#, extra: #", "delayMs": 3000"#))
                )
            ]), mode: .router
        ) { harness in
            let delays = Set(
                try await (0..<20).asyncCompactMap { _ in try await harness.respond("/data/2.5/weather?q=jitter").delay
                })
            #expect(delays.count > 1, "each request draws its own delay")
            #expect(try harness.stack.answerMemo?.count == 0)
            #expect(try await harness.respond("/data/2.5/weather?q=slow").delay == .milliseconds(3000))
            #expect(try await harness.respond("/data/2.5/weather?q=slow").delay == .milliseconds(3000))
            #expect(try harness.stack.answerMemo?.count == 1)
        }
    }

    @Test func chaosKeepsEveryAnswerOutOfTheMemo() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.chaos = ChaosConfiguration(latencyMilliseconds: 10...50, seed: 7)
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            #expect(try harness.stack.answerMemo?.count == 0)
        }
    }

    @Test func anAnswerThatReadTheClockIsNotKept() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(Date(timeIntervalSince1970: 1_767_000_000))
        options.shiftTimes = true
        try await withMock(
            .cassettes(
                [
                    (
                        "c.json",
                        cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"dt":1764410437,"cod":200}"#))
                    )
                ],
                options: options), mode: .router
        ) { harness in
            let before = try await harness.respond("/data/2.5/weather?q=seoul").jsonObject?["dt"] as? Int
            try harness.stack.clock.advance(bySeconds: 3_600)
            let after = try await harness.respond("/data/2.5/weather?q=seoul").jsonObject?["dt"] as? Int

            #expect(try harness.stack.answerMemo?.count == 0)
            #expect(before.map { $0 + 3_600 } == after, "the second answer is shifted to the advanced clock")
        }
    }

    @Test func aRequestWithOtherHeadersIsAnotherRequest() async throws {
        func file(_ name: String, _ value: String) -> (String, String) {
            (
                "\(name).json",
                cassetteJSON(
                    #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}, "headers": {"Accept-Language": "\#(value)"}}, "response": {"status": 200, "json": {"name": "\#(name)"}}}"#
                )
            )
        }
        try await withMock(.cassettes([file("서울", "ko"), file("Seoul", "en")]), mode: .router) { harness in
            let names = try await ["ko", "en", "ko", "en", "fr"].asyncMap { language in
                let response = try await harness.respond(
                    "/data/2.5/weather?q=seoul", headers: ["Host": "127.0.0.1", "Accept-Language": language])
                return response.status == 200 ? response.jsonObject?["name"] as? String : "\(response.status)"
            }
            #expect(names == ["서울", "Seoul", "서울", "Seoul", "501"])
            #expect(try harness.stack.answerMemo?.count == 2, "two answers kept; the unmatched one is not")
        }
    }

    @Test func aReloadedCassetteIsServedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"temp":1}"#)))
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        try await withMock(
            .store(store, options: ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)),
            mode: .router
        ) { harness in
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 1)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 1)

            try directory.write(
                "seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"temp":2}"#)))
            #expect(try await harness.respond("/__admin/reload", method: "POST", headers: [:]).status == 200)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 2)
        }
    }

    @Test func theMemoKeepsAtMostItsCapacity() async throws {
        try await withMock(.cassettes([("any.json", cassetteJSON(interaction(query: #"{"q": "*"}"#)))]), mode: .router)
        { harness throws in
            for city in 0...AnswerMemo.capacity {
                #expect(try await harness.respond("/data/2.5/weather?q=city\(city)").status == 200)
            }
            let kept = try #require(try harness.stack.answerMemo?.count)
            #expect(kept >= 1 && kept <= AnswerMemo.capacity)
        }
    }

    @Test func aTargetKeepsAFewAnswersWhateverItsHeaders() async throws {
        try await withMock(.cassettes([seoul]), mode: .router) { harness throws in
            for trace in 0..<(AnswerMemo.answersPerTarget * 3) {
                let response = try await harness.respond(
                    "/data/2.5/weather?q=seoul", headers: ["Host": "127.0.0.1", "X-Trace": "\(trace)"])
                #expect(response.status == 200)
            }
            #expect(try harness.stack.answerMemo?.count == AnswerMemo.answersPerTarget)
            #expect(try harness.journal.entries().count == AnswerMemo.answersPerTarget * 3)
        }
    }

    @Test func withoutTheMemoEveryRequestIsMatchedAnew() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.keepsAnswers = false
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness throws in
            #expect(try harness.stack.answerMemo == nil)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").status == 200)
        }
    }

    @Test func scrubbingKeepsNoAnswers() async throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.scrubber = try KeyScrubber(
            secretParameters: Providers.all.secretParameters, secrets: [], patterns: ["session-[0-9]+"])
        try await withMock(.cassettes([seoul], options: options), mode: .router) { harness throws in
            #expect(try harness.stack.answerMemo == nil)
            #expect(try await harness.respond("/data/2.5/weather?q=seoul").status == 200)
        }
    }
}
