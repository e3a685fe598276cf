import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How request log lines are written.
public enum LogFormat: String, Sendable, CaseIterable {
    /// One human-readable line per request.
    case text
    /// One JSON object per line (JSON Lines), for log shippers and `jq`.
    case json
}

/// Where log lines go. Implementations must be safe to call from any event-loop thread.
public protocol LogSink: Sendable {
    /// Takes one complete line without its newline.
    func write(line: String)
    /// Pushes out anything buffered; called at shutdown.
    func flush()
}

/// Standard output, buffered and flushed by a background thread at least every 50 ms (and when the
/// buffer passes 64 KiB), so logging does not cost a system call per request.
public final class StandardOutputLog: LogSink {
    private let buffer = Mutex<[UInt8]>([])
    private let stopped = Atomic<Bool>(false)
    private let descriptor: Int32
    static let flushThreshold = 64 * 1024

    /// Starts the flushing thread for file descriptor `descriptor` (standard output by default).
    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        let thread = Thread { [weak self] in
            while let self, !self.stopped.load(ordering: .relaxed) {
                self.flush()
                usleep(50_000)
            }
        }
        thread.start()
    }

    deinit { stopped.store(true, ordering: .relaxed) }

    /// Appends the line; flushes at once when the buffer is large.
    public func write(line: String) {
        let shouldFlush = buffer.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
            return buffer.count >= Self.flushThreshold
        }
        if shouldFlush { flush() }
    }

    /// Writes everything buffered so far.
    public func flush() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        Self.writeAll(pending, to: descriptor)
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Self.systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
        #else
        Darwin.write(descriptor, pointer, count)
        #endif
    }
}

/// Formats one line per request (DESIGN §3) in text or JSON Lines; keys are already masked in the
/// journal entry it is given.
struct RequestLogFormatter: Sendable {
    var format: LogFormat

    func line(for entry: JournalEntry) -> String {
        let time = Timestamp.iso8601(milliseconds: entry.timestampMilliseconds)
        let duration = Double(entry.durationMicroseconds) / 1000
        switch format {
        case .text:
            // Appends into one buffer: this runs for every request.
            var line = time
            line.reserveCapacity(200)
            for part in [" ", entry.method, " ", entry.path] { line.append(part) }
            if let query = entry.query {
                line.append("?")
                line.append(query)
            }
            line.append(" ")
            line.append(String(entry.status))
            if let matched = entry.matched {
                line.append(" ")
                line.append(matched)
            }
            if let nearMiss = entry.nearMiss { line += " UNMATCHED closest: \(nearMiss)" }
            if entry.isUnmatched, entry.nearMiss == nil { line += " UNMATCHED" }
            if entry.delayMilliseconds > 0 { line += " delay=\(entry.delayMilliseconds)ms" }
            if let fault = entry.fault { line += " fault=\(fault)" }
            line.append(" ")
            line.append(String(duration))
            line.append("ms")
            return line
        case .json:
            var fields = [
                "\"time\":\(JSONValue.quoted(time))", "\"method\":\(JSONValue.quoted(entry.method))",
                "\"path\":\(JSONValue.quoted(entry.path))",
            ]
            if let query = entry.query { fields.append("\"query\":\(JSONValue.quoted(query))") }
            fields.append("\"status\":\(entry.status)")
            fields.append("\"matched\":\(entry.matched.map(JSONValue.quoted) ?? "null")")
            if let nearMiss = entry.nearMiss { fields.append("\"nearMiss\":\(JSONValue.quoted(nearMiss))") }
            if entry.delayMilliseconds > 0 { fields.append("\"delayMs\":\(entry.delayMilliseconds)") }
            if let fault = entry.fault { fields.append("\"fault\":\(JSONValue.quoted(fault))") }
            fields.append("\"durationMs\":\(duration)")
            return "{" + fields.joined(separator: ",") + "}"
        }
    }
}

/// Wall-clock time for logs and the journal, formatted without Foundation's slow formatters.
enum Timestamp {
    static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// The text up to the seconds for the latest second formatted, so most requests only add the
    /// milliseconds.
    private static let cachedSecond = Mutex<(second: Int64, text: String)>((-1, ""))

    /// `2026-11-29T10:00:00.123Z`.
    static func iso8601(milliseconds: Int64) -> String {
        let second = milliseconds / 1000
        let prefix =
            cachedSecond.withLock { $0.second == second ? $0.text : nil }
            ?? {
                let text = String(secondText(seconds: second).dropLast(5))
                cachedSecond.withLock { $0 = (second, text) }
                return text
            }()
        let fraction = Int(milliseconds % 1000)
        return prefix + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + String(fraction) + "Z"
    }

    private static func secondText(seconds: Int64) -> String {
        let milliseconds = seconds * 1000
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(milliseconds % 1000), 3))Z"
    }
}
