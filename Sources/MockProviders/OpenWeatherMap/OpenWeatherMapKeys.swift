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

    /// One Call 4.0's answer to a key without its subscription, and to a missing or unknown key
    /// (reference: openweathermap-onecall4.md §7, reported). The sources cut the text after "plan";
    /// the rest is inferred from 3.0's (§8), with 4.0 for 3.0. This is the one place it is written.
    static let noOneCall4SubscriptionBody =
        "{\"cod\":401, \"message\": \"Please note that using One Call 4.0 requires a separate subscription to the One Call by Call plan. Learn more here https://openweathermap.org/price. If you have a valid subscription to the One Call by Call plan, but still receive this error, then please see https://openweathermap.org/faq#error401 for more info.\"}"

    /// The API's answer to a key blocked for going over its plan's limit.
    static let blockedBody =
        "{\"cod\":429, \"message\": \"Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price\"}"

    /// The key values that stage each state, as cassettes and tests send them.
    enum MagicKey {
        /// A key the API does not know: 401 on every path.
        static let invalid = "invalid"
        /// A valid key without a One Call subscription: 401 on One Call 3.0 and 4.0, answers elsewhere.
        static let withoutOneCall = "no-onecall-subscription"
        /// A key subscribed to One Call 3.0 only: 401 on One Call 4.0 (its own text).
        static let oneCall3Only = "onecall3-only"
        /// A key subscribed to One Call 4.0 only: 401 on One Call 3.0, as the API answers such keys
        /// in 2026 (one account cannot hold both, §8).
        static let oneCall4Only = "onecall4-only"
        /// A key blocked over its quota: 429 on every path.
        static let blocked = "blocked"
    }

    /// The API's answer to `request`'s key, or nil when the key is one the mock accepts (any other
    /// value, or none without `--require-key`).
    static func screen(_ request: ReplayRequest, context: ScreeningContext) -> ScreenedAnswer? {
        guard IconPath.code(of: request.path) == nil else { return nil }
        let key = request.parameters["appid"]
        let isOneCall3 = request.path.hasPrefix("/data/3.0/")
        // 4.0 answers a missing or unknown key with its subscription text, not "Invalid API key" (§7).
        let isOneCall4 = request.path.hasPrefix(OneCall4Endpoint.prefix)
        let refusedKeyBody = isOneCall4 ? noOneCall4SubscriptionBody : invalidKeyBody
        switch key {
        case nil, "":
            guard context.requireKey else { return nil }
            return answer(401, refusedKeyBody, rule: "(API key required)")
        case MagicKey.invalid?:
            return answer(401, refusedKeyBody, rule: "(openweathermap: invalid key)")
        case MagicKey.withoutOneCall? where isOneCall3, MagicKey.oneCall4Only? where isOneCall3:
            return answer(401, noSubscriptionBody, rule: "(openweathermap: key without a One Call 3.0 subscription)")
        case MagicKey.withoutOneCall? where isOneCall4, MagicKey.oneCall3Only? where isOneCall4:
            return answer(
                401, noOneCall4SubscriptionBody, rule: "(openweathermap: key without a One Call 4.0 subscription)")
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
