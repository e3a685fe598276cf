import Basics
import HTTPServer
import Locking

/// The request journal as a HAR 1.2 archive (`GET /__admin/requests.har`), so a failing CI run can
/// attach what its client actually asked and what it got, and open it in any HAR viewer (or import
/// it back as cassettes).
///
/// Keys are already masked in the journal (`key=***`). Request headers are not kept (they may carry
/// cookies or tokens). An answer a fault dropped (`reset`, `empty`, `hang`) is HAR's "no response".
/// Which cassette answered, or for an unmatched request the closest one and what differed, is in the
/// entry's `comment` and `_mockweather`.
package enum JournalHAR {
    /// The document for `entries` (oldest first), as served on `host` (the admin request's `Host`).
    static func document(_ entries: [JournalEntry], host: String) -> JSONValue {
        HARWriter.document(entries: entries.map { entry(for: $0, host: host) }, comment: comment(host: host))
    }

    /// How many bytes of entries are written before waiting for the client to take them.
    static let batchBytes = 64 * 1024

    /// The archive for `entries` as a streamed body, the same bytes as ``document(_:host:)``'s compact
    /// form: the head, then the entries a batch at a time, each written once the client has taken the
    /// one before, so a large journal costs one batch of memory, not the archive.
    static func stream(_ entries: [JournalEntry], host: String) -> HTTPResponseStream {
        let empty = HARWriter.document(entries: [], comment: comment(host: host)).compactBytes
        let marker = Array(#""entries":[]"#.utf8)
        let split = (0...(empty.count - marker.count)).first { empty[$0..<$0 + marker.count].elementsEqual(marker) }!
        let head = Array(empty[..<(split + marker.count - 1)])
        let tail = Array(empty[(split + marker.count - 1)...])
        let stream = HTTPResponseStream()
        let producer = Producer(entries: entries, host: host, stream: stream)
        stream.write(head)
        stream.whenDrained { producer.writeNextBatch(tail: tail) }
        return stream
    }

    /// Writes the entries batch by batch, each on the drain of the one before.
    private final class Producer: Sendable {
        private let entries: [JournalEntry]
        private let host: String
        private let stream: HTTPResponseStream
        private let next = Locked(0)

        init(entries: [JournalEntry], host: String, stream: HTTPResponseStream) {
            self.entries = entries
            self.host = host
            self.stream = stream
        }

        func writeNextBatch(tail: [UInt8]) {
            var batch: [UInt8] = []
            var index = next.withLock { $0 }
            while index < entries.count, batch.count < JournalHAR.batchBytes {
                if index > 0 { batch.append(UInt8(ascii: ",")) }
                batch += JournalHAR.entry(for: entries[index], host: host).compactBytes
                index += 1
            }
            next.withLock { $0 = index }
            if index == entries.count {
                batch += tail
                stream.write(batch)
                stream.finish()
            } else if stream.write(batch) {
                stream.whenDrained { [self] in writeNextBatch(tail: tail) }
            }
        }
    }

    private static func comment(host: String) -> String {
        "The request journal of mockweather serve on \(host), oldest first"
    }

    private static func entry(for entry: JournalEntry, host: String) -> JSONValue {
        let query = entry.query.map { text in
            text.split(separator: "&", omittingEmptySubsequences: true).map { piece in
                let equals = piece.firstIndex(of: "=") ?? piece.endIndex
                let value = equals < piece.endIndex ? piece[piece.index(after: equals)...] : ""
                return (
                    name: RequestPath.percentDecoded(piece[..<equals], plusIsSpace: true),
                    value: RequestPath.percentDecoded(value, plusIsSpace: true)
                )
            }
        }
        let path = RequestPath.percentEncoded(entry.path) {
            RequestPath.isUnreserved($0) || "/:@!$'()*+,;=".utf8.contains($0)
        }
        let origin = entry.secureHost.map { "https://\($0)" } ?? "http://\(host)"
        let url = "\(origin)\(path)\(entry.query.map { "?\($0)" } ?? "")"
        let sendsNothing = entry.response?.fault?.sendsNoResponse == true
        var answer: HARWriter.Answer?
        if let response = entry.response, !sendsNothing {
            var headers = response.headers.map { HeaderField(name: $0.name, value: $0.value) }
            headers.append(HeaderField(name: "Content-Length", value: "\(response.body.count)"))
            answer = HARWriter.Answer(status: entry.status, headers: headers, body: response.body)
        }
        var comment = entry.matched.map { "answered by \($0)" } ?? "unmatched (\(entry.status))"
        if let nearMiss = entry.nearMiss { comment += "; closest: \(nearMiss)" }
        if let fault = entry.fault { comment += "; fault \(fault.description)" }
        var details: [(String, JSONValue)] = [
            ("sequence", .number(entry.sequenceNumber)), ("unmatched", .bool(entry.isUnmatched)),
            ("matched", .string(entry.matched)), ("nearMiss", .string(entry.nearMiss)),
            ("fault", .string(entry.fault?.description)), ("delayMs", .number(entry.delayMilliseconds)),
        ]
        details.append(("durationMs", .number(Double(entry.durationMicroseconds) / 1000)))
        let exchange = HARWriter.Exchange(
            method: entry.method, url: url, query: query ?? [],
            requestHeaders: [HeaderField(name: "Host", value: host)],
            startedMilliseconds: entry.timestampMilliseconds,
            waitMilliseconds: entry.delayMilliseconds + entry.durationMicroseconds / 1000, response: answer,
            error: sendsNothing ? "mockweather fault: \(entry.fault?.description ?? "")" : nil, comment: comment,
            extensions: [("_mockweather", .object(details))])
        return HARWriter.entry(exchange)
    }
}
