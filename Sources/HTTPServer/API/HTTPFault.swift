/// A misbehaviour the server acts out instead of (or while) answering normally, so that clients can be
/// tested against broken networks and servers, described once for every transport: what of the
/// response is written, at what pace, and then what happens to the connection. The socket server acts
/// it out in `HTTPConnection`, the URLProtocol replayer in `ReplayLoad`, each from this description.
///
/// Faults apply to the connection the request arrived on. Responses to earlier pipelined requests on
/// that connection are written first, so a fault never reorders or corrupts an earlier answer.
package struct HTTPFault: Sendable, Equatable {
    /// What of the encoded response is written.
    package enum Bytes: Sendable, Equatable {
        /// Nothing.
        case none
        /// The status line and the headers, no body.
        case head
        /// The head, then the first given number of bytes of the body (negative keeps nothing, beyond the
        /// body keeps all). With `announcingFullLength` the head states the full `Content-Length`, so a
        /// client can tell the body was cut short (a network error); without it the head has no
        /// `Content-Length` and the body ends at the close (RFC 9112 §6.3), so a client reads the short
        /// body as if it were whole (truncated JSON, say). A HEAD request gets the head alone.
        case headAndBodyPrefix(Int, announcingFullLength: Bool)
        /// The first `count` bytes of the encoded response as it would have gone out (status line,
        /// headers, body); zero or less writes nothing, the response's length or more writes all.
        case prefix(Int)
        /// The whole response.
        case all
    }

    /// What happens to the connection once the bytes are written.
    package enum Ending: Sendable, Equatable {
        /// As after any response: kept alive when it may be, else closed.
        case asUsual
        /// Closed cleanly (FIN).
        case close
        /// Closed with a TCP reset (`SO_LINGER` with a zero timeout); the client sees `ECONNRESET`.
        case reset
        /// Left open and silent until the peer closes it or the server stops.
        case hang
    }

    /// What is written.
    package var bytes: Bytes
    /// The pace, in bytes per second; nil writes at once (zero or less counts as one).
    package var bytesPerSecond: Int?
    /// Then what happens.
    package var ending: Ending

    /// A fault writing `bytes` at `bytesPerSecond`, then `ending`.
    package init(bytes: Bytes, bytesPerSecond: Int? = nil, then ending: Ending) {
        self.bytes = bytes
        self.bytesPerSecond = bytesPerSecond
        self.ending = ending
    }

    /// Nothing written, then a TCP reset.
    package static let reset = HTTPFault(bytes: .none, then: .reset)
    /// Nothing written, then a clean close.
    package static let closeWithoutResponse = HTTPFault(bytes: .none, then: .close)
    /// Nothing written, ever: the client's timeout must fire.
    package static let hang = HTTPFault(bytes: .none, then: .hang)
    /// The head, then a TCP reset: a client cannot mistake it for a stale keep-alive connection (which
    /// URLSession retries by itself), since the server visibly began to answer.
    package static let resetAfterHead = HTTPFault(bytes: .head, then: .reset)

    /// The first `afterBytes` bytes of the encoded response, then a clean close.
    package static func truncate(afterBytes: Int) -> HTTPFault {
        HTTPFault(bytes: .prefix(afterBytes), then: .close)
    }

    /// The head and the first `keepingBytes` of the body, then a clean close (see ``Bytes/headAndBodyPrefix(_:announcingFullLength:)``).
    package static func truncateBody(keepingBytes: Int, announcingFullLength: Bool) -> HTTPFault {
        HTTPFault(bytes: .headAndBodyPrefix(keepingBytes, announcingFullLength: announcingFullLength), then: .close)
    }

    /// The whole response at about `bytesPerSecond`, then as usual (keep-alive stays possible).
    package static func drip(bytesPerSecond: Int) -> HTTPFault {
        HTTPFault(bytes: .all, bytesPerSecond: bytesPerSecond, then: .asUsual)
    }

    /// True when not a byte of the response is ever written.
    package var sendsNoResponse: Bool { bytes == .none }
}
