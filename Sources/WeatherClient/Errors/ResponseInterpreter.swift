internal import Foundation

/// Turns an HTTP answer into a model or a ``WeatherError``: by HTTP status first; a 2xx body that
/// does not decode but carries an error `cod` (`{"cod":"404","message":"city not found"}` with
/// status 200, as some older API answers did) is the error its `cod` names; otherwise the decoding
/// error stands.
struct ResponseInterpreter {
    let units: Units
    /// For `Retry-After` given as a date.
    let now: Date

    func decode<Model: Decodable>(_ type: Model.Type, from response: TransportResponse) throws(WeatherError)
        -> Model
    {
        guard (200...299).contains(response.status) else {
            throw error(status: response.status, response: response)
        }
        do {
            return try WeatherResponseDecoder.decode(type, from: response.body, units: units)
        } catch {
            if let code = JSONValue.parse(response.body)?["cod"]?.text.flatMap({ Int($0) }), code >= 400 {
                throw self.error(status: code, response: response)
            }
            throw error
        }
    }

    /// The error for a non-success status, with the server's message when it sent one.
    func error(status: Int, response: TransportResponse) -> WeatherError {
        let retryAfter = RetryAfter.parse(response.header("Retry-After"), now: now)
        let json = JSONValue.parse(response.body)
        if let json, case .object = json, json["message"] != nil || json["cod"] != nil {
            let message = json["message"]?.text ?? "\(Self.statusLine(status)) (no message)"
            switch status {
            case 400:
                // One Call 4.0 names the refused parameters (`"parameters":["lat"]`); they ride in the
                // message, where `WeatherError.rejectedParameters` reads them back.
                var parameters: [String] = []
                if case .array(let names)? = json["parameters"] { parameters = names.compactMap(\.text) }
                return .invalidRequest(message: WeatherError.invalidRequestMessage(message, parameters: parameters))
            case 401: return .unauthorized(message: message)
            case 404: return .cityNotFound(message: message)
            case 429: return .rateLimited(retryAfter: retryAfter, message: message)
            default: return .server(status: status, message: message, retryAfter: retryAfter)
            }
        }
        // Not the API's JSON: a gateway, proxy or captive portal answered. Only statuses whose
        // meaning does not depend on who sent them keep their specific case.
        let message = Self.describeForeignBody(status: status, body: response.body)
        switch status {
        case 401: return .unauthorized(message: message)
        case 429: return .rateLimited(retryAfter: retryAfter, message: message)
        default: return .server(status: status, message: message, retryAfter: retryAfter)
        }
    }

    /// "502 Bad Gateway (HTML page)", "503 Service Unavailable (empty body)",
    /// "500 Internal Server Error: upstream exploded".
    static func describeForeignBody(status: Int, body: Data) -> String {
        if BodyText.isBlank(body) {
            return "\(statusLine(status)) (empty body)"
        }
        if BodyText.looksLikeHTML(body) {
            return "\(BodyText.htmlTitle(body) ?? statusLine(status)) (HTML page)"
        }
        return "\(statusLine(status)): \(BodyText.excerpt(body))"
    }

    /// "502 Bad Gateway", or "HTTP 599" for a status without a standard reason phrase.
    static func statusLine(_ status: Int) -> String {
        reasonPhrases[status].map { "\(status) \($0)" } ?? "HTTP \(status)"
    }

    private static let reasonPhrases: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
