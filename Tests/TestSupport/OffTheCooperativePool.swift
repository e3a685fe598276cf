import Foundation

/// Runs blocking socket work on a thread of its own, so a test waiting on a read never holds one of
/// the few cooperative threads every other test's steps run on.
@discardableResult
package func offTheCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
