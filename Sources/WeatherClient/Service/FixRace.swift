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
    await FirstOutcome<FixOutcome>().outcome(ifCancelled: .cancelled) { race in
        let fixTask = Task { race.finish(await nextValidFix(from: source)) }
        race.onFinish { fixTask.cancel() }
        let timer = Task {
            do {
                try await clock.sleep(for: timeout)
                race.finish(.timedOut)
            } catch {
                race.finish(.cancelled)
            }
        }
        race.onFinish { timer.cancel() }
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
