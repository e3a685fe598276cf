internal import Synchronization

/// A one-shot race: several parties may ``finish(_:)`` it, the first one wins, the waiter gets its
/// outcome, and every registered canceller runs so the losers stop.
///
/// The waiter never waits for the losers to stop: a party that ignores cancellation cannot hold
/// it (a location source that never answers, a URLSession task that ignores its timeout).
final class FirstOutcome<Outcome: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var cancellers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Runs `start` (which should set the racing parties going), then waits for the first
    /// outcome. Cancelling the calling task finishes the race with `cancelled`.
    func outcome(ifCancelled cancelled: Outcome, start: (FirstOutcome<Outcome>) -> Void) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let early: Outcome? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.continuation = continuation
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                } else {
                    start(self)
                }
            }
        } onCancel: {
            finish(cancelled)
        }
    }

    /// Registers what to do to stop a party once the race is decided; runs it at once when the
    /// race already is.
    func onFinish(_ cancel: @escaping @Sendable () -> Void) {
        let decided = state.withLock { state in
            if state.outcome == nil { state.cancellers.append(cancel) }
            return state.outcome != nil
        }
        if decided { cancel() }
    }

    /// Decides the race with `outcome` unless it is already decided.
    func finish(_ outcome: Outcome) {
        let (continuation, cancellers) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, [@Sendable () -> Void]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.cancellers = []
            }
            return (state.continuation, state.cancellers)
        }
        continuation?.resume(returning: outcome)
        for cancel in cancellers { cancel() }
    }
}
