/// Server-side TLS for the server's connections: the one seam between the event loop and a TLS
/// library (LocalTLS implements it with OpenSSL; tests may pass their own). The server's loop, limits,
/// timeouts and fault actions work on the decrypted bytes exactly as on a plain connection.
///
/// A context is used in two ways: a handler answers `CONNECT` with a 2xx ``HTTPResponse`` whose
/// ``HTTPResponse/tunnel`` is a context (the tunnel is then served with TLS as that context's host), and
/// ``HTTPServerConfiguration/directTLS`` serves connections that open with a TLS handshake.
package protocol TLSServerContext: Sendable {
    /// A session that will accept a handshake on `descriptor`, a connected non-blocking socket. The
    /// session reads and writes the socket itself; the connection keeps the descriptor.
    func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession

    /// A session's handshake completed (called on an event-loop thread; must not block).
    func handshakeCompleted(_ handshake: TLSHandshake, peer: String)

    /// A session failed before its handshake completed: the client refused the certificate, closed the
    /// connection, or did not speak TLS (called on an event-loop thread; must not block).
    func handshakeFailed(_ failure: TLSFailure, peer: String)
}

/// One TLS connection as the server's connection drives it, on one event-loop thread. The
/// handshake happens inside the first reads (and the writes they need); reads and writes behave as
/// non-blocking `recv` and `send` do on the decrypted bytes.
package protocol TLSServerSession: AnyObject {
    /// Reads decrypted bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TLSTransfer
    /// Encrypts and sends as much of `bytes` as the socket takes now; a write that wants to wait is
    /// repeated with the same first bytes.
    func write(_ bytes: UnsafeRawBufferPointer) -> TLSTransfer
    /// Decrypted bytes the session holds that a read returns without the socket becoming readable.
    var bufferedByteCount: Int { get }
    /// Whether the handshake has completed.
    var isEstablished: Bool { get }
    /// The negotiated version and the server name the client asked for.
    var handshake: TLSHandshake { get }
    /// Sends `close_notify` (best effort, never blocks).
    func close()
}

/// What a session's read or write came to.
package enum TLSTransfer: Sendable, Equatable {
    /// `count` bytes moved (0 only for an empty buffer).
    case transferred(Int)
    /// Nothing now: try again when the socket is readable.
    case wantsRead
    /// Nothing now: try again when the socket is writable.
    case wantsWrite
    /// The peer closed the connection.
    case closed
    /// The session failed for good.
    case failed(TLSFailure)
}

/// How a completed handshake went.
package struct TLSHandshake: Sendable, Equatable {
    /// The protocol, e.g. `TLSv1.3`.
    package var version: String
    /// The name the client sent as SNI, nil when it sent none (a client of an address).
    package var serverName: String?

    /// A handshake's description from its parts.
    package init(version: String, serverName: String?) {
        self.version = version
        self.serverName = serverName
    }
}

/// Why a TLS session failed, in the few kinds the server explains to its user.
package struct TLSFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    package enum Kind: Sendable, Equatable {
        /// The client sent an alert refusing the certificate (unknown CA, bad certificate): it does
        /// not trust the CA that issued it.
        case certificateRefused
        /// The client closed the connection in the middle of the handshake without saying why, as
        /// clients that distrust a certificate often do.
        case closedInHandshake
        /// The client's bytes were not TLS (plain HTTP sent into a tunnel, for example).
        case notTLS
        /// The session could not be made (the library is missing, a context is unusable).
        case unavailable
        /// Any other protocol or system error.
        case other
    }

    /// Which kind of failure.
    package var kind: Kind
    /// The TLS library's or the system's words, e.g. `tlsv1 alert unknown ca`.
    package var message: String

    /// A failure of `kind` with the library's `message`.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind in a few words, then the library's words.
    package var description: String {
        switch kind {
        case .certificateRefused: "the client refused the certificate (\(message))"
        case .closedInHandshake: "the client closed the connection during the TLS handshake (\(message))"
        case .notTLS: "the client did not speak TLS (\(message))"
        case .unavailable: "TLS is unavailable: \(message)"
        case .other: "TLS failed: \(message)"
        }
    }
}

/// What a request that arrived over TLS knows of its connection (``HTTPRequest/tls``).
package struct TLSConnectionInfo: Sendable, Equatable {
    /// The `CONNECT` target the tunnel was opened for (`api.openweathermap.org:443`); nil for a
    /// connection that opened with TLS (``HTTPServerConfiguration/directTLS``).
    package var tunnelAuthority: String?
    /// The negotiated version and the client's SNI.
    package var handshake: TLSHandshake

    /// Connection facts from their parts.
    package init(tunnelAuthority: String?, handshake: TLSHandshake) {
        self.tunnelAuthority = tunnelAuthority
        self.handshake = handshake
    }
}

/// Where server contexts come from: one per host a tunnel is opened for (a certificate naming that
/// host), and one for connections that open with TLS (naming every host served).
package protocol TLSContextProvider: Sendable {
    /// The context that presents a certificate for `host` (a name or an IP literal, lower-case).
    func context(forHost host: String) throws(TLSFailure) -> any TLSServerContext

    /// The context for connections that open with TLS, presenting a certificate for `hosts`.
    func directContext(forHosts hosts: [String]) throws(TLSFailure) -> any TLSServerContext

    /// Where a user finds the CA certificate to trust (a path), for messages; nil when there is none yet.
    var authorityLocation: String? { get }
}
