import Dispatch

/// Where `respondLater` work runs: a serial dispatch queue of the server module's own, not Swift
/// concurrency's global pool.
///
/// Why: the global pool has one thread per core, and the process that embeds the server owns them
/// (an app, or a test runner whose other tests keep them busy with synchronous work, for seconds at
/// a time under a sanitizer). A deferred answer that waited for one of them could miss its client's
/// timeout while the server itself sat idle. A serial queue is served by a thread libdispatch starts
/// for it whatever the pool is doing, so the answer goes out as soon as what it awaits is there.
/// Work that suspends frees the queue for the next. One queue for the process, never torn down: a
/// task may outlive the server that started it.
final class DeferredWorkExecutor: TaskExecutor {
    static let shared = DeferredWorkExecutor()

    private let queue = DispatchQueue(label: "HTTPServer.respondLater")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
