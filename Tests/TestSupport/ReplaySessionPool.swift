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
/// (``current``, set by the suite's scope) and to stop once they are done.
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

    /// Runs `body` with these pools as ``current`` and stops every pool afterwards, whatever `body` does.
    package func scope(_ body: () async throws -> Void) async throws {
        do {
            try await Self.$current.withValue(self) { try await body() }
        } catch {
            await stop()
            throw error
        }
        await stop()
    }

    /// Stops every pool (``ReplaySessionPool/stop()``).
    package func stop() async {
        for pool in pools.values { await pool.stop() }
    }
}
