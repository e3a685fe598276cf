import Locking

/// A one-shot signal between a handler (on any thread) and a test: ``wait()`` returns once ``open()``
/// was called, before or after the wait began. Tests wait on it instead of sleeping.
package final class Gate: Sendable {
    private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// A closed gate.
    package init() {}

    /// Opens the gate for every waiter, present and future.
    package func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open.
    package func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if isOpen { continuation.resume() }
        }
    }
}
