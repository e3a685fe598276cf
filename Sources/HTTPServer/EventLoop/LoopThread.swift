import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CHTTPServerSystem
#endif

/// Hands a value that is not `Sendable` to exactly one other thread. The creating thread gives up
/// the value when it spawns the thread and never touches it again, which the compiler cannot see.
private final class Handoff: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Starts a detached OS thread named `name` running `body`. Event loops need their own threads:
/// they block in epoll_wait/kevent, which must never happen on Swift concurrency's cooperative pool;
/// so do the engine's background writers and the server's signal watch, and a pthread of their own
/// spares `mockweather serve` Foundation's `Thread` (docs/ARCHITECTURE.md#foundation-essentials).
package func startThread(name: String, _ body: @escaping () -> Void) throws(HTTPServerError) {
    let handoff = Unmanaged.passRetained(
        Handoff {
            #if os(Linux)
            chs_set_current_thread_name(name)
            #else
            _ = pthread_setname_np(name)
            #endif
            body()
        }
    ).toOpaque()
    #if os(Linux)
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { raw in
            Unmanaged<Handoff>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, handoff)
    #else
    var thread: pthread_t? = nil
    let status = pthread_create(
        &thread, nil,
        { raw in
            Unmanaged<Handoff>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, handoff)
    #endif
    guard status == 0 else {
        Unmanaged<Handoff>.fromOpaque(handoff).release()
        throw .eventLoopUnavailable(reason: "pthread_create failed: \(String(cString: strerror(status)))")
    }
    #if os(Linux)
    pthread_detach(thread)
    #else
    if let thread { pthread_detach(thread) }
    #endif
}

/// Counts finished event loops; `wait()` returns once all of them have finished.
final class CompletionLatch: Sendable {
    private let state: Locked<(remaining: Int, waiters: [CheckedContinuation<Void, Never>])>

    init(count: Int) {
        state = Locked((count, []))
    }

    func arrive() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.remaining -= 1
            guard state.remaining == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = state.withLock { state in
                if state.remaining == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if isDone { continuation.resume() }
        }
    }
}
