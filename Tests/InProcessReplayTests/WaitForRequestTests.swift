import Foundation
import MockWeather
import MockWeatherURLProtocol
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The host a real app would call: the replayer's protocol answers before any name is resolved.
private let liveAPI = URL(string: "https://api.openweathermap.org")!

/// `journal.waitForRequest` on both in-process modes: a request another task makes is returned with
/// its key masked, a wait that gives up says what it saw instead, cancellation ends it, and a key is
/// never a criterion. Waits start from a mark taken before the request (`since:`), so a test never
/// depends on which task runs first; the timer is pinned on an injected clock in the engine's tests.
@Suite struct WaitForRequestTests {
    @Test func theServerModeReturnsARequestAnotherTaskMakes() async throws {
        try await InProcessMockWeather.run(.bundled) { mock in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let mark = mock.journal.counts.total
            let app = Task { await fetch(weatherURL(mock.baseURL, "q=Seoul"), session: session) }

            let request = try await mock.journal.waitForRequest(
                path: "/data/2.5/weather", query: ["q": "Seoul", "appid": "*"], since: mark)

            #expect(request.sequenceNumber == mark + 1)
            #expect(request.cassette == "openweathermap/current/seoul#0")
            #expect(request.query == "q=Seoul&appid=***")
            _ = await app.value
        }
    }

    @Test func stoppingTheServerEndsAPendingWaitRatherThanWaitingOutItsTimeout() async throws {
        let mock = try InProcessMockWeather.start(.bundled)
        let wait = Task {
            try await mock.journal.waitForRequest(
                path: "/data/2.5/weather", query: ["q": "Nowhere"], timeout: .seconds(60))
        }
        await mock.stop()
        do {
            let request = try await wait.value
            Issue.record("the wait returned \(request.requestLine) although nothing matched")
        } catch ReplayWaitError.stopped(let waitedFor) {
            #expect(waitedFor.contains("/data/2.5/weather?q=Nowhere"))
        }
    }

    @Test func theURLProtocolModeReturnsARequestAnotherTaskMakes() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        let mark = replayer.journal.counts.total
        let app = Task { await fetch(weatherURL(liveAPI, "q=Seoul"), session: session) }

        let request = try await replayer.journal.waitForRequest(
            method: "GET", path: "/data/2.5/weather", query: ["q": "seoul"], since: mark)

        #expect(request.status == 200)
        #expect(request.query?.contains("in-process-test-key") == false)
        _ = await app.value
    }

    @Test func aRequestThatAlreadyArrivedIsFoundFromSequenceZero() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        _ = try await fetch(weatherURL(liveAPI, "q=Seoul"), session: session).get()

        let request = try await replayer.journal.waitForRequest(path: "/data/2.5/weather", since: 0, timeout: .zero)

        #expect(request.sequenceNumber == 1)
    }

    @Test func aWaitThatGivesUpSaysWhatItSawInsteadWithoutTheKey() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let session = replayer.makeSession()
        defer { session.finishTasksAndInvalidate() }
        _ = try await fetch(weatherURL(liveAPI, "q=Busan"), session: session).get()

        let error = await #expect(throws: ReplayWaitError.self) {
            try await replayer.journal.waitForRequest(
                path: "/data/2.5/weather", query: ["q": "Seoul"], since: 0, timeout: .zero)
        }

        guard case .timedOut(let timeout) = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(timeout.waitedFor == "ANY /data/2.5/weather?q=Seoul")
        #expect(timeout.requestsSeen == 1)
        #expect(timeout.closest?.query == "q=Busan&appid=***")
        #expect(timeout.closestDifferences == ["q: Busan ≠ Seoul"])
        let message = String(describing: error!)
        #expect(
            message == "no request ANY /data/2.5/weather?q=Seoul within 0s (after #0); saw 1: "
                + "#1 GET /data/2.5/weather?q=Busan&appid=*** → 501; "
                + "closest: #1 GET /data/2.5/weather?q=Busan&appid=*** → 501 (q: Busan ≠ Seoul)")
        #expect(!message.contains("in-process-test-key"))
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        let replayer = try MockWeatherReplayer(.bundled)
        let waiting = Task {
            try await replayer.journal.waitForRequest(path: "/data/2.5/weather", timeout: .seconds(60))
        }
        waiting.cancel()

        let error = await #expect(throws: ReplayWaitError.self) { try await waiting.value }

        #expect(error?.description == "the wait for ANY /data/2.5/weather was cancelled")
    }

    @Test func aKeyAskedForByValueIsRefusedWithoutRepeatingIt() async throws {
        let replayer = try MockWeatherReplayer(.bundled)

        let error = await #expect(throws: ReplayWaitError.self) {
            try await replayer.journal.waitForRequest(
                path: "/data/2.5/weather", query: ["appid": "in-process-test-key"], timeout: .zero)
        }

        guard case .refused(let message) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(message.contains("appid=* (present)"))
        #expect(!message.contains("in-process-test-key"))
    }
}
