import Foundation
import TestSupport
import Testing

/// What `withMock` promises every test: one client type whose `respond` answers alike in every mode,
/// what a mode lacks named rather than faked, and a setup asked for a mode it does not run in refused
/// before anything starts.
@Suite struct WithMockTests {
    /// A sequence: `q=with-mock` answers 503, then 200 with `{"n": 2}`.
    private static let sequence = """
        {"format": "mockweather-cassette/1", "source": "synthetic", "notes": "written by WithMockTests",
         "interactions": [{
           "request": {"method": "GET", "path": "/data/2.5/weather", "query": {"q": "with-mock"}},
           "responses": [
             {"status": 503, "json": {"cod": "503", "message": "first"}},
             {"status": 200, "json": {"n": 2}}]}]}
        """

    @Test(arguments: MockMode.allCases)
    func theSameBodyGetsTheSameAnswersInEveryMode(_ mode: MockMode) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("sequence.json", Self.sequence)
        let setup: MockSetup =
            MockMode.products.contains(mode) ? .replay(directory.url) : .cassettes([("sequence.json", Self.sequence)])

        let answers = try await withMock(setup, mode: mode) { mock in
            [
                try await mock.respond("/data/2.5/weather?q=with-mock"),
                try await mock.respond("/data/2.5/weather?q=with-mock"),
            ]
        }

        #expect(answers.first?.jsonObject?["message"] as? String == "first")
        #expect(answers.last?.jsonObject?["n"] as? Int == 2)
    }

    @Test func whatAModeLacksIsNamedNotFaked() async throws {
        try await withMock(.cassettes([]), mode: .router) { mock in
            #expect(throws: HarnessError.notInMode("a port", .router)) { try mock.port }
            #expect(throws: HarnessError.notInMode("a URLSession", .router)) { try mock.session }
            #expect(throws: HarnessError.notInMode("a child process", .router)) { try mock.process }
            #expect(throws: Never.self) { try mock.journal }
        }
        try await withMock(.handler(EchoHandler()), mode: .live) { mock in
            let port = try mock.port
            #expect(try mock.baseURL.absoluteString == "http://127.0.0.1:\(port)")
            #expect(throws: HarnessError.notInMode("the engine's stack", .live)) { try mock.journal }
            let echoed = try await mock.respond("/echo?x=1")
            #expect(echoed.text.hasPrefix("GET /echo x=1 "))
        }
    }

    @Test func aSetupAskedForAModeItDoesNotRunInIsRefusedBeforeAnythingStarts() async throws {
        var started = false
        await #expect {
            try await withMock(.cassettes([]), mode: .binary) { _ in started = true }
        } throws: { error in
            "\(error)" == "the engine over 0 in-memory cassette files does not run in the mockweather serve mode; "
                + "it runs in router, live"
        }
        #expect(!started)
    }
}
