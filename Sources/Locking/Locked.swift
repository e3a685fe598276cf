public import Synchronization

/// A `Mutex` whose hand-offs ThreadSanitizer can see: use it for every lock in this package.
///
/// On Linux, `Mutex` from Synchronization takes a contended lock in the kernel (`FUTEX_LOCK_PI`)
/// or in a spin loop compiled into the uninstrumented Synchronization library. ThreadSanitizer then
/// sees the unlock but never the matching lock, and reports the next access under the lock as a
/// data race, a false report that `swift test --sanitize=thread` shows now and then wherever two
/// threads meet on a lock (see docs/ARCHITECTURE.md#sanitizers). Each critical section here is
/// announced to it as an acquire and a release of this object, which is exactly the ordering the
/// lock gives; outside a sanitized process the announcement is one nil check.
///
/// `withLock` is inlinable so every caller gets it specialized for its value and closure: it runs on
/// every request of the replay path, where an unspecialized generic call costs a metadata lookup and
/// a closure context each time. The class is `public` (its members stay `package`) because the
/// compiler only inlines a generic method into another module when its type is public; nothing
/// outside the package can reach it, as no product exports this module.
public final class Locked<Value: ~Copyable>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            ThreadSanitizerHooks.acquire(address)
            defer { ThreadSanitizerHooks.release(address) }
            return try body(&value)
        }
    }
}
