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

/// How request log lines are written.
package enum LogFormat: String, Sendable, CaseIterable {
    /// One human-readable line per request.
    case text
    /// One JSON object per line (JSON Lines), for log shippers and `jq`.
    case json
}

/// Where log lines go. Implementations must be safe to call from any event-loop thread.
package protocol LogSink: Sendable {
    /// Takes one complete line without its newline.
    func write(line: String)
    /// Takes complete lines as UTF-8, each ending with a newline (a batch of request log lines).
    /// The default splits them and calls ``write(line:)`` for each.
    func write(lines: [UInt8])
    /// Takes complete lines as ``write(lines:)`` does and has written them when it returns: for a
    /// caller that is itself the background stage (the request logger), so its lines do not wait for
    /// a second one. The default is ``write(lines:)`` then ``flush()``.
    func writeNow(lines: [UInt8])
    /// Pushes out anything buffered; called at shutdown.
    func flush()
}

extension LogSink {
    /// Splits `lines` at newlines and writes each line on its own.
    package func write(lines: [UInt8]) {
        for line in lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            write(line: String(decoding: line, as: UTF8.self))
        }
    }

    /// ``write(lines:)``, then ``flush()``.
    package func writeNow(lines: [UInt8]) {
        write(lines: lines)
        flush()
    }
}

/// Standard output, buffered and flushed by a background thread within 50 ms of the first byte
/// buffered (and at once when the buffer passes 64 KiB), so logging does not cost a system call per
/// request; the thread sleeps while nothing is buffered.
package final class StandardOutputLog: LogSink {
    private let buffer = Locked<[UInt8]>([])
    /// Held from taking the buffer until it is written, so a flush at shutdown waits for the one the
    /// background thread is in the middle of (else the process could exit with those lines unwritten)
    /// and lines never go out of order.
    private let writing = Locked(())
    private let stopped = Atomic<Bool>(false)
    /// Set when no flushing thread could be started: every line is then written as it comes.
    private let writesAtOnce = Atomic<Bool>(false)
    private let descriptor: Int32
    /// Signalled when the buffer goes from empty to not empty (and at deinit).
    private let wakeUp = DispatchSemaphore(value: 0)
    static let flushThreshold = 64 * 1024

    /// Starts the flushing thread for file descriptor `descriptor` (standard output by default).
    package init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        let wakeUp = wakeUp
        do {
            try startThread(name: "mockweather-stdout") { [weak self] in
                while true {
                    wakeUp.wait()
                    guard let self, !self.stopped.load(ordering: .relaxed) else { return }
                    usleep(50_000)
                    self.flush()
                }
            }
        } catch {
            writesAtOnce.store(true, ordering: .relaxed)
        }
    }

    deinit {
        stopped.store(true, ordering: .relaxed)
        wakeUp.signal()
    }

    /// Appends the line; flushes at once when the buffer is large.
    package func write(line: String) {
        append { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends the lines as they are; flushes at once when the buffer is large.
    package func write(lines: [UInt8]) {
        append { $0.append(contentsOf: lines) }
    }

    private func append(_ body: (inout [UInt8]) -> Void) {
        let (wasEmpty, shouldFlush) = buffer.withLock { buffer in
            let wasEmpty = buffer.isEmpty
            body(&buffer)
            return (wasEmpty, buffer.count >= Self.flushThreshold)
        }
        if shouldFlush || writesAtOnce.load(ordering: .relaxed) {
            flush()
        } else if wasEmpty {
            wakeUp.signal()
        }
    }

    /// Writes everything buffered so far, then `lines`, on the calling thread: the request logger's
    /// batches go out from its own thread, without waking this one.
    package func writeNow(lines: [UInt8]) {
        writing.withLock { _ in
            writeBuffered()
            FileDescriptorWriter.writeAll(lines, to: descriptor)
        }
    }

    /// Writes everything buffered so far.
    package func flush() {
        writing.withLock { _ in writeBuffered() }
    }

    /// Called with `writing` held, so lines never go out of order.
    private func writeBuffered() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        guard !pending.isEmpty else { return }
        FileDescriptorWriter.writeAll(pending, to: descriptor)
    }
}

