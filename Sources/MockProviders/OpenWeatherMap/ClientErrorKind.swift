import MockEngine
/// The vocabulary of `expect.error`: what kind of failure a correct client reports for an interaction.
/// Documented in Cassettes/README.md; clients in any language map their own errors onto these names.
enum ClientErrorKind: String, Sendable, CaseIterable {
    /// 404 `{"cod":"404","message":"city not found"}`.
    case cityNotFound
    /// 401 invalid or missing API key.
    case unauthorized
    /// 400: the request itself is wrong (`Nothing to geocode`, `wrong latitude`).
    case invalidRequest
    /// 429: too many requests; `Retry-After` may say for how long.
    case rateLimited
    /// 5xx, whether the body is the API's JSON or a gateway's HTML page.
    case server
    /// A 2xx whose body is not the JSON the API documents (truncated, wrong type, missing field, empty).
    case decoding
    /// The connection failed: reset, closed without a response, cut short.
    case transport
    /// No answer within the client's timeout.
    case timeout
}
