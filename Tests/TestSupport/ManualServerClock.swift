import Foundation
package import HTTPServer
import Locking

/// A server clock that moves only when a test says so: a timeout is reached by ``advance(by:)``,
/// never by a loaded machine being slow. Advancing wakes the servers that read it.
package final class ManualServerClock: ServerClock {
    private struct State {
        var now: UInt64 = 1_000_000_000
        var servers: [WeakServer] = []
    }

    /// Weak: the server holds its clock, and the clock must not keep the server alive.
    private struct WeakServer {
        weak var server: HTTPServer?
    }

    private let state = Locked(State())

    /// A clock at one second past its zero.
    package init() {}

    package func nanosecondsNow() -> UInt64 {
        state.withLock { $0.now }
    }

    /// Lets `server`'s event loops notice when the clock jumps.
    package func drive(_ server: HTTPServer) {
        state.withLock { $0.servers.append(WeakServer(server: server)) }
    }

    /// Moves the clock on by `duration` and wakes the servers, which fire what came due. Without
    /// `wakingServers`, the time passes while the event loops sleep, as it does on a quiet server.
    package func advance(by duration: Duration, wakingServers: Bool = true) {
        let nanoseconds = duration.clampedNanoseconds
        let servers = state.withLock { state in
            state.now += nanoseconds
            return state.servers.compactMap(\.server)
        }
        guard wakingServers else { return }
        for server in servers { server.wakeEventLoops() }
    }

    /// Runs `body` (which blocks, e.g. reading until the server answers) on a thread of its own and
    /// advances the clock by `step` until it returns. Stepping rather than one jump: the server
    /// starts some timers only once it has read what the client sent, which may be after any one
    /// jump. Each step is a short pause so the server can run; how long does not matter, only
    /// that the clock keeps moving until the answer arrives (the client's socket timeout bounds it).
    /// The stepping runs on a thread of its own too: a task would wait for Swift concurrency's pool,
    /// which a busy test process can hold for longer than that socket timeout.
    package func advance<T: Sendable>(
        by step: Duration, until body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let finished = Locked(false)
        let stepper = Thread { [self] in
            while !finished.withLock({ $0 }) {
                advance(by: step)
                usleep(5_000)
            }
        }
        stepper.start()
        defer { finished.withLock { $0 = true } }
        return try await offTheCooperativePool(body)
    }
}
