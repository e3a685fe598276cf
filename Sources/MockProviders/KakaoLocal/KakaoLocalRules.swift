import Basics
import HTTPServer
import MockEngine

/// What Kakao Local answers before looking for an address, on every path, as the `dapi` host does
/// (reference: kakao-local.md §5): the `Authorization: KakaoAK {REST key}` header first, then the
/// parameters each endpoint requires. Documented in Cassettes/README.md (the magic keys with them).
///
/// In replay any key of a REST key's form (32 hexadecimal characters) is accepted but one; the magic
/// keys stage the states a real key can be in (``MagicKey``: the unregistered one has the form). A cassette naming a literal key in its `headers` still wins,
/// so users can stage their own.
enum KakaoLocalRules {
    /// The word before the key in the header.
    static let scheme = "KakaoAK"

    /// The key values that stage each state (`Authorization: KakaoAK disabled-service`).
    enum MagicKey {
        /// A valid key of an app that has Kakao Map switched off: 403 `NotAuthorizedError`.
        static let disabledService = "disabled-service"
        /// A key over its quota: 429 `RequestThrottled`.
        static let throttled = "throttled"
        /// A key of a REST key's form (32 hexadecimal characters) that Kakao has not issued, or whose
        /// app was deleted: 401 ``unregisteredMessage``. Itself well-formed, so a client that checks
        /// the form before sending still sends it; ending in 401 so a reader sees what it stages.
        static let unregistered = "00000000000000000000000000000401"
    }

    /// The app name the 403 names (the live API names the key's app).
    static let appName = "mockweather"

    static let noHeaderMessage = "cannot find Authorization : KakaoAK header"
    static let disabledMessage = "App(\(appName)) disabled OPEN_MAP_AND_LOCAL service."
    static let throttledMessage = "API limit has been exceeded."
    /// UNCONFIRMED, the one place it is said: kakao-local.md §5.2 has this wording from a developer's
    /// comment on a real dapi call, with the status (401) and the exact trigger unconfirmed; it is the
    /// closest documented answer to a well-formed key the host does not know, and the
    /// `AccessDeniedError` 401 family every other key refusal belongs to.
    static let unregisteredMessage = "cannot find appkey"

    /// The API's answer to `request` when a rule decides it, or nil to let the cassettes answer.
    static func screen(_ request: ReplayRequest) -> ScreenedAnswer? {
        if let refusal = keyRefusal(request.headers["authorization"]) { return refusal }
        return parameterRefusal(request)
    }

    /// The answer to a header that carries no usable key, nil for a key the mock accepts.
    static func keyRefusal(_ header: String?) -> ScreenedAnswer? {
        guard let header, header.hasPrefix(scheme + " ") else {
            return answer(401, "AccessDeniedError", noHeaderMessage, rule: "(kakao-local: no Authorization header)")
        }
        let key = String(header.dropFirst(scheme.count + 1)).trimmingASCIIWhitespace()
        switch key {
        case "":
            return answer(401, "AccessDeniedError", noHeaderMessage, rule: "(kakao-local: no Authorization header)")
        case MagicKey.disabledService:
            return answer(
                403, "NotAuthorizedError", disabledMessage, rule: "(kakao-local: app without the Local service)")
        case MagicKey.throttled:
            return answer(429, "RequestThrottled", throttledMessage, rule: "(kakao-local: key over its quota)")
        case MagicKey.unregistered:
            return answer(401, "AccessDeniedError", unregisteredMessage, rule: "(kakao-local: key not registered)")
        default:
            guard !isRESTKeyForm(key) else { return nil }
            // The API echoes the key it could not read; what the journal, the log and HAR show masks it.
            return ScreenedAnswer(
                response: response(status: 401, errorType: "AccessDeniedError", message: "wrong appKey(\(key)) format"),
                rule: "(kakao-local: malformed key)",
                shownBody: response(
                    status: 401, errorType: "AccessDeniedError", message: "wrong appKey(\(KeyScrubber.mask)) format"
                ).body)
        }
    }

    /// Whether `key` has a REST API key's form: 32 hexadecimal characters.
    static func isRESTKeyForm(_ key: String) -> Bool {
        key.utf8.count == 32
            && key.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
            }
    }

    /// The endpoint's required parameters, and the search's page bounds (kakao-local.md §4, §5.2).
    private static func parameterRefusal(_ request: ReplayRequest) -> ScreenedAnswer? {
        switch KakaoLocalEndpoint(path: request.path) {
        case .coordinateToAddress?, .coordinateToRegionCode?:
            for name in ["x", "y"] where (request.parameters[name] ?? "").isEmpty {
                return answer(
                    400, "MissingParameter", "\(name) parameter required", rule: "(kakao-local: \(name) missing)")
            }
        case .searchAddress?:
            guard let query = request.parameters["query"], !query.trimmingASCIIWhitespace().isEmpty else {
                return answer(400, "MissingParameter", "query parameter required", rule: "(kakao-local: query missing)")
            }
            for (name, limit) in [("page", 45), ("size", 30)] {
                if let value = request.parameters[name].flatMap({ Int($0) }), value > limit {
                    return answer(
                        400, "InvalidArgument", "\(name) is more than max",
                        rule: "(kakao-local: \(name) over \(limit))")
                }
            }
        case nil:
            break
        }
        return nil
    }

    private static func answer(_ status: Int, _ errorType: String, _ message: String, rule: String) -> ScreenedAnswer {
        ScreenedAnswer(response: response(status: status, errorType: errorType, message: message), rule: rule)
    }

    /// The `errorType` the host gives a status, for the mock's own answers (an unmatched request).
    static func errorType(forStatus status: Int) -> String {
        switch status {
        case 400: "InvalidArgument"
        case 401: "AccessDeniedError"
        case 403: "NotAuthorizedError"
        case 429: "RequestThrottled"
        case 501: "NotRecorded"
        default: "InternalServerError"
        }
    }

    /// A JSON error as the `dapi` host sends it: `{"errorType":"…","message":"…"}`.
    static func response(status: Int, errorType: String, message: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        let body = "{\"errorType\":\(JSONValue.quoted(errorType)),\"message\":\(JSONValue.quoted(message))}"
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }
}
