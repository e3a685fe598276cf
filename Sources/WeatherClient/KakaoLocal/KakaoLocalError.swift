public import Foundation

/// Everything that can go wrong asking Kakao Local for an address, each case with a message a
/// person can read.
///
/// Where the server answered, the case carries its ``Answer``: the HTTP status, the dapi host's
/// `errorType` (`AccessDeniedError`, `NotAuthorizedError`, `RequestThrottled`, `MissingParameter`,
/// `InvalidArgument`) and its own `message`, verbatim except that the REST API key is replaced by
/// `***` wherever it appears (the server echoes a malformed key in `wrong appKey(…) format`). No
/// case's text ever contains the key.
///
/// A point with no address (at sea, outside Korea) is not an error: the calls answer `nil` or an
/// empty result for it.
public enum KakaoLocalError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What the server answered to a request it refused.
    public struct Answer: Sendable, Hashable {
        /// The HTTP status, e.g. 401.
        public var status: Int
        /// The dapi host's `errorType`, e.g. `AccessDeniedError`; `nil` when the body had none (Kakao's
        /// other dialect, `{"code": -401, "msg": "…"}`, or a body that is not Kakao's JSON).
        public var errorType: String?
        /// The `code` of Kakao's other error dialect (`{"code": -401, "msg": "…"}`), when the body used it.
        public var code: Int?
        /// The server's `message` (or `msg`) with the key masked; for a body that is not Kakao's JSON,
        /// what it was ("502 Bad Gateway (HTML page)", "503 Service Unavailable (empty body)").
        public var message: String
        /// How long the server asked the client to wait (`Retry-After`), if it did.
        public var retryAfter: Duration?

        /// An answer; no validation.
        public init(
            status: Int, errorType: String? = nil, code: Int? = nil, message: String, retryAfter: Duration? = nil
        ) {
            self.status = status
            self.errorType = errorType
            self.code = code
            self.message = message
            self.retryAfter = retryAfter
        }
    }

    /// Rejected before sending: no key, a key with a line break, a coordinate out of range, an empty
    /// query, a page or size out of range, a base URL that is not http(s).
    case invalidRequest(message: String)
    /// No HTTP answer arrived: offline, timed out (kind `.timeout`), connection lost or refused.
    case transport(kind: TransportFailure.Kind, message: String)
    /// The key was refused (`AccessDeniedError`, HTTP 401): no `Authorization: KakaoAK` header, a
    /// malformed or unknown key, or a caller IP outside the app's allow-list; the message tells which.
    case unauthorized(Answer)
    /// The key is valid but the app may not use the API (`NotAuthorizedError`, HTTP 403): Kakao Map is
    /// off for the app ("App(…) disabled OPEN_MAP_AND_LOCAL service.").
    case forbidden(Answer)
    /// The request was malformed (`MissingParameter` or `InvalidArgument`, HTTP 400).
    case badRequest(Answer)
    /// The quota is used up (`RequestThrottled`, HTTP 429 or whatever status it came with).
    case rateLimited(Answer)
    /// Any other answer: 5xx, an undocumented status or `errorType`, or an error page that is not
    /// Kakao's JSON (an HTML gateway page).
    case server(Answer)
    /// A successful answer whose body is not what the API documents: `path` is the JSON path
    /// (`documents[0].road_address.zone_no`, or `(top level)`), then what was expected and what was found.
    case decoding(path: String, expected: String, found: String)
    /// The calling task was cancelled before an answer arrived.
    case cancelled

    /// The server's answer, when the error is one.
    public var answer: Answer? {
        switch self {
        case .unauthorized(let answer), .forbidden(let answer), .badRequest(let answer), .rateLimited(let answer),
            .server(let answer):
            answer
        case .invalidRequest, .transport, .decoding, .cancelled:
            nil
        }
    }

    /// The HTTP status the error came from, when it came from an HTTP answer.
    public var httpStatus: Int? { answer?.status }

    /// The dapi `errorType`, e.g. `AccessDeniedError`, when the server sent one.
    public var errorType: String? { answer?.errorType }

    /// The text the server sent (key masked), when this error came from a server answer.
    public var serverMessage: String? { answer?.message }

    /// True for failures that may succeed if tried again: transport failures, `RequestThrottled`, and
    /// 5xx other than 501 and 505. A refused key, a disabled service or a bad request will not change.
    public var isRetryable: Bool {
        switch self {
        case .transport, .rateLimited: true
        case .server(let answer): (500...599).contains(answer.status) && answer.status != 501 && answer.status != 505
        case .invalidRequest, .unauthorized, .forbidden, .badRequest, .decoding, .cancelled: false
        }
    }

    /// A one-line explanation including the server's own message, e.g.
    /// `Kakao Local refused the key (HTTP 401 AccessDeniedError): cannot find Authorization : KakaoAK header`.
    public var description: String {
        switch self {
        case .invalidRequest(let message):
            return "invalid Kakao Local request: \(message)"
        case .transport(let kind, let message):
            return "Kakao Local \(kind.summary): \(message)"
        case .unauthorized(let answer):
            return "Kakao Local refused the key (\(Self.origin(answer))): \(answer.message)"
        case .forbidden(let answer):
            return "Kakao Local is not enabled for the app (\(Self.origin(answer))): \(answer.message) "
                + "(turn it on in Kakao Developers: [Kakao Map] > [Usage settings] > [State] = On)"
        case .badRequest(let answer):
            return "Kakao Local rejected the request (\(Self.origin(answer))): \(answer.message)"
        case .rateLimited(let answer):
            return "Kakao Local rate limited (\(Self.origin(answer))): \(answer.message)"
        case .server(let answer):
            return "Kakao Local server error (\(Self.origin(answer))): \(answer.message)"
        case .decoding(let path, let expected, let found):
            return "unexpected Kakao Local response body: \(path): expected \(expected), found \(found)"
        case .cancelled:
            return "cancelled before Kakao Local answered"
        }
    }

    /// The case name and ``description``, for logs; never the key.
    public var debugDescription: String {
        let name: String
        switch self {
        case .invalidRequest: name = "invalidRequest"
        case .transport(let kind, _): name = "transport(\(kind))"
        case .unauthorized: name = "unauthorized"
        case .forbidden: name = "forbidden"
        case .badRequest: name = "badRequest"
        case .rateLimited: name = "rateLimited"
        case .server(let answer): name = "server(\(answer.status))"
        case .decoding: name = "decoding"
        case .cancelled: name = "cancelled"
        }
        return "KakaoLocalError.\(name): \(description)"
    }

    /// "HTTP 401 AccessDeniedError", "HTTP 401 code -401", "HTTP 429 RequestThrottled; retry after 5 s".
    private static func origin(_ answer: Answer) -> String {
        var text = "HTTP \(answer.status)"
        if let errorType = answer.errorType {
            text += " \(errorType)"
        } else if let code = answer.code {
            text += " code \(code)"
        }
        if let retryAfter = answer.retryAfter { text += "; retry after \(RetryAfter.text(retryAfter))" }
        return text
    }
}

extension KakaoLocalError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` shows it too.
    public var errorDescription: String? { description }
}
