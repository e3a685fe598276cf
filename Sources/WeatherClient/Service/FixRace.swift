internal import Synchronization

/// What waiting for a location fix came to.
enum FixOutcome: Sendable {
    case fix(LocationFix)
    case timedOut
    case ended
    case failed(String)
    case cancelled
}

/// Waits for the first valid fix from `source`, or `timeout` on `clock`, whichever comes first.
///
/// The loser is cancelled but not awaited: a location source that ignores cancellation cannot hold
/// the caller past the timeout. Cancelling the calling task ends the wait with `.cancelled`.
func firstValidFix(from source: any LocationSource, clock: any WeatherClock, timeout: Duration) async -> FixOutcome {
    let race = Race<FixOutcome>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation)
            race.track(
                Task {
                    race.finish(await nextValidFix(from: source))
                }
            )
            race.track(
                Task {
                    do {
                        try await clock.sleep(for: timeout)
                        race.finish(.timedOut)
                    } catch {
                        race.finish(.cancelled)
                    }
                }
            )
        }
    } onCancel: {
        race.finish(.cancelled)
    }
}

/// Skips invalid fixes (negative accuracy, coordinate out of range) until a valid one arrives.
private func nextValidFix(from source: any LocationSource) async -> FixOutcome {
    do {
        while !Task.isCancelled {
            guard let fix = try await source.nextFix() else { return .ended }
            if fix.isValid { return .fix(fix) }
        }
        return .cancelled
    } catch is CancellationError {
        return .cancelled
    } catch {
        return .failed(String(describing: error))
    }
}

/// A one-shot rendezvous: the first `finish` resumes the waiter and cancels every tracked task.
private final class Race<Outcome: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early: Outcome? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func track(_ task: Task<Void, Never>) {
        let finished = state.withLock { state in
            if state.outcome == nil { state.tasks.append(task) }
            return state.outcome != nil
        }
        if finished { task.cancel() }
    }

    func finish(_ outcome: Outcome) {
        let (continuation, tasks): (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>]) = state.withLock {
            state in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        continuation?.resume(returning: outcome)
        for task in tasks { task.cancel() }
    }
}
