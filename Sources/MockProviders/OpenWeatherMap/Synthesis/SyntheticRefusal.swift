import Basics
import MockEngine

/// What the API answers instead of weather when a synthetic request cannot be answered: the same
/// statuses and messages as its recorded errors (Cassettes/openweathermap/errors, onecall and air),
/// each written `{"cod":"400","message":...}` (cod a String, as the API writes it for 400 and 404).
enum SyntheticRefusal: Error, Equatable, Sendable {
    /// A `q`, `id` or `zip` no place has: 404 `city not found`.
    case cityNotFound
    /// A zip code `/geo/1.0/zip` does not know: 404 `not found`.
    case zipNotFound
    /// No location at all, or half a coordinate: 400 `Nothing to geocode`.
    case nothingToGeocode
    /// A `lat` that is not a number: 400 `wrong latitude` (out of range is the engine's, before).
    case wrongLatitude
    /// A `lon` that is not a number: 400 `wrong longitude`.
    case wrongLongitude
    /// An `id` that is not a whole number: 400 `<id> is not a city ID`.
    case notACityID(String)
    /// Any other 400 of a family's own parameters (`start is required`, `requested time is out of
    /// allowed range`).
    case badRequest(String)

    /// The HTTP status.
    var status: Int {
        switch self {
        case .cityNotFound, .zipNotFound: 404
        default: 400
        }
    }

    /// The API's message.
    var message: String {
        switch self {
        case .cityNotFound: "city not found"
        case .zipNotFound: "not found"
        case .nothingToGeocode: "Nothing to geocode"
        case .wrongLatitude: "wrong latitude"
        case .wrongLongitude: "wrong longitude"
        case .notACityID(let value): "\(value) is not a city ID"
        case .badRequest(let message): message
        }
    }

    /// The journal's rule: `openweathermap: city not found`.
    var rule: String { "openweathermap: \(message)" }

    /// The answer: the error in the API's shape, never marked synthetic (it invents no weather).
    var answer: SynthesizedAnswer {
        let body = "{\"cod\":\(JSONValue.quoted(String(status))),\"message\":\(JSONValue.quoted(message))}"
        return SynthesizedAnswer(
            response: OpenWeatherMapKeys.response(status: status, body: body), isSynthetic: false, rule: rule)
    }
}
