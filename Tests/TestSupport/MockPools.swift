package import Foundation
import Locking

/// Product backends of one mode over one cassette directory, kept between the ``withMock(_:mode:_:)``
/// calls of a ``MockPools/sharing(cassettes:_:)`` scope instead of started for each: a caller has its
/// backend to itself while its body runs, and the backend is rewound (sequences, journal, seeded faults)
/// before the next caller gets it, so every body begins where a freshly started one would. A backend
/// is started only when a caller finds none idle, so no more are alive than bodies ran at once.
package final class MockPool: Sendable {
    /// The mode of every backend in the pool.
    package let mode: MockMode
    /// The cassette directory every backend serves.
    package let cassettes: URL

    private struct State {
        var idle: [RunningMock] = []
        var started = 0
        var stopped = false
    }

    private let state = Locked(State())

    init(_ mode: MockMode, cassettes: URL) {
        self.mode = mode
        self.cassettes = cassettes
    }

    /// A caller asked for a backend after ``stop()``.
    package struct Stopped: Error, CustomStringConvertible {
        package let mode: MockMode
        package var description: String { "the \(mode.rawValue) pool was already stopped" }
    }

    /// How many backends the pool has started so far, counting any it later dropped.
    package var startedCount: Int { state.withLock { $0.started } }

    /// How many backends wait for a caller now.
    package var idleCount: Int { state.withLock { $0.idle.count } }

    /// Runs `body` with a backend no other caller holds meanwhile (an idle one, or one started now),
    /// then rewinds it for the next caller whatever `body` did. A backend that cannot be rewound (a
    /// child that died, one the body stopped) is stopped and dropped instead.
    ///
    /// - Throws: ``Stopped`` after ``stop()``, why a backend could not start, or what `body` threw.
    func lend<T>(_ body: (RunningMock) async throws -> T) async throws -> T {
        let backend = try await checkOut()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(backend))
        } catch {
            result = .failure(error)
        }
        await checkIn(backend)
        return try result.get()
    }

    /// Stops every idle backend and marks the pool stopped: a backend still lent is stopped when it is
    /// handed back, and later callers get ``Stopped``.
    package func stop() async {
        let idle = state.withLock { state in
            state.stopped = true
            defer { state.idle = [] }
            return state.idle
        }
        await withTaskGroup(of: Void.self) { group in
            for backend in idle { group.addTask { await backend.stop() } }
        }
    }

    private func checkOut() async throws -> RunningMock {
        let taken: RunningMock?? = state.withLock { state in
            if state.stopped { return .none }
            if let backend = state.idle.popLast() { return .some(backend) }
            state.started += 1
            return .some(nil)
        }
        guard let taken else { throw Stopped(mode: mode) }
        if let taken { return taken }
        return try await RunningMock.start(.replay(cassettes), mode: mode)
    }

    private func checkIn(_ backend: RunningMock) async {
        do {
            guard !backend.isStopped else { throw HarnessError.resetFailed("the body stopped it") }
            try await backend.reset()
        } catch {
            await backend.stop()
            return
        }
        let kept = state.withLock { state in
            if state.stopped { return false }
            state.idle.append(backend)
            return true
        }
        if !kept { await backend.stop() }
    }
}

/// One ``MockPool`` per product mode over the same cassettes, for a suite to hold while its cases run
/// (``current``, set by ``sharing(cassettes:_:)`` in the suite's scope) and to stop once they are done.
package final class MockPools: Sendable {
    /// The pools of the running scope, if any; ``withMock(_:mode:_:)`` takes its backends from them.
    @TaskLocal package static var current: MockPools?

    /// The cassette directory the pools serve.
    package let cassettes: URL
    private let pools: [MockMode: MockPool]

    /// An empty pool for each product mode over `cassettes`.
    init(cassettes: URL) {
        self.cassettes = cassettes
        pools = Dictionary(uniqueKeysWithValues: MockMode.products.map { ($0, MockPool($0, cassettes: cassettes)) })
    }

    /// The pool of `mode` (a product mode).
    package func pool(for mode: MockMode) -> MockPool? {
        pools[mode]
    }

    /// The pool whose backends serve `setup` in `mode` as a fresh start would: `setup` is a replay of
    /// these cassettes asking for nothing else.
    func pool(for mode: MockMode, serving setup: MockSetup) -> MockPool? {
        guard case .product(let product) = setup.kind, product.isPlain(over: cassettes, in: mode) else { return nil }
        return pools[mode]
    }

    /// Runs `body` with the pools every concurrent caller over `cassettes` shares as ``current``: the
    /// first caller in starts them and the last one out stops them. Suites that run side by side so keep
    /// one set of idle backends between them, not one each (under AddressSanitizer a `mockweather serve`
    /// child costs tens of MiB).
    package static func sharing(cassettes: URL, _ body: () async throws -> Void) async throws {
        let pools = shared.withLock { shared in
            let pools = shared[cassettes]?.pools ?? MockPools(cassettes: cassettes)
            shared[cassettes] = (pools, (shared[cassettes]?.holders ?? 0) + 1)
            return pools
        }
        let result: Result<Void, any Error>
        do {
            result = .success(try await $current.withValue(pools) { try await body() })
        } catch {
            result = .failure(error)
        }
        let last = shared.withLock { shared in
            guard let entry = shared[cassettes], entry.holders > 1 else {
                shared[cassettes] = nil
                return true
            }
            shared[cassettes] = (entry.pools, entry.holders - 1)
            return false
        }
        if last { await pools.stop() }
        try result.get()
    }

    private static let shared = Locked<[URL: (pools: MockPools, holders: Int)]>([:])

    /// Stops every pool (``MockPool/stop()``).
    package func stop() async {
        for pool in pools.values { await pool.stop() }
    }
}
