import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Waiting on the journal for a request (``RequestJournal/wait(for:after:timeout:clock:)``): woken by
/// the entry being recorded, ended by the timeout on an injected clock or by cancellation, and saying
/// what arrived instead. Time passes only when a test advances ``ManualWaitClock``; a test knows the
/// wait is registered because its timer has started sleeping on that clock.
@Suite struct JournalWaitTests {
    private let files = [
        ("current/seoul.json", cassetteJSON(interaction(query: #"{"q": "seoul"}"#))),
        ("current/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#))),
        ("forecast/seoul.json", cassetteJSON(interaction(path: "/data/2.5/forecast", query: #"{"q": "seoul"}"#))),
    ]

    private func criteria(
        _ query: [(name: String, value: String)] = [], path: String = "/data/2.5/weather", method: String? = nil
    ) throws(JournalWaitError) -> JournalWaitCriteria {
        try JournalWaitCriteria(method: method, path: path, query: query, providers: Providers.all)
    }

    @Test func aWaitFromNowIgnoresEarlierRequestsAndEndsWhenAMatchArrives() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul&appid=topsecret")  // before the wait: not counted
            let clock = ManualWaitClock()
            let wanted = try criteria([("q", "Seoul")])
            let waiting = Task { try await harness.journal.wait(for: wanted, timeout: .seconds(5), clock: clock) }
            await clock.sleepsStarted(1)
            _ = try await harness.respond("/data/2.5/weather?q=busan")
            _ = try await harness.respond("/data/2.5/forecast?q=seoul")
            _ = try await harness.respond("/data/2.5/weather?q=seoul&appid=topsecret")
            let entry = try await waiting.value
            #expect(entry.sequenceNumber == 4)
            #expect(entry.query == "q=seoul&appid=***")
            #expect(entry.matched == "current/seoul")
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func aWaitSinceZeroFindsARequestThatAlreadyArrivedWithoutStartingATimer() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=busan")
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            let clock = ManualWaitClock()
            let entry = try await harness.journal.wait(
                for: try criteria([("q", "seoul")]), after: 0, timeout: .seconds(5), clock: clock)
            #expect(entry.sequenceNumber == 2)  // the first match, not the latest
            let next = try await harness.journal.wait(
                for: try criteria([("q", "seoul")]), after: entry.sequenceNumber, timeout: .seconds(5), clock: clock)
            #expect(next.sequenceNumber == 3)
            #expect(clock.startedSleeps == 0)
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func aWaitTimesOutWhenTheClockPassesItsTimeoutAndSaysWhatItSawInstead() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=busan&appid=topsecret")
            _ = try await harness.respond("/data/2.5/forecast?q=seoul&appid=topsecret")
            let clock = ManualWaitClock()
            let wanted = try criteria([("q", "Seoul"), ("appid", "*")])
            let waiting = Task {
                try await harness.journal.wait(for: wanted, after: 0, timeout: .seconds(5), clock: clock)
            }
            await clock.sleepsStarted(1)
            clock.advance(by: .seconds(5))
            let error = await #expect(throws: JournalWaitError.self) { try await waiting.value }
            guard case .timedOut(let report) = error else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(report.seenCount == 2)
            #expect(report.latest.map(\.sequenceNumber) == [1, 2])
            // Same path with one parameter wrong is closer than the right query on another path.
            #expect(report.closest?.entry.sequenceNumber == 1)
            #expect(report.closest?.differences == ["q: busan ≠ Seoul"])
            let message = report.description
            #expect(message.hasPrefix("no request ANY /data/2.5/weather?q=Seoul&appid=* within 5s (after #0); saw 2: "))
            #expect(message.contains("#2 GET /data/2.5/forecast?q=seoul&appid=*** → 200"))
            #expect(message.contains("closest: #1 GET /data/2.5/weather?q=busan&appid=*** → 200 (q: busan ≠ Seoul)"))
            #expect(!message.contains("topsecret"))
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func aWaitOutlivesAnAdvanceShorterThanItsTimeout() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let clock = ManualWaitClock()
            let wanted = try criteria([("q", "busan")])
            let waiting = Task { try await harness.journal.wait(for: wanted, timeout: .seconds(5), clock: clock) }
            await clock.sleepsStarted(1)
            clock.advance(by: .milliseconds(4_999))
            _ = try await harness.respond("/data/2.5/weather?q=busan")
            #expect(try await waiting.value.sequenceNumber == 1)
        }
    }

    @Test func aTimeoutOfZeroLooksOnlyAtWhatHasArrived() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let clock = ManualWaitClock()
            let error = await #expect(throws: JournalWaitError.self) {
                try await harness.journal.wait(for: try criteria(), timeout: .zero, clock: clock)
            }
            guard case .timedOut(let report) = error else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(report.seenCount == 0)
            #expect(report.closest == nil)
            #expect(
                report.description
                    == "no request ANY /data/2.5/weather within 0s (after #0); no request arrived meanwhile")
            #expect(clock.startedSleeps == 0)
        }
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let clock = ManualWaitClock()
            let wanted = try criteria([("q", "seoul")])
            let waiting = Task { try await harness.journal.wait(for: wanted, timeout: .seconds(60), clock: clock) }
            await clock.sleepsStarted(1)
            waiting.cancel()
            let error = await #expect(throws: JournalWaitError.self) { try await waiting.value }
            #expect(error?.description == "the wait for ANY /data/2.5/weather?q=seoul was cancelled")
            #expect(try harness.journal.pendingWaits == 0)
            _ = try await harness.respond("/data/2.5/weather?q=seoul")  // nothing left to wake
            #expect(try harness.journal.counts.total == 1)
        }
    }

