import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `GET` over a ``RawClient`` connection, to see faults exactly as a client does: the bytes that
/// arrived, and how the connection ended. (Foundation's clients hide both.)
package struct RawHTTPClient: Sendable {
    /// How the connection ended.
    package enum Ending: Equatable, Sendable {
        /// The server closed the connection (FIN).
        case closed
        /// The connection was reset (ECONNRESET).
        case reset
        /// Nothing more arrived within the read timeout.
        case timedOut
    }

    /// What came back: every byte, and how the connection ended.
    package struct Exchange: Sendable {
        /// Every byte received.
        package var bytes: [UInt8]
        /// How the connection ended.
        package var ending: Ending
        /// The bytes as text.
        package var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The status line and headers.
        package var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
        /// Everything after the head.
        package var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
    }

    /// The port on 127.0.0.1.
    package var port: Int
    /// How long a read may wait before the exchange counts as ``Ending/timedOut``.
    package var readTimeoutMilliseconds = 2_000

    /// A client for `127.0.0.1:port`.
    package init(port: Int, readTimeoutMilliseconds: Int = 2_000) {
        self.port = port
        self.readTimeoutMilliseconds = readTimeoutMilliseconds
    }

    /// ``get(_:)`` off the cooperative pool, so a test's task never blocks one of its threads while the
    /// server takes its time (a drip, a hang).
    package func exchange(_ target: String) async throws -> Exchange {
        try await offTheCooperativePool { try get(target) }
    }

    /// Sends `GET target` with `Connection: close` and reads until the connection ends or times out.
    /// `target` may be absolute-form (`http://api.openweathermap.org/...`), as a client behind a proxy sends.
    package func get(_ target: String) throws -> Exchange {
        try send(method: "GET", target, headers: [])
    }

    /// ``send(method:_:headers:body:)`` off the cooperative pool.
    package func exchange(method: String, _ target: String, headers: [String], body: String = "") async throws
        -> Exchange
    {
        try await offTheCooperativePool { try send(method: method, target, headers: headers, body: body) }
    }

    /// Sends `method target` with the header lines `headers` (`Host: 127.0.0.1` unless they name a
    /// `Host`, as a browser's forged one would), a `Content-Length` when there is a body, and
    /// `Connection: close`; reads until the connection ends or times out.
    package func send(method: String, _ target: String, headers: [String], body: String = "") throws -> Exchange {
        let connection = try RawClient(port: port, timeoutMilliseconds: readTimeoutMilliseconds)
        var lines = ["\(method) \(target) HTTP/1.1"]
        if !headers.contains(where: { $0.lowercased().hasPrefix("host:") }) { lines.append("Host: 127.0.0.1") }
        lines += headers
        if !body.isEmpty { lines.append("Content-Length: \(body.utf8.count)") }
        lines.append("Connection: close")
        try connection.send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
        var received: [UInt8] = []
        while true {
            do {
                let chunk = try connection.receiveOnce()
                if chunk.isEmpty { return Exchange(bytes: received, ending: .closed) }
                received += chunk
            } catch RawClientError.connectionReset {
                return Exchange(bytes: received, ending: .reset)
            } catch RawClientError.timedOut {
                return Exchange(bytes: received, ending: .timedOut)
            }
        }
    }
}

/// A response followed as it arrives (the admin API's server-sent events): one request, then reads
/// that block until the text received so far contains what the test waits for. Use it off Swift
/// concurrency's cooperative threads (``offTheCooperativePool(_:)``): the server's own tasks need them.
package final class RawHTTPStream: @unchecked Sendable {
    // Used from one test at a time, each read after the last: never from two threads at once.
    private let connection: RawClient
    /// Everything received so far.
    package private(set) var received = ""

    /// Connects to 127.0.0.1:`port` and sends one request with `headers` and `body`.
    package init(
        port: Int, method: String = "GET", target: String, headers: [String] = [], body: String = "",
        readTimeoutMilliseconds: Int = 10_000
    ) throws {
        connection = try RawClient(port: port, timeoutMilliseconds: readTimeoutMilliseconds)
        let fields =
            ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Content-Length: \(body.utf8.count)"] + headers
        try connection.send(fields.joined(separator: "\r\n") + "\r\n\r\n" + body)
    }

    /// Reads until everything received contains `text` (returns all of it), or throws when the
    /// connection ends or the read timeout passes first.
    @discardableResult
    package func read(until text: String) throws -> String {
        while !received.contains(text) {
            let chunk = (try? connection.receiveOnce()) ?? []
            guard !chunk.isEmpty else { throw StreamEnded(received: received, waitingFor: text) }
            received += String(decoding: chunk, as: UTF8.self)
        }
        return received
    }

    /// Reads until the server closes the connection (or resets it, or the read timeout passes); returns
    /// everything received.
    package func readToEnd() -> String {
        while let chunk = try? connection.receiveOnce(), !chunk.isEmpty {
            received += String(decoding: chunk, as: UTF8.self)
        }
        return received
    }

    /// The connection ended, or the read timeout passed, before the awaited text arrived.
    package struct StreamEnded: Error, CustomStringConvertible {
        /// Everything received.
        package var received: String
        /// The text waited for.
        package var waitingFor: String
        /// Both, for the test report.
        package var description: String {
            "the stream ended before \(waitingFor.debugDescription) arrived; got \(received.debugDescription)"
        }
    }
}
