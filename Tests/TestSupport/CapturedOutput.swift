import Foundation
import Locking

/// One output stream of a child process, read to its end on a thread of its own: all of it as text
/// (for assertions and failure messages), and awaitable line by line or until some text appears, so a
/// test waits for what the child prints rather than for time to pass.
///
/// Reading starts at once and never stops before end-of-file, so a child never blocks on a full pipe
/// however much it prints, whichever stream the test looks at first.
package final class CapturedOutput: Sendable {
    private struct State {
        var text = ""
        var isFinished = false
        var waiters: [UInt64: (condition: @Sendable (String, Bool) -> Bool, resume: CheckedContinuation<Void, Never>)] =
            [:]
        var nextWaiter: UInt64 = 0
    }
    private let state = Locked(State())

    /// Starts reading `handle` to its end.
    init(reading handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                let chunk = String(decoding: data, as: UTF8.self)
                let ready = state.withLock { state in
                    state.text += chunk
                    if data.isEmpty { state.isFinished = true }
                    let ready = state.waiters.filter { $0.value.condition(state.text, state.isFinished) }
                    for id in ready.keys { state.waiters.removeValue(forKey: id) }
                    return ready.values.map(\.resume)
                }
                ready.forEach { $0.resume() }
                if data.isEmpty { return }
            }
        }
        thread.start()
    }

    /// Everything read so far.
    package var text: String { state.withLock { $0.text } }

    /// Everything the stream carried, once the child has closed it.
    package func all() async -> String {
        await wait { _, finished in finished }
        return text
    }

    /// The first complete line starting with `prefix`, or nil when the stream ends without one.
    package func firstLine(startingWith prefix: String) async -> String? {
        @Sendable func find(_ text: String) -> String? {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .first { $0.hasPrefix(prefix) }.map(String.init)
        }
        await wait { text, finished in finished || find(text) != nil }
        return find(text)
    }

    /// Waits until the text read so far contains `marker` (true) or the stream ends without it (false).
    @discardableResult
    package func waitUntilContains(_ marker: String) async -> Bool {
        await wait { text, finished in finished || text.contains(marker) }
        return text.contains(marker)
    }

    /// Returns once `condition(text, isFinished)` holds, or when the waiting task is cancelled (how
    /// ``withTimeLimit(_:_:)`` gives up).
    private func wait(until condition: @escaping @Sendable (String, Bool) -> Bool) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let satisfied = state.withLock { state in
                    if condition(state.text, state.isFinished) || Task.isCancelled { return true }
                    state.waiters[id] = (condition, continuation)
                    return false
                }
                if satisfied { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume.resume()
        }
    }
}

/// The result of `body`, or nil when `limit` passes first (`body` is then cancelled). A safety net for
/// a child that misbehaves, never a way to wait for something: tests wait for output or exit.
package func withTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
