public import Foundation

/// Everything that can go wrong fetching a KMA forecast, each case with the server's own text
/// where the server sent one.
///
/// The KMA answers most failures with HTTP 200 and a code in the body, so the cases follow who
/// refused: the service (``service(code:message:)``, `response.header`) or the data.go.kr gateway in
/// front of it (``gateway(code:errorMessage:authMessage:status:)``, `OpenAPI_ServiceResponse`, XML
/// even when JSON was asked for). No case's text ever contains the service key, in any of its
/// forms: the client scrubs it from every message it builds.
public enum KMAError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The request was rejected before sending: no service key, no grid cell for the coordinate,
    /// an unusable base URL, an issuance of another operation.
    case invalidRequest(message: String)
    /// The request never got an HTTP answer: offline, timed out, connection lost or refused.
    case transport(kind: TransportFailure.Kind, message: String)
    /// The service answered with a result code other than 00 (`{"response":{"header":{"resultCode":
    /// "03","resultMsg":"NO_DATA"}}}`); `message` is its `resultMsg` verbatim.
    case service(code: KMAResultCode, message: String)
    /// The data.go.kr gateway refused the call before the service ran (an unregistered key is code
    /// 30, over quota 22, expired 31). `errorMessage` and `authMessage` are its `errMsg` and
    /// `returnAuthMsg` verbatim (the classic XML form puts the constant in `returnAuthMsg`, the newer
    /// JSON form puts it in `errMsg` and Korean text in `returnAuthMsg`); `status` is the HTTP
    /// status it came with (200 for the classic form, often 401 or 403 for the newer one).
    case gateway(code: KMAResultCode?, errorMessage: String?, authMessage: String?, status: Int)
    /// An HTTP status other than 2xx with a body that is neither the service's nor the gateway's
    /// (an HTML error page: message "502 Bad Gateway (HTML page)").
    case server(status: Int, message: String)
    /// A successful answer whose body is not what the API documents: `path` is the JSON path
    /// (`response.body.items.item[3].fcstValue`), then what was expected and what was found.
    case decoding(path: String, expected: String, found: String)
    /// The calling task was cancelled before an answer arrived.
    case cancelled

    /// The service's or the gateway's code, when the error came from one.
    public var resultCode: KMAResultCode? {
        switch self {
        case .service(let code, _): code
        case .gateway(let code, _, _, _): code
        default: nil
        }
    }

    /// The text the server sent: `resultMsg`, or the gateway's `errMsg` and `returnAuthMsg` joined
    /// by "; ", or an error page's summary.
    public var serverMessage: String? {
        switch self {
        case .service(_, let message), .server(_, let message):
            return message
        case .gateway(_, let errorMessage, let authMessage, _):
            let parts = [errorMessage, authMessage].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        case .invalidRequest, .transport, .decoding, .cancelled:
            return nil
        }
    }

    /// The HTTP status of a gateway refusal or an error page; `nil` for the service's codes, which
    /// come with 200.
    public var httpStatus: Int? {
        switch self {
        case .gateway(_, _, _, let status), .server(let status, _): status
        default: nil
        }
    }

    /// True for failures that may succeed if tried again: transport failures, 5xx other than 501
    /// and 505, and the service's own transient codes (02 DB_ERROR, 04 HTTP_ERROR, 05
    /// SERVICETIME_OUT). NO_DATA is not: the same request gets the same answer until the issuance is
    /// published, so ask for ``KMAIssuance/previous`` instead.
    public var isRetryable: Bool {
        switch self {
        case .transport: true
        case .server(let status, _): (500...599).contains(status) && status != 501 && status != 505
        case .service(let code, _): [.databaseError, .httpError, .serviceTimeout].contains(code)
        case .invalidRequest, .gateway, .decoding, .cancelled: false
        }
    }

    /// A one-line explanation including the server's own message, e.g.
    /// `KMA service answered 10 (invalid request parameter): 최근 3일 간의 자료만 제공합니다.` or
    /// `data.go.kr gateway refused the request with 30 (service key not registered), HTTP 200:
    /// SERVICE ERROR; SERVICE_KEY_IS_NOT_REGISTERED_ERROR`.
    public var description: String {
        switch self {
        case .invalidRequest(let message):
            return ClientErrorText.invalidRequest(message)
        case .transport(let kind, let message):
            return ClientErrorText.transport(kind, message)
        case .service(let code, let message):
            return "KMA service answered \(code): \(message)"
        case .gateway(let code, _, _, let status):
            let with = code.map { " with \($0)" } ?? ""
            return "data.go.kr gateway refused the request\(with), HTTP \(status): \(serverMessage ?? "(no message)")"
        case .server(let status, let message):
            return "server error (HTTP \(status)): \(message)"
        case .decoding(let path, let expected, let found):
            return ClientErrorText.decoding(path: path, expected: expected, found: found)
        case .cancelled:
            return "cancelled before the forecast arrived"
        }
    }

    /// The case name and ``description``, for logs; never the service key.
    public var debugDescription: String {
        let name: String
        switch self {
        case .invalidRequest: name = "invalidRequest"
        case .transport(let kind, _): name = "transport(\(kind))"
        case .service(let code, _): name = "service(\(code.rawValue))"
        case .gateway(let code, _, _, _): name = "gateway(\(code?.rawValue ?? "no code"))"
        case .server(let status, _): name = "server(\(status))"
        case .decoding: name = "decoding"
        case .cancelled: name = "cancelled"
        }
        return "KMAError.\(name): \(description)"
    }

    /// The same error with `scrub` applied to every text it carries.
    func scrubbed(_ scrub: (String) -> String) -> KMAError {
        switch self {
        case .invalidRequest(let message): .invalidRequest(message: scrub(message))
        case .transport(let kind, let message): .transport(kind: kind, message: scrub(message))
        case .service(let code, let message): .service(code: code, message: scrub(message))
        case .gateway(let code, let errorMessage, let authMessage, let status):
            .gateway(
                code: code, errorMessage: errorMessage.map(scrub), authMessage: authMessage.map(scrub), status: status)
        case .server(let status, let message): .server(status: status, message: scrub(message))
        case .decoding(let path, let expected, let found):
            .decoding(path: scrub(path), expected: scrub(expected), found: scrub(found))
        case .cancelled: .cancelled
        }
    }

    /// The KMA form of one of the shared decoding errors (``WeatherError/decoding(path:expected:found:)``).
    init(decoding error: WeatherError) {
        if case .decoding(let path, let expected, let found) = error {
            self = .decoding(path: path, expected: expected, found: found)
        } else {
            self = .decoding(path: DecodingDiagnostics.topLevel, expected: "a JSON object", found: error.description)
        }
    }
}

extension KMAError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` shows it too.
    public var errorDescription: String? { description }
}
