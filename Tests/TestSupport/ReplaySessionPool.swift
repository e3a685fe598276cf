package import Foundation
import Locking

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Replay backends of one mode over one cassette directory, reused from case to case instead of started
/// for each: a case has its backend to itself while it runs, and the backend is rewound
/// (``ReplayBackend/reset()``: sequences, journal, seeded faults) before the next case gets it, so every
/// case begins where a freshly started one would. A backend is started only when a case finds none
/// idle, so no more are alive than cases ran at once. ``stop()`` stops them all.
///
/// A case that needs a backend of its own (a clock, extra arguments, its own cassettes, a kill) does not
/// come here: it starts one with ``withReplaySession(_:cassettes:running:clock:_:)``.
package final class ReplaySessionPool: Sendable {
    /// The mode of every backend in the pool.
    package let mode: ReplayMode
    /// The cassette directory every backend serves.
    package let cassettes: URL

    private struct State {
        var idle: [ReplayBackend] = []
        var started = 0
        var stopped = false
    }

    private let state = Locked(State())

    /// An empty pool; backends are started on demand.
    package init(_ mode: ReplayMode, cassettes: URL) {
        self.mode = mode
        self.cassettes = cassettes
    }

    /// A case asked for a session after ``stop()``.
    package struct Stopped: Error, CustomStringConvertible {
        package let mode: ReplayMode
        package var description: String { "the \(mode.rawValue) session pool was already stopped" }
    }

    /// How many backends the pool has started so far, counting any it later dropped.
    package var startedCount: Int { state.withLock { $0.started } }

    /// How many backends wait for a case now.
    package var idleCount: Int { state.withLock { $0.idle.count } }

    /// Runs `body` with a backend no other caller holds meanwhile (an idle one, or one started now) and
    /// a fresh session to it, then rewinds the backend for the next caller whatever `body` did. A
    /// backend that cannot be rewound (a child that died) is stopped and dropped instead.
    ///
    /// - Throws: ``Stopped`` after ``stop()``, why a backend could not start, or what `body` threw.
    package func withSession<T>(_ body: (URL, URLSession) async throws -> T) async throws -> T {
        let backend = try await checkOut()
        let result: Result<T, any Error>
        do {
            result = .success(try await backend.withSession(body))
        } catch {
            result = .failure(error)
        }
        await checkIn(backend)
        return try result.get()
    }

    /// Stops every idle backend and marks the pool stopped: a backend still in a case is stopped when
    /// that case hands it back, and later callers get ``Stopped``.
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

    private func checkOut() async throws -> ReplayBackend {
        let taken: ReplayBackend?? = state.withLock { state in
            if state.stopped { return .none }
            if let backend = state.idle.popLast() { return .some(backend) }
            state.started += 1
            return .some(nil)
        }
        guard let taken else { throw Stopped(mode: mode) }
        if let taken { return taken }
        return try await ReplayBackend.start(mode, cassettes: cassettes)
    }

    private func checkIn(_ backend: ReplayBackend) async {
        do {
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

/// One ``ReplaySessionPool`` per mode over the same cassettes, for a suite to hold while its cases run
/// (``current``, set by ``sharing(cassettes:_:)`` in the suite's scope) and to stop once they are done.
package final class ReplaySessionPools: Sendable {
    /// The pools of the running suite, if its scope set up any; cases without one start their own.
    @TaskLocal package static var current: ReplaySessionPools?

    private let pools: [ReplayMode: ReplaySessionPool]

    /// An empty pool for each mode over `cassettes`.
    package init(cassettes: URL) {
        pools = Dictionary(
            uniqueKeysWithValues: ReplayMode.allCases.map { ($0, ReplaySessionPool($0, cassettes: cassettes)) })
    }

    /// The pool of `mode`.
    package func pool(for mode: ReplayMode) -> ReplaySessionPool {
        pools[mode]!
    }

    /// Runs `body` with the pools every concurrent caller over `cassettes` shares as ``current``: the
    /// first caller in starts them and the last one out stops them. Suites that run side by side so keep
    /// one set of idle backends between them, not one each (under AddressSanitizer a `mockweather serve`
    /// child costs tens of MiB).
    package static func sharing(cassettes: URL, _ body: () async throws -> Void) async throws {
        let pools = shared.withLock { shared in
            let pools = shared[cassettes]?.pools ?? ReplaySessionPools(cassettes: cassettes)
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

    private static let shared = Locked<[URL: (pools: ReplaySessionPools, holders: Int)]>([:])

    /// Stops every pool (``ReplaySessionPool/stop()``).
    package func stop() async {
        for pool in pools.values { await pool.stop() }
    }
}
