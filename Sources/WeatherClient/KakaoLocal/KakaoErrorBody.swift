internal import Foundation

/// An error body in either of Kakao's dialects: the dapi host's `{"errorType": "…", "message": "…"}`
/// or the rest of Kakao's `{"code": -401, "msg": "…"}` (documented for the REST API as a whole, and
/// decoded here in case a gateway in front of dapi answers with it).
struct KakaoErrorBody: Sendable, Hashable {
    var errorType: String?
    var code: Int?
    var message: String?

    /// The body's error fields, or `nil` when it is not a JSON object with any of `errorType`,
    /// `message`, `code` or `msg`.
    init?(_ body: Data) {
        guard let json = JSONValue.parse(body), case .object = json else { return nil }
        errorType = json["errorType"]?.text
        code = json["code"]?.text.flatMap { Int($0) }
        message = json["message"]?.text ?? json["msg"]?.text
        guard errorType != nil || code != nil || message != nil else { return nil }
    }

    /// Whether the body says which error it is (an `errorType` or a `code`), not only a message.
    var namesAnError: Bool { errorType != nil || code != nil }

    /// The error this answer is: by `errorType` first (the only thing that tells causes apart, and
    /// `RequestThrottled`'s status is not confirmed), then by `code`, then by HTTP status.
    func error(status: Int, retryAfter: Duration?) -> KakaoLocalError {
        let answer = KakaoLocalError.Answer(
            status: status,
            errorType: errorType,
            code: code,
            message: message ?? "\(ResponseInterpreter.statusLine(status)) (no message)",
            retryAfter: retryAfter
        )
        switch errorType {
        case "AccessDeniedError": return .unauthorized(answer)
        case "NotAuthorizedError": return .forbidden(answer)
        case "RequestThrottled": return .rateLimited(answer)
        case "MissingParameter", "InvalidArgument": return .badRequest(answer)
        default: break
        }
        switch code {
        case -401: return .unauthorized(answer)
        case -10: return .rateLimited(answer)
        case -2: return .badRequest(answer)
        default: break
        }
        switch status {
        case 400: return .badRequest(answer)
        case 401: return .unauthorized(answer)
        case 403: return .forbidden(answer)
        case 429: return .rateLimited(answer)
        default: return .server(answer)
        }
    }
}
