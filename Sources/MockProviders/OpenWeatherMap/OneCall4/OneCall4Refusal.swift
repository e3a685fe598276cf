import Basics
import HTTPServer
import MockEngine

/// What One Call 4.0 answers instead of data, in the documented error shape `{cod, message,
/// parameters}` with a numeric `cod` (reference §7). The 400s and 404 for 4.0 were never observed
/// live: their texts are this mock's (inferred), the shape is the documented one.
enum OneCall4Refusal: Error, Equatable, Sendable {
    /// A parameter the API refuses: 400 naming it.
    case badParameter(String, String)
    /// `lat`/`lon` missing: 400 naming both.
    case missingCoordinates
    /// An alert id no alert has: 404.
    case unknownAlert
    /// A page outside what a recorded timeline holds: the mock's own 501, saying what it holds.
    case notRecorded(String)

    /// The HTTP status.
    var status: Int {
        switch self {
        case .badParameter, .missingCoordinates: 400
        case .unknownAlert: 404
        case .notRecorded: 501
        }
    }

    /// The message.
    var message: String {
        switch self {
        case .badParameter(_, let message): message
        case .missingCoordinates: "lat and lon are required"
        case .unknownAlert: "alert not found"
        case .notRecorded(let message): message
        }
    }

    /// The parameters the message is about.
    var parameters: [String] {
        switch self {
        case .badParameter(let name, _): [name]
        case .missingCoordinates: ["lat", "lon"]
        case .unknownAlert: ["alert_id"]
        case .notRecorded: []
        }
    }

    /// The journal's rule: `openweathermap: alert not found`.
    var rule: String { "openweathermap: \(message)" }

    /// The response.
    var response: HTTPResponse {
        OpenWeatherMapKeys.response(
            status: status, body: Self.body(status: status, message: message, parameters: parameters))
    }

    /// The answer, never marked synthetic (it invents no weather).
    var answer: SynthesizedAnswer {
        SynthesizedAnswer(response: response, isSynthetic: false, rule: rule)
    }

    /// `{"cod":400,"message":"…","parameters":["lat"]}`; `parameters` left out when empty.
    static func body(status: Int, message: String, parameters: [String]) -> String {
        var body = "{\"cod\":\(status),\"message\":\(JSONValue.quoted(message))"
        if !parameters.isEmpty {
            body += ",\"parameters\":[" + parameters.map(JSONValue.quoted).joined(separator: ",") + "]"
        }
        return body + "}"
    }
}
