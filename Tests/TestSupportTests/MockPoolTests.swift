import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the contract suite relies on when its cases share backends (`withMock` inside a
/// `MockPools.sharing` scope): a reused backend answers as a fresh one would, no two callers hold the
/// same one, and the pools stop everything they started.
@Suite struct MockPoolTests {
    /// A directory with one cassette: `q=pool-sequence` answers 503, then 200 with `{"n": 2}`.
    static func sequenceCassettes() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "sequence.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "notes": "written by MockPoolTests",
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

    /// `withMock` over `cassettes` in `mode`, from the current pools when a scope set them.
    static func withPooledMock<T>(
        _ cassettes: TemporaryDirectory, _ mode: MockMode, _ body: (URL, URLSession) async throws -> T
    ) async throws -> T {
        try await withMock(.replay(cassettes.url), mode: mode) { mock in
            try await body(try mock.baseURL, try mock.session)
        }
    }

    @Test(arguments: MockMode.products)
    func aReusedBackendStartsItsSequencesOver(in mode: MockMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        var pool: MockPool?

        try await MockPools.sharing(cassettes: cassettes.url) {
            for _ in 0..<3 {
                let statuses = try await Self.withPooledMock(cassettes, mode) { baseURL, session in
                    [try await Self.sequenceStatus(baseURL, session), try await Self.sequenceStatus(baseURL, session)]
                }
                #expect(statuses == [503, 200])
            }
            pool = MockPools.current?.pool(for: mode)
        }

        #expect(try #require(pool).startedCount == 1, "one caller at a time needs one backend")
    }

    @Test(arguments: [MockMode.binary, .inProcess])
    func concurrentCallersNeverShareABackend(in mode: MockMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        let bothInside = Gate()
        let arrivals = ArrivalCounter(opening: bothInside, at: 2)
        var pool: MockPool?

        var urls: [URL] = []
        try await MockPools.sharing(cassettes: cassettes.url) {
            urls = try await withThrowingTaskGroup(of: URL.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        try await Self.withPooledMock(cassettes, mode) { baseURL, session in
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
            pool = MockPools.current?.pool(for: mode)
        }

        #expect(Set(urls).count == 2, "two callers inside at once got \(urls)")
        #expect(try #require(pool).startedCount == 2)
    }

    @Test(arguments: [MockMode.binary, .inProcess])
    func stopStopsEveryBackendAndRefusesLaterCallers(in mode: MockMode) async throws {
        let cassettes = try Self.sequenceCassettes()
        try await MockPools.sharing(cassettes: cassettes.url) {
            let pools = try #require(MockPools.current)
            let pool = try #require(pools.pool(for: mode))
            let baseURL = try await Self.withPooledMock(cassettes, mode) { baseURL, _ in baseURL }
            #expect(pool.idleCount == 1)

            await pools.stop()

            #expect(pool.idleCount == 0)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            await #expect(throws: (any Error).self, "the stopped backend at \(baseURL) still answers") {
                _ = try await Self.sequenceStatus(baseURL, session)
            }
            await #expect(throws: MockPool.Stopped.self) {
                try await Self.withPooledMock(cassettes, mode) { _, _ in }
            }
        }
    }

    @Test func aBackendStillInACaseWhenThePoolStopsIsStoppedWhenHandedBack() async throws {
        let cassettes = try Self.sequenceCassettes()
        let inside = Gate()
        let stopped = Gate()
        try await MockPools.sharing(cassettes: cassettes.url) {
            let pools = try #require(MockPools.current)
            let pool = try #require(pools.pool(for: .inProcess))

            async let held: URL = Self.withPooledMock(cassettes, .inProcess) { baseURL, _ in
                inside.open()
                await stopped.wait()
                return baseURL
            }
            await inside.wait()
            await pools.stop()
            stopped.open()
            let baseURL = try await held

            #expect(pool.idleCount == 0)
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            await #expect(throws: (any Error).self, "the handed-back backend at \(baseURL) still answers") {
                _ = try await Self.sequenceStatus(baseURL, session)
            }
        }
    }

    @Test func aLoneSharersPoolsAreStoppedWhenItLeaves() async throws {
        let cassettes = try Self.sequenceCassettes()
        var seen: MockPools?

        try await MockPools.sharing(cassettes: cassettes.url) {
            let current = try #require(MockPools.current)
            _ = try await Self.withPooledMock(cassettes, .inProcess) { baseURL, _ in baseURL }
            seen = current
        }
        let pools = try #require(seen)

        #expect(MockPools.current === nil)
        await #expect(throws: MockPool.Stopped.self) {
            try await MockPools.$current.withValue(pools) {
                try await Self.withPooledMock(cassettes, .inProcess) { _, _ in }
            }
        }
    }

    @Test func overlappingSharersGetTheSamePoolsAndTheLastOneOutStopsThem() async throws {
        let cassettes = try Self.sequenceCassettes()
        let firstInside = Gate()
        let secondDone = Gate()

        async let first: MockPools = {
            var seen: MockPools?
            try await MockPools.sharing(cassettes: cassettes.url) {
                seen = MockPools.current
                firstInside.open()
                await secondDone.wait()
                // The second sharer has left; the pools are still the first one's to use.
                _ = try await Self.withPooledMock(cassettes, .inProcess) { baseURL, _ in baseURL }
            }
            return try #require(seen)
        }()
        await firstInside.wait()
        var second: MockPools?
        try await MockPools.sharing(cassettes: cassettes.url) { second = MockPools.current }
        secondDone.open()
        let pools = try await first

        #expect(pools === second)
        await #expect(throws: MockPool.Stopped.self) {
            try await MockPools.$current.withValue(pools) {
                try await Self.withPooledMock(cassettes, .inProcess) { _, _ in }
            }
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
