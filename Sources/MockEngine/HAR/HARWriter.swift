package import Basics
import HTTPServer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds HAR 1.2 documents that other HAR tools accept: every member the format requires present,
/// whole numbers where strict readers (Swift's Codable HAR models) expect integers (`time`, timings,
/// sizes), `startedDateTime` in ISO 8601 with milliseconds, binary bodies in base64, `pages: []` (some
/// viewers refuse an archive without it), and mockweather's own details only in `_`-prefixed members,
/// which HAR tells other tools to ignore.
package enum HARWriter {
    /// One exchange to write as an entry.
    package struct Exchange {
        var method: String
        /// Absolute URL with the query, as a client sends it.
        var url: String
        /// The query's parameters, decoded, in order (HAR's `queryString`).
        var query: [(name: String, value: String)]
        var requestHeaders: [HeaderField]
        var startedMilliseconds: Int64
        /// How long the answer took, in whole milliseconds (delays count here).
        var waitMilliseconds: Int
        /// Nil for an exchange that got no answer (HAR's convention: status 0 and `_error`).
        var response: Answer?
        /// Why there was no answer, for `_error`.
        var error: String?
        var comment: String?
        /// Members such as `_mockweather`, added to the entry as given.
        var extensions: [(String, JSONValue)] = []

        /// An exchange; see the properties.
        package init(
            method: String, url: String, query: [(name: String, value: String)], requestHeaders: [HeaderField],
            startedMilliseconds: Int64, waitMilliseconds: Int, response: Answer?, error: String?, comment: String?,
            extensions: [(String, JSONValue)] = []
        ) {
            self.method = method
            self.url = url
            self.query = query
            self.requestHeaders = requestHeaders
            self.startedMilliseconds = startedMilliseconds
            self.waitMilliseconds = waitMilliseconds
            self.response = response
            self.error = error
            self.comment = comment
            self.extensions = extensions
        }
    }

    /// A response as sent: status, headers and body bytes.
    package struct Answer {
        var status: Int
        var headers: [HeaderField]
        var body: [UInt8]

        /// An answer; see the properties.
        package init(status: Int, headers: [HeaderField], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// `{"log": {...}}` around `entries`.
    package static func document(entries: [JSONValue], comment: String? = nil) -> JSONValue {
        var log: [(String, JSONValue)] = [
            ("version", .string("1.2")),
            (
                "creator",
                .object([
                    ("name", .string(HARCreator.mockweatherName)), ("version", .string(MockWeatherVersion.current)),
                ])
            ),
            ("pages", .array([])),
            ("entries", .array(entries)),
        ]
        if let comment { log.append(("comment", .string(comment))) }
        return .object([("log", .object(log))])
    }

    /// The entry for `exchange`.
    package static func entry(_ exchange: Exchange) -> JSONValue {
        let request: JSONValue = .object([
            ("method", .string(exchange.method)), ("url", .string(exchange.url)),
            ("httpVersion", .string("HTTP/1.1")), ("cookies", .array([])),
            ("headers", nameValues(exchange.requestHeaders.map { ($0.name, $0.value) })),
            ("queryString", nameValues(exchange.query.map { ($0.name, $0.value) })),
            ("headersSize", .number(-1)), ("bodySize", .number(0)),
        ])
        var fields: [(String, JSONValue)] = [
            ("startedDateTime", .string(Timestamp.iso8601(milliseconds: exchange.startedMilliseconds))),
            ("time", .number(exchange.waitMilliseconds)),
            ("request", request),
            ("response", response(exchange.response, error: exchange.error)),
            ("cache", .object([(String, JSONValue)]())),
            (
                "timings",
                .object([
                    ("blocked", .number(-1)), ("dns", .number(-1)), ("connect", .number(-1)), ("ssl", .number(-1)),
                    ("send", .number(0)), ("wait", .number(exchange.waitMilliseconds)), ("receive", .number(0)),
                ])
            ),
        ]
        if let comment = exchange.comment { fields.append(("comment", .string(comment))) }
        fields += exchange.extensions
        return .object(fields)
    }

    private static func response(_ answer: Answer?, error: String?) -> JSONValue {
        guard let answer else {
            return .object([
                ("status", .number(0)), ("statusText", .string("")), ("httpVersion", .string("")),
                ("cookies", .array([])), ("headers", .array([])),
                // `text` is optional, but HAR readers (haralyzer) expect it; empty says "nothing came".
                (
                    "content",
                    .object([("size", .number(0)), ("mimeType", .string("x-unknown")), ("text", .string(""))])
                ),
                ("redirectURL", .string("")), ("headersSize", .number(-1)), ("bodySize", .number(-1)),
                ("_error", .string(error ?? "no response")),
            ])
        }
        let mimeType = answer.headers.first { $0.name.lowercased() == "content-type" }?.value ?? "x-unknown"
        var content: [(String, JSONValue)] = [("size", .number(answer.body.count)), ("mimeType", .string(mimeType))]
        if let text = String(validating: answer.body, as: UTF8.self) {
            content.append(("text", .string(text)))
        } else {
            content.append(("text", .string(Data(answer.body).base64EncodedString())))
            content.append(("encoding", .string("base64")))
        }
        let location = answer.headers.first { $0.name.lowercased() == "location" }?.value ?? ""
        return .object([
            ("status", .number(answer.status)),
            ("statusText", .string(HTTPResponse.standardReason(for: answer.status))),
            ("httpVersion", .string("HTTP/1.1")), ("cookies", .array([])),
            ("headers", nameValues(answer.headers.map { ($0.name, $0.value) })), ("content", .object(content)),
            ("redirectURL", .string(location)), ("headersSize", .number(-1)), ("bodySize", .number(answer.body.count)),
        ])
    }

    private static func nameValues(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { .object([("name", .string($0.0)), ("value", .string($0.1))]) })
    }
}
