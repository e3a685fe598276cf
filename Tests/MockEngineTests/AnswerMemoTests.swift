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

    @Test func aRepeatedRequestIsAnsweredFromTheMemoAndJournalledEachTime() throws {
        let harness = try ReplayHarness([seoul])
        let first = harness.respond("/data/2.5/weather?q=Seoul&appid=abc")
        let second = harness.respond("/data/2.5/weather?q=Seoul&appid=abc")

        #expect(harness.stack.answerMemo?.count == 1)
        #expect(first.status == 200 && second.body == first.body)
        #expect(second.headers[PreparedResponse.cassetteHeader] == first.headers[PreparedResponse.cassetteHeader])
        let entries = harness.journal.entries()
        #expect(entries.count == 2)
        #expect(entries.map(\.matched) == ["seoul", "seoul"])
        #expect(Set(entries.map(\.sequenceNumber)).count == 2, "each request is its own entry")
        #expect(entries.allSatisfy { $0.query == "q=Seoul&appid=***" }, "the key stays masked in the kept entry")
        #expect(entries[1].timestampMilliseconds >= entries[0].timestampMilliseconds)
        #expect(entries.map(\.status) == [200, 200] && entries[1].response?.body == first.body)
        let lines = harness.log.lines
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("GET /data/2.5/weather?q=Seoul&appid=*** 200 seoul") }, "\(lines)")
    }

    @Test func aRepeatLogsTheSameLineAsTheFirstInEitherFormat() throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.logFormat = .json
        let harness = try ReplayHarness([seoul], options: options)
        for _ in 0..<3 { _ = harness.respond("/data/2.5/weather?q=Seoul&appid=abc") }
        let lines = harness.log.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(lines.count == 3, "\(harness.log.lines)")
        for line in lines {
            #expect(line["method"] as? String == "GET" && line["path"] as? String == "/data/2.5/weather")
            #expect(line["query"] as? String == "q=Seoul&appid=***" && line["status"] as? Int == 200)
            #expect(line["matched"] as? String == "seoul" && line["durationMs"] is Double && line["time"] is String)
        }
    }

    @Test func aSequenceAdvancesOnEveryRequest() throws {
        let harness = try ReplayHarness([
            (
                "flaky.json",
                cassetteJSON(
                    #"""
                    {"request": {"path": "/data/2.5/weather", "query": {"q": "flaky"}},
                     "responses": [{"status": 503, "text": "busy"}, {"status": 200, "json": {"cod": 200}}]}
                    """#)
            )
        ])
        let statuses = (0..<4).map { _ in harness.respond("/data/2.5/weather?q=flaky").status }
        #expect(statuses == [503, 200, 200, 200])
        #expect(harness.stack.answerMemo?.count == 0)
    }

    @Test func aRandomDelayKeepsItsAnswerOutOfTheMemoAndAFixedOneDoesNot() throws {
        let harness = try ReplayHarness([
            (
                "delays.json",
                cassetteJSON(
                    interaction(query: #"{"q": "jitter"}"#, extra: #", "delayMs": {"uniformMs": [100, 200]}"#),
                    interaction(query: #"{"q": "slow"}"#, extra: #", "delayMs": 3000"#))
            )
        ])
        let delays = Set((0..<20).compactMap { _ in harness.respond("/data/2.5/weather?q=jitter").delay })
        #expect(delays.count > 1, "each request draws its own delay")
        #expect(harness.stack.answerMemo?.count == 0)
        #expect(harness.respond("/data/2.5/weather?q=slow").delay == .milliseconds(3000))
        #expect(harness.respond("/data/2.5/weather?q=slow").delay == .milliseconds(3000))
        #expect(harness.stack.answerMemo?.count == 1)
    }

    @Test func chaosKeepsEveryAnswerOutOfTheMemo() throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.chaos = ChaosConfiguration(latencyMilliseconds: 10...50, seed: 7)
        let harness = try ReplayHarness([seoul], options: options)
        _ = harness.respond("/data/2.5/weather?q=seoul")
        _ = harness.respond("/data/2.5/weather?q=seoul")
        #expect(harness.stack.answerMemo?.count == 0)
    }

    @Test func anAnswerThatReadTheClockIsNotKept() throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.clock = .fixed(Date(timeIntervalSince1970: 1_767_000_000))
        options.shiftTimes = true
        let harness = try ReplayHarness(
            [("c.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"dt":1764410437,"cod":200}"#)))],
            options: options)
        let before = harness.respond("/data/2.5/weather?q=seoul").jsonObject?["dt"] as? Int
        try harness.stack.clock.advance(bySeconds: 3_600)
        let after = harness.respond("/data/2.5/weather?q=seoul").jsonObject?["dt"] as? Int

        #expect(harness.stack.answerMemo?.count == 0)
        #expect(before.map { $0 + 3_600 } == after, "the second answer is shifted to the advanced clock")
    }

    @Test func aRequestWithOtherHeadersIsAnotherRequest() throws {
        func file(_ name: String, _ value: String) -> (String, String) {
            (
                "\(name).json",
                cassetteJSON(
                    #"{"request": {"path": "/data/2.5/weather", "query": {"q": "seoul"}, "headers": {"Accept-Language": "\#(value)"}}, "response": {"status": 200, "json": {"name": "\#(name)"}}}"#
                )
            )
        }
        let harness = try ReplayHarness([file("서울", "ko"), file("Seoul", "en")])
        let names = ["ko", "en", "ko", "en", "fr"].map { language in
            let response = harness.respond(
                "/data/2.5/weather?q=seoul", headers: ["Host": "127.0.0.1", "Accept-Language": language])
            return response.status == 200 ? response.jsonObject?["name"] as? String : "\(response.status)"
        }
        #expect(names == ["서울", "Seoul", "서울", "Seoul", "501"])
        #expect(harness.stack.answerMemo?.count == 2, "two answers kept; the unmatched one is not")
    }

    @Test func aReloadedCassetteIsServedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"temp":1}"#)))
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        let harness = ReplayHarness(
            store: store, options: ServeOptions(cassetteDirectory: directory.url, providers: Providers.all))
        #expect(harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 1)
        #expect(harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 1)

        try directory.write("seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#, body: #"{"temp":2}"#)))
        #expect(await harness.respondLater("/__admin/reload").status == 200)
        #expect(harness.respond("/data/2.5/weather?q=seoul").jsonObject?["temp"] as? Int == 2)
    }

    @Test func theMemoKeepsAtMostItsCapacity() throws {
        let harness = try ReplayHarness([("any.json", cassetteJSON(interaction(query: #"{"q": "*"}"#)))])
        for city in 0...AnswerMemo.capacity {
            #expect(harness.respond("/data/2.5/weather?q=city\(city)").status == 200)
        }
        let kept = try #require(harness.stack.answerMemo?.count)
        #expect(kept >= 1 && kept <= AnswerMemo.capacity)
    }

    @Test func aTargetKeepsAFewAnswersWhateverItsHeaders() throws {
        let harness = try ReplayHarness([seoul])
        for trace in 0..<(AnswerMemo.answersPerTarget * 3) {
            let response = harness.respond(
                "/data/2.5/weather?q=seoul", headers: ["Host": "127.0.0.1", "X-Trace": "\(trace)"])
            #expect(response.status == 200)
        }
        #expect(harness.stack.answerMemo?.count == AnswerMemo.answersPerTarget)
        #expect(harness.journal.entries().count == AnswerMemo.answersPerTarget * 3)
    }

    @Test func withoutTheMemoEveryRequestIsMatchedAnew() throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.keepsAnswers = false
        let harness = try ReplayHarness([seoul], options: options)
        #expect(harness.stack.answerMemo == nil)
        #expect(harness.respond("/data/2.5/weather?q=seoul").status == 200)
    }

    @Test func scrubbingKeepsNoAnswers() throws {
        var options = ServeOptions(cassetteDirectory: URL(fileURLWithPath: "/nonexistent"), providers: Providers.all)
        options.scrubber = try KeyScrubber(
            secretParameters: Providers.all.secretParameters, secrets: [], patterns: ["session-[0-9]+"])
        let harness = try ReplayHarness([seoul], options: options)
        #expect(harness.stack.answerMemo == nil)
        #expect(harness.respond("/data/2.5/weather?q=seoul").status == 200)
    }
}
