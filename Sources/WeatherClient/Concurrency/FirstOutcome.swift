internal import Synchronization

/// A one-shot race: several parties may ``finish(_:)`` it, the first one wins, the waiter gets its
/// outcome, and every registered canceller runs so the losers stop.
///
/// The waiter never waits for the losers to stop: a party that ignores cancellation cannot hold
/// it (a location source that never answers, a URLSession task that ignores its timeout).
///
/// Every hand-off goes through the lock, including the outcome itself: the continuation only wakes
/// the waiter, which then reads the outcome under the lock. A continuation resumed before its task
/// suspends gives ThreadSanitizer no happens-before edge (the runtime announces one only when it
/// schedules a suspended task), and the lock is announced to it by ``locked(_:)``.
final class FirstOutcome<Outcome: Sendable>: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var outcome: Outcome?
        var cancellers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Runs `start` (which should set the racing parties going), then waits for the first
    /// outcome. Cancelling the calling task finishes the race with `cancelled`.
    func outcome(ifCancelled cancelled: Outcome, start: (FirstOutcome<Outcome>) -> Void) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let decided = locked { state in
                    if state.outcome != nil { return true }
                    state.waiter = continuation
                    return false
                }
                if decided {
                    continuation.resume()
                } else {
                    start(self)
                }
            }
        } onCancel: {
            finish(cancelled)
        }
        return locked { $0.outcome }!  // the waiter is woken only once an outcome is stored
    }

    /// Registers what to do to stop a party once the race is decided; runs it at once when the
    /// race already is.
    func onFinish(_ cancel: @escaping @Sendable () -> Void) {
        let decided = locked { state in
            if state.outcome == nil { state.cancellers.append(cancel) }
            return state.outcome != nil
        }
        if decided { cancel() }
    }

    /// Decides the race with `outcome` unless it is already decided.
    func finish(_ outcome: Outcome) {
        let (waiter, cancellers) = locked { state -> (CheckedContinuation<Void, Never>?, [@Sendable () -> Void]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer {
                state.waiter = nil
                state.cancellers = []
            }
            return (state.waiter, state.cancellers)
        }
        waiter?.resume()
        for cancel in cancellers { cancel() }
    }

    /// The state under the lock, with the lock's hand-off announced to ThreadSanitizer (see
    /// ``ThreadSanitizerHooks``): a contended `Mutex` is otherwise invisible to it on Linux.
    private func locked<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return state.withLock { state in
            ThreadSanitizerHooks.acquire(address)
            defer { ThreadSanitizerHooks.release(address) }
            return body(&state)
        }
    }
}
