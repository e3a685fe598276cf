import Basics

/// The `expect` block of a recorded interaction: what a correct client makes of the response
/// (Cassettes/README.md), derived from the response itself.
///
/// - 2xx current weather: `name` and `main.temp` in °C (converted from the request's units, rounded to
///   2 decimals half away from zero); forecast: `city.name` and the first item's temperature;
///   geocoding: the first place's `name` (`{}` for an empty answer). A 2xx body of the wrong shape
///   expects `decoding`, as a client must fail to decode it.
/// - 4xx/5xx: the error kind for the status and the server's own `message` when the body has one.
/// - Anything else (other paths, `mode=xml`): nil, no expectation can be stated.
enum ExpectDerivation {
    static func expectation(
        status: Int, body: JSONValue?, endpoint: RecordingRequest.Endpoint, units: Units, mode: String?
    ) -> JSONValue? {
        if let kind = errorKind(for: status) {
            var fields: [(String, JSONValue)] = [("error", .string(kind.rawValue))]
            if let message = body?["message"]?.stringValue { fields.append(("message", .string(message))) }
            return .object(fields)
        }
        guard (200..<300).contains(status), endpoint != .other, mode == nil || mode == "json" else { return nil }
        let decodingError = JSONValue.object([("error", .string(ClientErrorKind.decoding.rawValue))])
        guard let body else { return decodingError }
        switch endpoint {
        case .current:
            guard let name = body["name"]?.stringValue, let temperature = body["main"]?["temp"]?.doubleValue else {
                return decodingError
            }
            return success(name: name, temperature: temperature, units: units)
        case .forecast:
            guard let name = body["city"]?["name"]?.stringValue,
                let temperature = body["list"]?.elements?.first?["main"]?["temp"]?.doubleValue
            else { return decodingError }
            return success(name: name, temperature: temperature, units: units)
        case .geocodingDirect, .geocodingReverse:
            guard let places = body.elements else { return decodingError }
            guard let first = places.first else { return .object([(String, JSONValue)]()) }
            guard let name = first["name"]?.stringValue else { return decodingError }
            return .object([("name", .string(name))])
        case .geocodingZip:
            guard let name = body["name"]?.stringValue else { return decodingError }
            return .object([("name", .string(name))])
        case .other:
            return nil
        }
    }

    static func errorKind(for status: Int) -> ClientErrorKind? {
        switch status {
        case 400: .invalidRequest
        case 401, 403: .unauthorized
        case 404: .cityNotFound
        case 429: .rateLimited
        case 402, 405...428, 430...499: .invalidRequest
        case 500...599: .server
        default: nil
        }
    }

    private static func success(name: String, temperature: Double, units: Units) -> JSONValue {
        let celsius = UnitConversion.rounded(UnitConversion.temperature(temperature, from: units, to: .metric))
        return .object([("name", .string(name)), ("celsius", .number(celsius))])
    }
}
