/// A response for the server to send, optionally late or broken on purpose.
///
/// The server adds `Date` (unless the handler set one), `Content-Length` (always its own, computed from
/// `body`; `Transfer-Encoding: chunked` instead for a streamed HTTP/1.1 body) and `Connection` (when
/// the connection is to close, or for HTTP/1.0 keep-alive) itself; any
/// `Content-Length`, `Transfer-Encoding` or `Connection` the handler sets is replaced, so framing is
/// always right. For `HEAD` requests the body is not sent but `Content-Length` still gives its length.
/// 1xx, 204 and 304 responses never carry a body. A status outside 200...599, or a header whose name
/// is not a token or whose value holds CR, LF or NUL, is replaced by a 500 naming the problem.
package struct HTTPResponse: Sendable {
    /// The status code, 200...599.
    package var status: Int

    /// The reason phrase; `nil` uses the standard phrase for `status` (see ``standardReason(for:)``).
    package var reason: String?

    /// Header fields to send, in order (e.g. `Content-Type`).
    package var headers: HTTPHeaders

    /// The body bytes.
    package var body: [UInt8]

    /// How long the event loop waits before sending the first byte (a timer; no thread is blocked).
    /// `nil` or a non-positive duration sends at once.
    package var delay: Duration?

    /// A deliberate misbehaviour to act out instead of (or while) sending this response.
    package var fault: HTTPFault?

    /// When set, the body is streamed: `body` (if any) goes first, then whatever is written to the
    /// stream until it ends, and the connection closes after it (see ``HTTPResponseStream``). A fault
    /// wins over a stream (the stream is ended unsent); a `HEAD` request gets the head alone.
    package var stream: HTTPResponseStream?

    /// In a 2xx answer to `CONNECT`: the connection becomes a tunnel served with TLS from this context
    /// (its certificate names the tunnel's host), and the requests inside it reach the handler with
    /// ``HTTPRequest/tls`` set. The answer itself goes out as `200 Connection established` with no
    /// body. Ignored in any other response; a `CONNECT` answered without it is refused with 501.
    package var tunnel: (any TLSServerContext)?

    /// Creates a response. Every parameter has a default, so `HTTPResponse()` is an empty 200.
    package init(
        status: Int = 200,
        reason: String? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        delay: Duration? = nil,
        fault: HTTPFault? = nil
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// Creates a response whose body is streamed through `stream` (server-sent events and the like).
    package init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), stream: HTTPResponseStream) {
        self.init(status: status, headers: headers)
        self.stream = stream
    }

    /// Creates a response whose body is `text` encoded as UTF-8.
    package init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), text: String) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }

    /// Whether a response with `status` never carries a body on the wire (1xx, 204, 304; RFC 9110 §6.4.1).
    package static func forbidsBody(status: Int) -> Bool {
        status < 200 || status == 204 || status == 304
    }

    /// Whether this response, answering a request with `method`, sends its body: never for HEAD, 1xx,
    /// 204 or 304. The one rule every transport follows (the socket server, the URLProtocol replayer).
    package func sendsBody(answering method: String?) -> Bool {
        method?.uppercased() != "HEAD" && !Self.forbidsBody(status: status)
    }

    /// The standard reason phrase for `status` (RFC 9110 §15), or `"Unknown"` for codes it does not name.
    package static func standardReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }
}
