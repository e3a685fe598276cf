import Basics
import HTTPServer
import MockEngine

/// OpenWeatherMap's key states, answered on every path as the API answers them (the key is checked
/// before the location), whatever cassettes there are: a rule of the provider, not a cassette per
/// path. The magic values are documented in Cassettes/README.md (`appid=invalid` and the rest).
/// Icons need no key at the API, so they are exempt.
enum OpenWeatherMapKeys {
    /// The API's answer to a missing or unknown key (reference: openweathermap.md, exact bytes).
    static let invalidKeyBody =
        "{\"cod\":401, \"message\": \"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.\"}"

    /// The API's answer to a key without the One Call by Call subscription, on `/data/3.0/...`.
    static let noSubscriptionBody =
        "{\"cod\":401, \"message\": \"Please note that using One Call 3.0 requires a separate subscription to the One Call by Call plan. Learn more here https://openweathermap.org/price. If you have a valid subscription to the One Call by Call plan, but still receive this error, then please see https://openweathermap.org/faq#error401 for more info.\"}"

    /// The API's answer to a key blocked for going over its plan's limit.
    static let blockedBody =
        "{\"cod\":429, \"message\": \"Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price\"}"

    /// The key values that stage each state, as cassettes and tests send them.
    enum MagicKey {
        /// A key the API does not know: 401 on every path.
        static let invalid = "invalid"
        /// A valid key without the One Call subscription: 401 on One Call 3.0, answers elsewhere.
        static let withoutOneCall = "no-onecall-subscription"
        /// A key blocked over its quota: 429 on every path.
        static let blocked = "blocked"
    }

    /// The API's answer to `request`'s key, or nil when the key is one the mock accepts (any other
    /// value, or none without `--require-key`).
    static func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? {
        guard IconPath.code(of: request.path) == nil else { return nil }
        let key = request.parameters["appid"]
        switch key {
        case nil, "":
            guard context.requireKey else { return nil }
            return answer(401, invalidKeyBody, rule: "(API key required)")
        case MagicKey.invalid?:
            return answer(401, invalidKeyBody, rule: "(openweathermap: invalid key)")
        case MagicKey.withoutOneCall? where request.path.hasPrefix("/data/3.0/"):
            return answer(401, noSubscriptionBody, rule: "(openweathermap: key without a One Call subscription)")
        case MagicKey.blocked?:
            return answer(429, blockedBody, rule: "(openweathermap: key blocked over its quota)")
        default:
            return nil
        }
    }

    private static func answer(_ status: Int, _ body: String, rule: String) -> ScreenedAnswer {
        ScreenedAnswer(response: response(status: status, body: body), rule: rule)
    }

    /// A JSON answer as the API sends its errors.
    static func response(status: Int, body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }
}
