import Basics
import HTTPServer

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
        HARWriter.document(
            entries: entries.map { entry(for: $0, host: host) },
            comment: "The request journal of mockweather serve on \(host), oldest first")
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
        let url = "http://\(host)\(path)\(entry.query.map { "?\($0)" } ?? "")"
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
