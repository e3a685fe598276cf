import HTTPServer
import Locking

/// Runs `body` on a new thread named `name` and returns its result to the awaiting task, for work
/// that blocks its thread (libcurl) and must stay off the event loops and the cooperative pool.
///
/// The result crosses under a lock, not through the continuation: a continuation resumed before
/// its task has suspended hands the value over with no happens-before edge ThreadSanitizer can see
/// (the runtime announces one only when it schedules a suspended task), so it reported the task's
/// first read of libcurl's answer as a race (`CurlUpstreamTests` catches that).
func onOwnThread<Result: Sendable>(named name: String, _ body: @escaping @Sendable () -> Result) async -> Result {
    let slot = ResultSlot<Result>()
    let started = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        do {
            try startThread(name: name) {
                slot.fill(body())
                continuation.resume(returning: true)
            }
        } catch {
            continuation.resume(returning: false)
        }
    }
    // Out of threads: the work blocks the awaiting task's thread instead of not being done.
    return started ? slot.take() : body()
}

/// The one value a thread hands to the task waiting for it.
private final class ResultSlot<Result: Sendable>: Sendable {
    private let value = Locked<Result?>(nil)

    func fill(_ result: Result) {
        value.withLock { $0 = result }
    }

    func take() -> Result {
        value.withLock { $0.take() }!  // filled before the thread resumes the task
    }
}