/// Formats one line per request (docs/ARCHITECTURE.md#serving) in text or JSON Lines; keys are already masked in the
/// journal entry it is given. Neither form lets a request start a line or write a raw control
/// character: text escapes them as ``LogText`` says, JSON as JSON does. Lines are appended as bytes to a buffer the caller reuses: this runs
/// for every request, so it builds no intermediate strings.
package struct RequestLogFormatter: Sendable {
    var format: LogFormat

    /// The line for `entry`, without its newline.
    func line(for entry: JournalEntry) -> String {
        var clock = TimestampText()
        var bytes: [UInt8] = []
        append(entry, to: &bytes, clock: &clock)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line for `entry` (without a newline) to `buffer`; `clock` caches the formatted
    /// second across calls.
    func append(_ entry: JournalEntry, to buffer: inout [UInt8], clock: inout TimestampText) {
        append(
            entry, timestampMilliseconds: entry.timestampMilliseconds, durationMicroseconds: entry.durationMicroseconds,
            to: &buffer, clock: &clock)
    }

    /// Appends the line for `entry` as made at `timestampMilliseconds` in `durationMicroseconds`
    /// (a repeat's own, ``RecordedEntry``).
    func append(
        _ entry: JournalEntry, timestampMilliseconds: Int64, durationMicroseconds: Int, to buffer: inout [UInt8],
        clock: inout TimestampText
    ) {
        appendOpening(timestampMilliseconds, to: &buffer, clock: &clock)
        appendMiddle(of: entry, to: &buffer)
        appendClosing(durationMicroseconds, to: &buffer)
    }

    /// The line up to its request: the time (text), or `{"time":"...` (JSON).
    func appendOpening(_ timestampMilliseconds: Int64, to buffer: inout [UInt8], clock: inout TimestampText) {
        if format == .json { buffer.append(contentsOf: "{\"time\":\"".utf8) }
        clock.append(milliseconds: timestampMilliseconds, to: &buffer)
    }

    /// The line's part that is the same for every request answered alike (method, path, query, status,
    /// what answered, delay, fault): what a repeat of a kept answer shares with its first request.
    func appendMiddle(of entry: JournalEntry, to buffer: inout [UInt8]) {
        switch format {
        case .text:
            buffer.append(UInt8(ascii: " "))
            LogText.appendEscaped(entry.method, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            if let host = entry.secureHost {
                buffer.append(contentsOf: "https://".utf8)
                LogText.appendEscaped(host, to: &buffer)
            }
            LogText.appendEscaped(entry.path, to: &buffer)
            if let query = entry.query {
                buffer.append(UInt8(ascii: "?"))
                LogText.appendEscaped(query, to: &buffer)
            }
            buffer.append(UInt8(ascii: " "))
            Self.appendDecimal(entry.status, to: &buffer)
            if let matched = entry.matched {
                buffer.append(UInt8(ascii: " "))
                LogText.appendEscaped(matched, to: &buffer)
            }
            if let nearMiss = entry.nearMiss {
                buffer.append(contentsOf: " UNMATCHED closest: ".utf8)
                LogText.appendEscaped(nearMiss, to: &buffer)
            }
            if entry.isUnmatched, entry.nearMiss == nil { buffer.append(contentsOf: " UNMATCHED".utf8) }
            if entry.delayMilliseconds > 0 {
                buffer.append(contentsOf: " delay=".utf8)
                Self.appendDecimal(entry.delayMilliseconds, to: &buffer)
                buffer.append(contentsOf: "ms".utf8)
            }
            if let fault = entry.fault {
                buffer.append(contentsOf: " fault=".utf8)
                LogText.appendEscaped(fault.description, to: &buffer)
            }
        case .json:
            buffer.append(contentsOf: "\",\"method\":".utf8)
            LogText.appendJSONString(entry.method, to: &buffer)
            if let host = entry.secureHost {
                buffer.append(contentsOf: ",\"scheme\":\"https\",\"host\":".utf8)
                LogText.appendJSONString(host, to: &buffer)
            }
            buffer.append(contentsOf: ",\"path\":".utf8)
            LogText.appendJSONString(entry.path, to: &buffer)
            if let query = entry.query {
                buffer.append(contentsOf: ",\"query\":".utf8)
                LogText.appendJSONString(query, to: &buffer)
            }
            buffer.append(contentsOf: ",\"status\":".utf8)
            Self.appendDecimal(entry.status, to: &buffer)
            buffer.append(contentsOf: ",\"matched\":".utf8)
            if let matched = entry.matched {
                LogText.appendJSONString(matched, to: &buffer)
            } else {
                buffer.append(contentsOf: "null".utf8)
            }
            if let nearMiss = entry.nearMiss {
                buffer.append(contentsOf: ",\"nearMiss\":".utf8)
                LogText.appendJSONString(nearMiss, to: &buffer)
            }
            if entry.delayMilliseconds > 0 {
                buffer.append(contentsOf: ",\"delayMs\":".utf8)
                Self.appendDecimal(entry.delayMilliseconds, to: &buffer)
            }
            if let fault = entry.fault {
                buffer.append(contentsOf: ",\"fault\":".utf8)
                LogText.appendJSONString(fault.description, to: &buffer)
            }
        }
    }

    /// The line after its request: the duration (text: ` 0.012ms`; JSON: `,"durationMs":0.012}`).
    func appendClosing(_ durationMicroseconds: Int, to buffer: inout [UInt8]) {
        switch format {
        case .text:
            buffer.append(UInt8(ascii: " "))
            Self.appendMilliseconds(microseconds: durationMicroseconds, to: &buffer)
            buffer.append(contentsOf: "ms".utf8)
        case .json:
            buffer.append(contentsOf: ",\"durationMs\":".utf8)
            Self.appendMilliseconds(microseconds: durationMicroseconds, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
    }

    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        if value < 0 {
            buffer.append(contentsOf: String(value).utf8)
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    /// `microseconds / 1000` as Swift prints that `Double` (`0.012`, `1.5`, `3.0`): whole
    /// milliseconds, a point, then the fraction without trailing zeros (at least one digit).
    static func appendMilliseconds(microseconds: Int, to buffer: inout [UInt8]) {
        guard microseconds >= 0, microseconds < 1_000_000_000_000 else {
            buffer.append(contentsOf: String(Double(microseconds) / 1000).utf8)
            return
        }
        appendDecimal(microseconds / 1000, to: &buffer)
        buffer.append(UInt8(ascii: "."))
        var fraction = microseconds % 1000
        guard fraction > 0 else {
            buffer.append(UInt8(ascii: "0"))
            return
        }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor = digits == 3 ? 100 : digits == 2 ? 10 : 1
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}

/// Wall-clock time for logs and the journal, formatted without Foundation's slow formatters.
package enum Timestamp {
    package static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// `2026-11-29T10:00:00.123Z`.
    package static func iso8601(milliseconds: Int64) -> String {
        var clock = TimestampText()
        var bytes: [UInt8] = []
        clock.append(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 of `text` with one copy (appending `text.utf8` goes byte by byte).
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
