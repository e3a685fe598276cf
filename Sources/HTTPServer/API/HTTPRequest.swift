/// A complete, well-formed HTTP request as the server hands it to a ``HTTPHandler``.
///
/// By the time a handler sees a request the server has checked its framing (RFC 9112), its limits and
/// its target, and read its whole body (chunked bodies are decoded). Strings are exactly as received:
/// nothing is percent-decoded or normalised.
package struct HTTPRequest: Sendable {
    /// The method token as received, e.g. `GET` (methods are case-sensitive).
    package var method: String

    /// The raw request-target from the request line: `/path?query`, an absolute URI such as
    /// `http://host/path?query` (as proxies receive), `host:port` for `CONNECT`, or `*`.
    package var target: String

    /// The path part of the target, raw (not percent-decoded); `/` for an absolute URI without a path,
    /// `*` for the asterisk form, and empty for `CONNECT`'s authority form.
    package var path: String

    /// The raw query after the first `?`, or `nil` when the target has no `?` (an empty query is `""`).
    package var query: String?

    /// The authority the request is for (`host` or `host:port`): from an absolute-form target when
    /// there is one, otherwise from the `Host` header; `nil` when neither gives one.
    package var host: String?

    /// The protocol version from the request line (1.0 or 1.1).
    package var version: HTTPVersion

    /// The header fields in the order received (trailer fields of chunked bodies are not included).
    package var headers: HTTPHeaders

    /// The body, de-chunked; empty when the request has none.
    package var body: [UInt8]

    /// The peer's address as text, e.g. `127.0.0.1` or `::1` (no port).
    package var remoteAddress: String

    /// Whether the peer is on this host (127.0.0.0/8, `::1` or an IPv4-mapped loopback address).
    package var isFromLoopback: Bool

    /// How the request arrived over TLS: through a `CONNECT` tunnel or on a connection that opened
    /// with TLS; nil for plain HTTP.
    package var tls: TLSConnectionInfo?

    /// Creates a request from its parts, as the server does; use it to drive a handler in tests.
    package init(
        method: String,
        target: String,
        path: String,
        query: String?,
        host: String?,
        version: HTTPVersion = .http11,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = "127.0.0.1",
        isFromLoopback: Bool = true,
        tls: TLSConnectionInfo? = nil
    ) {
        self.tls = tls
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.host = host
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.isFromLoopback = isFromLoopback
    }

    /// Creates a request whose `path`, `query` and `host` are derived from `target` and the `Host`
    /// header exactly as the server derives them. A target the server would reject with 400 is kept
    /// whole as the path, with no query.
    package init(
        method: String = "GET",
        target: String,
        version: HTTPVersion = .http11,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = "127.0.0.1",
        isFromLoopback: Bool = true
    ) {
        let parsed = RequestTarget(parsing: Array(target.utf8), method: method)
        self.init(
            method: method,
            target: target,
            path: parsed?.path ?? target,
            query: parsed?.query,
            host: parsed?.authority ?? headers["Host"],
            version: version,
            headers: headers,
            body: body,
            remoteAddress: remoteAddress,
            isFromLoopback: isFromLoopback
        )
    }
}

/// An HTTP protocol version as written in a request or status line.
package struct HTTPVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version digit.
    package var major: Int
    /// The minor version digit.
    package var minor: Int

    /// Creates a version from its two digits.
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0: connections close after each response unless the client asks for keep-alive.
    package static let http10 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1: connections stay open unless either side asks to close.
    package static let http11 = HTTPVersion(major: 1, minor: 1)

    /// Orders by major, then minor version.
    package static func < (lhs: HTTPVersion, rhs: HTTPVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// The wire form, e.g. `HTTP/1.1`.
    package var description: String { "HTTP/\(major).\(minor)" }
}
