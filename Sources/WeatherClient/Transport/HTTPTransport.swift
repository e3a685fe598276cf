public import Foundation

/// Sends one HTTP request and returns the answer: the seam between ``OpenWeatherClient`` and the
/// network, so tests and apps can substitute an in-memory or instrumented transport.
///
/// A transport reports HTTP answers of every status as a ``TransportResponse`` (a 404 is an
/// answer, not a failure) and throws ``TransportFailure`` only when no answer arrived. It must
/// honour task cancellation by throwing a failure of kind ``TransportFailure/Kind/cancelled``.
public protocol HTTPTransport: Sendable {
    /// Performs `request` and returns the status, headers and complete body.
    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse
}

/// A GET request as the client builds it. The URL contains the API key in its query; use
/// ``redactedURL`` for anything a person or a log may see.
public struct TransportRequest: Sendable, Hashable, CustomStringConvertible {
    /// The full URL, query included (API key included).
    public var url: URL
    /// Header fields to send, e.g. `Accept: application/json`.
    public var headers: [String: String]
    /// How long the transport may wait for the answer before failing with `.timeout`.
    public var timeout: Duration

    /// A request; no validation.
    public init(url: URL, headers: [String: String] = [:], timeout: Duration) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }

    /// The URL as text with the `appid` (or KMA `serviceKey`) value replaced by `<redacted>`.
    public var redactedURL: String { Redaction.scrubQueryParameter(url.absoluteString) }

    /// The value of query parameter `name` (first occurrence, percent-decoded), for tests and
    /// transports that route by parameter.
    public func queryValue(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    /// "GET <redacted URL>".
    public var description: String { "GET \(redactedURL)" }
}

/// An HTTP answer of any status.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code, e.g. 200 or 404.
    public var status: Int
    /// Header fields as received; look them up with ``header(_:)``, which ignores case.
    public var headers: [String: String]
    /// The complete body, possibly empty.
    public var body: Data

    /// A response; no validation.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively (`retry-after` finds `Retry-After`).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// Why a request got no HTTP answer.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, which decides whether retrying makes sense and what an app shows.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The device has no network connection.
        case offline
        /// No answer within the timeout.
        case timeout
        /// The host could not be reached: DNS failure, connection refused (is the server running?).
        case cannotConnect
        /// The connection broke before a complete answer: reset, closed early, truncated.
        case connectionLost
        /// The calling task was cancelled.
        case cancelled
        /// Anything else (TLS failure, unsupported URL, ...); the message says what.
        case other

        /// A short human phrase for the kind, e.g. "request timed out".
        public var summary: String {
            switch self {
            case .offline: "offline"
            case .timeout: "request timed out"
            case .cannotConnect: "cannot connect to the server"
            case .connectionLost: "connection lost"
            case .cancelled: "cancelled"
            case .other: "network error"
            }
        }

        /// The case name, e.g. `timeout`.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, for a person; may contain the URL (the client scrubs the key from it).
    public var message: String

    /// A failure of `kind` described by `message`.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// "request timed out: <message>".
    public var description: String { "\(kind.summary): \(message)" }
}
