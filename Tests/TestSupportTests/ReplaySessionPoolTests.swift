import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the contract suite relies on when its cases share backends: a reused backend answers as a fresh
/// one would, no two cases hold the same one, and the pool stops everything it started.
@Suite struct ReplaySessionPoolTests {
    /// A directory with one cassette: `q=pool-sequence` answers 503, then 200 with `{"n": 2}`.
    static func sequenceCassettes() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "sequence.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "notes": "written by ReplaySessionPoolTests",
             "interactions": [{
               "request": {"method": "GET", "path": "/data/2.5/weather", "query": {"q": "pool-sequence"}},
               "responses": [
                 {"status": 503, "json": {"cod": "503", "message": "first"}},
                 {"status": 200, "json": {"n": 2}}]}]}
            """)
        return directory
    }

    /// The status of `GET /data/2.5/weather?q=pool-sequence` through `session`.
    static func sequenceStatus(_ baseURL: URL, _ session: URLSession) async throws -> Int {
        let url = URL(string: baseURL.absoluteString + "/data/2.5/weather?q=pool-sequence")!
        let (_, response) = try await session.data(from: url)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test(arguments: ReplayMode.allCases)
    func aReusedBackendStartsItsSequencesOver(in mode: ReplayMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        let pool = ReplaySessionPool(mode, cassettes: cassettes.url)

        for _ in 0..<3 {
            let statuses = try await pool.withSession { baseURL, session in
                [try await Self.sequenceStatus(baseURL, session), try await Self.sequenceStatus(baseURL, session)]
            }
            #expect(statuses == [503, 200])
        }
        await pool.stop()

        #expect(pool.startedCount == 1, "one caller at a time needs one backend")
    }

    @Test(arguments: [ReplayMode.serve, .inProcessServer])
    func concurrentCallersNeverShareABackend(in mode: ReplayMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        let pool = ReplaySessionPool(mode, cassettes: cassettes.url)
        let bothInside = Gate()
        let arrivals = ArrivalCounter(opening: bothInside, at: 2)

        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await pool.withSession { baseURL, session in
                        arrivals.arrive()
                        await bothInside.wait()
                        // Each holder's sequence is its own: both see the first response.
                        let status = try await Self.sequenceStatus(baseURL, session)
                        #expect(status == 503)
                        return baseURL
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await pool.stop()

        #expect(Set(urls).count == 2, "two callers inside at once got \(urls)")
        #expect(pool.startedCount == 2)
    }

    @Test(arguments: [ReplayMode.serve, .inProcessServer])
    func stopStopsEveryBackendAndRefusesLaterCallers(in mode: ReplayMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        let pool = ReplaySessionPool(mode, cassettes: cassettes.url)
        let baseURL = try await pool.withSession { baseURL, _ in baseURL }
        #expect(pool.idleCount == 1)

        await pool.stop()

        #expect(pool.idleCount == 0)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        await #expect(throws: (any Error).self, "the stopped backend at \(baseURL) still answers") {
            _ = try await Self.sequenceStatus(baseURL, session)
        }
        await #expect(throws: ReplaySessionPool.Stopped.self) {
            try await pool.withSession { _, _ in }
        }
    }

    @Test func aBackendStillInACaseWhenThePoolStopsIsStoppedWhenHandedBack() async throws {
        let cassettes = try Self.sequenceCassettes()
        let pool = ReplaySessionPool(.inProcessServer, cassettes: cassettes.url)
        let inside = Gate()
        let stopped = Gate()

        async let held: URL = pool.withSession { baseURL, _ in
            inside.open()
            await stopped.wait()
            return baseURL
        }
        await inside.wait()
        await pool.stop()
        stopped.open()
        let baseURL = try await held

        #expect(pool.idleCount == 0)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        await #expect(throws: (any Error).self, "the handed-back backend at \(baseURL) still answers") {
            _ = try await Self.sequenceStatus(baseURL, session)
        }
    }

    @Test func aLoneSharersPoolsAreStoppedWhenItLeaves() async throws {
        let cassettes = try Self.sequenceCassettes()
        var seen: ReplaySessionPools?

        try await ReplaySessionPools.sharing(cassettes: cassettes.url) {
            let current = try #require(ReplaySessionPools.current)
            _ = try await current.pool(for: .inProcessServer).withSession { baseURL, _ in baseURL }
            seen = current
        }
        let pools = try #require(seen)

        #expect(ReplaySessionPools.current === nil)
        await #expect(throws: ReplaySessionPool.Stopped.self) {
            try await pools.pool(for: .inProcessServer).withSession { _, _ in }
        }
    }

    @Test func overlappingSharersGetTheSamePoolsAndTheLastOneOutStopsThem() async throws {
        let cassettes = try Self.sequenceCassettes()
        let firstInside = Gate()
        let secondDone = Gate()

        async let first: ReplaySessionPools = {
            var seen: ReplaySessionPools?
            try await ReplaySessionPools.sharing(cassettes: cassettes.url) {
                seen = ReplaySessionPools.current
                firstInside.open()
                await secondDone.wait()
                // The second sharer has left; the pools are still the first one's to use.
                _ = try await seen?.pool(for: .inProcessServer).withSession { baseURL, _ in baseURL }
            }
            return try #require(seen)
        }()
        await firstInside.wait()
        var second: ReplaySessionPools?
        try await ReplaySessionPools.sharing(cassettes: cassettes.url) { second = ReplaySessionPools.current }
        secondDone.open()
        let pools = try await first

        #expect(pools === second)
        await #expect(throws: ReplaySessionPool.Stopped.self) {
            try await pools.pool(for: .inProcessServer).withSession { _, _ in }
        }
    }
}

/// Opens `gate` once `count` callers have arrived.
private final class ArrivalCounter: Sendable {
    private let gate: Gate
    private let count: Int
    private let arrived = Atomic(0)

    init(opening gate: Gate, at count: Int) {
        self.gate = gate
        self.count = count
    }

    func arrive() {
        if arrived.add(1, ordering: .relaxed).newValue == count { gate.open() }
    }
}
