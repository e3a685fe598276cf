/// A misbehaviour the server acts out instead of (or while) answering normally, so that clients can be
/// tested against broken networks and servers.
///
/// Faults apply to the connection the request arrived on. Responses to earlier pipelined requests on
/// that connection are written first, so a fault never reorders or corrupts an earlier answer.
public enum HTTPFault: Sendable, Equatable {
    /// Writes the first `afterBytes` bytes of the encoded response (status line, headers and body as
    /// they would have been sent) and then closes the connection cleanly. A value of zero or less writes
    /// nothing; a value at least the response's length writes all of it and then closes.
    case truncate(afterBytes: Int)

    /// Writes the complete head, then the first `keepingBytes` bytes of the body, and closes cleanly.
    ///
    /// With `announcingFullLength` the head carries the full body's `Content-Length`, so a client can
    /// tell the body was cut short (it reports a network error). Without it the head has no
    /// `Content-Length` and the body is delimited by the close (RFC 9112 §6.3), so a client cannot tell
    /// and reads the short body as if it were whole (it reports whatever the short body fails as, e.g.
    /// truncated JSON). Negative values keep nothing; a value beyond the body keeps all of it. A HEAD
    /// request gets the head alone.
    case truncateBody(keepingBytes: Int, announcingFullLength: Bool)

    /// Closes the connection with a TCP reset (`SO_LINGER` with a zero timeout) without writing the
    /// response; the client sees `ECONNRESET`.
    case reset

    /// Closes the connection cleanly (FIN) without writing anything; the client sees end of stream.
    case closeWithoutResponse

    /// Sends the encoded response at about `bytesPerSecond` bytes per second, then carries on as
    /// usual (keep-alive stays possible). A rate of zero or less is treated as one byte per second.
    case drip(bytesPerSecond: Int)

    /// Never answers. The connection is closed when the peer closes it or the server stops.
    case hang
}
