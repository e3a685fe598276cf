import Basics
import Dispatch
import HTTPServer
import Locking
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One log line per request, formatted and written off the event loops: the request path only
/// queues the journal entry; one background thread, woken when the queue stops being empty, waits
/// 20 ms for more, formats them together and writes them itself (``LogSink/writeNow(lines:)``), so
/// a line passes one background stage, not a formatter's and then the sink's (an idle server's
/// thread sleeps). When the queue
/// passes `backlogLimit` (the writer cannot keep up), entries are formatted on the spot instead, so
/// no line is ever dropped and memory stays bounded.
package final class RequestLogger: Sendable {
    static let backlogLimit = 50_000

    private let sink: any LogSink
    private let formatter: RequestLogFormatter
    private let pending = Locked<[RecordedEntry]>([])
    /// Held from taking the queue until its lines reach the sink: a flush at shutdown waits for the
    /// batch the background thread is formatting, which would otherwise be lost when the process exits.
    private let draining = Locked(())
    private let running = Atomic<Bool>(false)
    /// Signalled when the queue goes from empty to not empty (and at stop).
    private let wakeUp = DispatchSemaphore(value: 0)

    /// `inBackground: false` writes each line at once (tests read lines right after a request).
    init(sink: any LogSink, format: LogFormat, inBackground: Bool) {
        self.sink = sink
        self.formatter = RequestLogFormatter(format: format)
        guard inBackground else { return }
        running.store(true, ordering: .relaxed)
        let wakeUp = wakeUp
        do {
            try startThread(name: "mockweather-log") { [weak self] in
                while true {
                    wakeUp.wait()
                    guard let self, self.running.load(ordering: .relaxed) else { return }
                    usleep(20_000)  // let a batch gather
                    self.drain()
                }
            }
        } catch {
            // Without a thread of its own, each line is written by the request that made it.
            running.store(false, ordering: .relaxed)
        }
    }

    deinit {
        running.store(false, ordering: .relaxed)
        wakeUp.signal()
    }

    /// Queues `recorded`'s line (shared with the journal, not copied).
    func log(_ recorded: RecordedEntry) {
        guard running.load(ordering: .relaxed) else {
            write([recorded], now: false)
            return
        }
        let (wasEmpty, overflowing) = pending.withLock { pending in
            pending.append(recorded)
            return (pending.count == 1, pending.count > Self.backlogLimit)
        }
        if wasEmpty { wakeUp.signal() }
        if overflowing { drain() }
    }

    /// Writes every queued line and flushes the sink; the server calls it at shutdown.
    func flush() {
        drain()
        sink.flush()
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        wakeUp.signal()
        flush()
    }

    private func drain() {
        draining.withLock { _ in
            let entries = pending.withLock { pending -> [RecordedEntry] in
                defer { pending.removeAll(keepingCapacity: true) }
                return pending
            }
            write(entries, now: true)
        }
    }

    /// `now`: written before returning (from the background stage, or a backlog drained on the spot);
    /// else handed to the sink's own buffering (a logger without a thread, on an event loop).
    private func write(_ entries: [RecordedEntry], now: Bool) {
        guard !entries.isEmpty else { return }
        var clock = TimestampText()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 128)
        for recorded in entries {
            recorded.appendLine(formatter, to: &bytes, clock: &clock)
            bytes.append(UInt8(ascii: "\n"))
        }
        if now { sink.writeNow(lines: bytes) } else { sink.write(lines: bytes) }
    }
}