    @Test func aWaitInAnAlreadyCancelledTaskEndsAtOnce() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let wanted = try criteria([("q", "seoul")])
            let waiting = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await harness.journal.wait(for: wanted, timeout: .seconds(60), clock: ManualWaitClock())
            }
            let error = await #expect(throws: JournalWaitError.self) { try await waiting.value }
            guard case .cancelled = error else {
                Issue.record("expected cancellation, got \(String(describing: error))")
                return
            }
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func endingTheWaitsAtShutdownEndsThosePendingAndRefusesNewOnes() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let clock = ManualWaitClock()
            let wanted = try criteria([("q", "seoul")])
            let waiting = Task { try await harness.journal.wait(for: wanted, timeout: .seconds(60), clock: clock) }
            await clock.sleepsStarted(1)
            try harness.journal.endWaits()
            let pending = await #expect(throws: JournalWaitError.self) { try await waiting.value }
            #expect(pending?.description == "the mock stopped while waiting for ANY /data/2.5/weather?q=seoul")
            let late = await #expect(throws: JournalWaitError.self) {
                try await harness.journal.wait(for: wanted, timeout: .seconds(5), clock: clock)
            }
            #expect(late?.description == "the mock stopped while waiting for ANY /data/2.5/weather?q=seoul")
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func manyWaitsRacingWithRequestsEachGetTheirOwnRequestOnce() async throws {
        let cities = (0..<24).map { "city\($0)" }
        try await withMock(.cassettes(files), mode: .router) { harness in
            let clock = ManualWaitClock()
            let found = try await withThrowingTaskGroup(of: (String, String?).self) { group in
                for city in cities {
                    let wanted = try criteria([("q", city)])
                    group.addTask {
                        let entry = try await harness.journal.wait(for: wanted, timeout: .seconds(5), clock: clock)
                        return (city, entry.query)
                    }
                }
                await clock.sleepsStarted(cities.count)
                for city in cities.reversed() {
                    group.addTask {
                        _ = try await harness.respond("/data/2.5/weather?q=\(city)")
                        return ("", nil)
                    }
                }
                var found: [String: String] = [:]
                for try await (city, query) in group where !city.isEmpty { found[city] = query }
                return found
            }
            #expect(found.count == cities.count)
            #expect(cities.allSatisfy { found[$0] == "q=\($0)" })
            #expect(try harness.journal.pendingWaits == 0)
        }
    }

    @Test func waitsBeyondTheLimitsAreRefused() async throws {
        var limits = JournalWaitLimits()
        limits.maxWaiters = 1
        let journal = RequestJournal(capacity: 10, waitLimits: limits)
        let clock = ManualWaitClock()
        let wanted = try criteria()
        let first = Task { try await journal.wait(for: wanted, timeout: .seconds(5), clock: clock) }
        await clock.sleepsStarted(1)
        let crowded = await #expect(throws: JournalWaitError.self) {
            try await journal.wait(for: wanted, timeout: .seconds(5), clock: clock)
        }
        #expect(crowded?.description == "1 waits are already pending on this journal (the limit); wait for one to end")
        let long = await #expect(throws: JournalWaitError.self) {
            try await journal.wait(for: wanted, timeout: .seconds(61), clock: clock)
        }
        #expect(long?.description == "timeout 61s is longer than the limit of 60s")
        first.cancel()
        _ = try? await first.value
        #expect(journal.pendingWaits == 0)
    }

    @Test func aKeyIsACriterionOnlyAsPresentAndNeverRepeated() async throws {
        let message = try #require(refusal([("appid", "topsecret")]))
        #expect(
            message == "query parameter 'appid' carries a key, which the journal keeps masked: wait for it as "
                + "appid=* (present), never by value")
        for name in ["key", "api_key", "APIKEY", "serviceKey"] {
            let message = try #require(refusal([(name, "abc")]))
            #expect(message.contains("\(name.lowercased())=* (present)"))
            #expect(!message.contains("abc"))
        }
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=seoul&appid=topsecret")
            _ = try await harness.respond("/data/2.5/weather?q=seoul")
            let present = try criteria([("appid", "*")])
            let entries = try harness.journal.entries()
            #expect(entries.map(present.matches) == [true, false])
        }
    }

    @Test func valuesCompareAsCassettesCompareThem() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather/?q=SEOUL&lat=37.50&lang=KR")
            let entry = try #require(try harness.journal.entries().first)
            #expect(try criteria([("q", "seoul")]).matches(entry))  // OpenWeatherMap's q ignores case
            #expect(try criteria([("lat", "37.5")]).matches(entry))  // numbers by value
            #expect(try criteria([("LANG", "*")]).matches(entry))  // names without case, `*` any value
            #expect(try !criteria([("lang", "kr")]).matches(entry))  // other values keep their case
            #expect(try !criteria([("units", "*")]).matches(entry))
            #expect(try criteria(path: "/data/2.5/weather/", method: "get").matches(entry))  // the path normalised
            #expect(try !criteria(method: "POST").matches(entry))
            #expect(try !criteria(path: "/data/2.5/forecast").matches(entry))
        }
    }

    @Test func criteriaThatCannotBeWaitedForAreRefusedNamingWhy() {
        #expect(
            refusal(path: "data/2.5/weather")
                == "path 'data/2.5/weather' must start with '/' (e.g. /data/2.5/weather)")
        #expect(
            refusal(path: "/data/2.5/weather?q=Seoul")
                == "path '/data/2.5/weather?q=Seoul' holds a query: give each parameter on its own (q=Seoul), "
                + "not in the path")
        #expect(
            refusal(method: "GET /x")
                == "method 'GET /x' is not an HTTP method (letters, digits, '-' and '_', at most 20)")
        #expect(refusal([("q", "a"), ("Q", "b")]) == "query parameter 'q' is given twice")
        #expect(refusal([("", "a")]) == "a query parameter has no name")
        #expect(refusal([("q", "Seoul"), ("units", "*")]) == nil)
    }

    /// What criteria made of these are refused with, nil when they are not.
    private func refusal(
        _ query: [(name: String, value: String)] = [], path: String = "/data/2.5/weather", method: String? = nil
    ) -> String? {
        do {
            _ = try criteria(query, path: path, method: method)
            return nil
        } catch {
            return error.description
        }
    }
}

extension JournalWaitTests {
    @Test func timeoutsAreWrittenAsTheAdminAPIReadsThem() {
        #expect(JournalWaitReport.text(.seconds(5)) == "5s")
        #expect(JournalWaitReport.text(.milliseconds(250)) == "250ms")
        #expect(JournalWaitReport.text(.milliseconds(1_500)) == "1.5s")
        #expect(JournalWaitReport.text(.zero) == "0s")
    }
}
