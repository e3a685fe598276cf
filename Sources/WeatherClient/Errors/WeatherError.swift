public import Foundation

/// Everything that can go wrong fetching weather, each case with a message a person can read.
///
/// Where the API sent a message (`{"cod":"404","message":"city not found"}`), the case carries it
/// verbatim so an app can show it; ``description`` adds what kind of failure it was. No case's
/// text ever contains the API key: the client scrubs it from every message it builds.
public enum WeatherError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The request was rejected before sending (empty city, coordinate out of range, no API key)
    /// or the API answered 400 (e.g. "wrong latitude", "Nothing to geocode").
    case invalidRequest(message: String)
    /// The request never got an HTTP answer: offline, timed out, connection lost or refused.
    case transport(kind: TransportFailure.Kind, message: String)
    /// The API answered 404: no such city, id or zip (message e.g. "city not found").
    case cityNotFound(message: String)
    /// The API answered 401: a missing, wrong or not yet active API key; the message is the API's.
    case unauthorized(message: String)
    /// The API answered 429; `retryAfter` is its `Retry-After` header when it sent one.
    case rateLimited(retryAfter: Duration?, message: String)
    /// Any other HTTP status (5xx, or a 4xx the API does not document), or an error page that is
    /// not the API's JSON (an HTML gateway page: message "502 Bad Gateway (HTML page)").
    case server(status: Int, message: String, retryAfter: Duration?)
    /// A successful response whose body is not what the API documents: `path` is the JSON path
    /// (`main.temp`, `weather[0].id`, or `(top level)`), then what was expected and what was found.
    case decoding(path: String, expected: String, found: String)
    /// The calling task was cancelled before an answer arrived.
    case cancelled

    /// The text the server sent, when this error came from a server answer with a message.
    public var serverMessage: String? {
        switch self {
        case .cityNotFound(let message), .unauthorized(let message):
            return message
        case .rateLimited(_, let message), .server(_, let message, _):
            return message
        case .invalidRequest, .transport, .decoding, .cancelled:
            return nil
        }
    }

    /// The HTTP status the error came from, when it came from an HTTP answer.
    public var httpStatus: Int? {
        switch self {
        case .cityNotFound: 404
        case .unauthorized: 401
        case .rateLimited: 429
        case .server(let status, _, _): status
        case .invalidRequest, .transport, .decoding, .cancelled: nil
        }
    }

    /// The query parameters an API 400 named (`parameters` in One Call 4.0's `{cod, message,
    /// parameters}`), e.g. `["lat"]`; empty for any other error and for a 400 that named none.
    public var rejectedParameters: [String] {
        guard case .invalidRequest(let message) = self, message.hasSuffix(")"),
            let open = message.range(of: Self.parametersOpening, options: .backwards)
        else { return [] }
        let list = message[open.upperBound..<message.index(before: message.endIndex)]
        return list.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
    }

    /// Where a 400's parameters start in its message: `wrong latitude (parameters: lat)`.
    private static let parametersOpening = " (parameters: "

    /// The `invalidRequest` message for an API 400: its message, then the parameters it named.
    static func invalidRequestMessage(_ message: String, parameters: [String]) -> String {
        parameters.isEmpty ? message : message + parametersOpening + parameters.joined(separator: ", ") + ")"
    }

    /// How long the server asked the client to wait before retrying (`Retry-After`), if it did.
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(let retryAfter, _), .server(_, _, let retryAfter): retryAfter
        default: nil
        }
    }

    /// True for failures that may succeed if tried again: transport failures, 429, and 5xx other
    /// than 501 (Not Implemented, which the mock server also uses for "no cassette matches") and
    /// 505. Everything else (400, 401, 404, decoding, cancellation) is a fact retrying cannot change.
    public var isRetryable: Bool {
        switch self {
        case .transport: true
        case .rateLimited: true
        case .server(let status, _, _): (500...599).contains(status) && status != 501 && status != 505
        case .invalidRequest, .cityNotFound, .unauthorized, .decoding, .cancelled: false
        }
    }

    /// A one-line explanation including the server's own message, e.g.
    /// `city not found (HTTP 404): city not found` or
    /// `unexpected response body: main.temp: expected a number, found a string "hot"`.
    public var description: String {
        switch self {
        case .invalidRequest(let message): ClientErrorText.invalidRequest(message)
        case .transport(let kind, let message): ClientErrorText.transport(kind, message)
        case .cityNotFound(let message): "city not found (HTTP 404): \(message)"
        case .unauthorized(let message): "unauthorized (HTTP 401): \(message)"
        case .rateLimited(let retryAfter, let message): "rate limited (HTTP 429\(Self.wait(retryAfter))): \(message)"
        case .server(let status, let message, let retryAfter):
            "server error (HTTP \(status)\(Self.wait(retryAfter))): \(message)"
        case .decoding(let path, let expected, let found):
            ClientErrorText.decoding(path: path, expected: expected, found: found)
        case .cancelled: "cancelled before the weather arrived"
        }
    }

    /// `; retry after 30 s` when the server said how long to wait, otherwise nothing.
    private static func wait(_ retryAfter: Duration?) -> String {
        retryAfter.map { "; retry after \(RetryAfter.text($0))" } ?? ""
    }

    /// The case name and ``description``, for logs; never the API key.
    public var debugDescription: String {
        let name: String
        switch self {
        case .invalidRequest: name = "invalidRequest"
        case .transport(let kind, _): name = "transport(\(kind))"
        case .cityNotFound: name = "cityNotFound"
        case .unauthorized: name = "unauthorized"
        case .rateLimited: name = "rateLimited"
        case .server(let status, _, _): name = "server(\(status))"
        case .decoding: name = "decoding"
        case .cancelled: name = "cancelled"
        }
        return "WeatherError.\(name): \(description)"
    }
}

extension WeatherError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` shows it too.
    public var errorDescription: String? { description }
}
