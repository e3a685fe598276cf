import Locking

/// At most `limit` bodies running at once across every task that shares the limit; the rest wait, in
/// the order they arrived, for a slot.
///
/// Swift Testing runs the cases of a parameterised test in parallel with no bound. When each case
/// starts a `mockweather serve` child, several hundred children are alive together: harmless on a
/// quick machine, but under AddressSanitizer each child takes tens of MiB of shadow memory and the
/// whole run is killed for lack of memory. A limit keeps what is alive proportional to the machine.
///
/// A body must not wait for a second slot of the same limit: with every slot held by such bodies,
/// none would ever get its second.
package final class ConcurrencyLimit: Sendable {
    /// How many bodies may run at once.
    package let limit: Int

    private struct State {
        var running = 0
        var nextTicket = 0
        var waiters: [(ticket: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// A limit of `limit` bodies at once (at least one).
    package init(_ limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many bodies are running now (for tests and diagnostics).
    package var running: Int { state.withLock { $0.running } }

    /// How many callers are waiting for a slot now.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    /// Runs `body` once a slot is free, and frees the slot when `body` returns or throws.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits (the body is then
    ///   not run), or whatever `body` throws.
    package func run<T>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }

    private func acquire() async throws {
        let ticket: Int? = state.withLock { state in
            if state.running < limit && state.waiters.isEmpty {
                state.running += 1
                return nil
            }
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        guard let ticket else { return }
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelledAlready = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiters.append((ticket, continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(returning: false) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.ticket == ticket }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(returning: false)
        }
        // A waiter is admitted only by `release`, which hands its slot over without freeing it.
        guard admitted else { throw CancellationError() }
    }

    private func release() {
        let next: CheckedContinuation<Bool, Never>? = state.withLock { state in
            if state.waiters.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
