public import Foundation

/// Turns a `DecodingError` (or a body that is not JSON at all) into
/// ``WeatherError/decoding(path:expected:found:)`` with a JSON path (`weather[0].id`), what the
/// model expected, and what the body actually holds there.
enum DecodingDiagnostics {
    /// The path shown for the body as a whole.
    static let topLevel = "(top level)"

    static func error(for error: DecodingError, body: Data, expectedTopLevel: String) -> WeatherError {
        let json = JSONValue.parse(body)
        switch error {
        case .typeMismatch(let type, let context):
            return .decoding(
                path: path(context.codingPath),
                expected: expectation(for: type),
                found: found(at: context.codingPath, in: json)
            )
        case .valueNotFound(let type, let context):
            return .decoding(path: path(context.codingPath), expected: expectation(for: type), found: "null")
        case .keyNotFound(let key, let context):
            return .decoding(
                path: path(context.codingPath + [key]),
                expected: "a value (the field is required)",
                found: "nothing"
            )
        case .dataCorrupted(let context):
            guard json != nil || !context.codingPath.isEmpty else {
                return notJSON(body, expected: expectedTopLevel)
            }
            return .decoding(
                path: path(context.codingPath),
                expected: "a valid value",
                found: "\(found(at: context.codingPath, in: json)) (\(context.debugDescription))"
            )
        @unknown default:
            return .decoding(path: topLevel, expected: expectedTopLevel, found: "\(error)")
        }
    }

    /// The error for a body that does not parse as JSON: empty, HTML, truncated or other text.
    static func notJSON(_ body: Data, expected: String) -> WeatherError {
        .decoding(path: topLevel, expected: expected, found: describe(body))
    }

    /// What a body that is not the expected JSON holds: "an empty body", "an HTML page titled ...",
    /// "truncated JSON (...)", "text that is not JSON: ...".
    static func describe(_ body: Data) -> String {
        if BodyText.isBlank(body) {
            return body.isEmpty ? "an empty body" : "a body of only whitespace"
        }
        if BodyText.looksLikeHTML(body) {
            return BodyText.htmlTitle(body).map { "an HTML page titled \(BodyText.quoted($0, limit: 100))" }
                ?? "an HTML page"
        }
        if BodyText.isTruncatedJSON(body) {
            return "truncated JSON (the body ends after \(body.count) bytes, inside a value)"
        }
        return "text that is not JSON: \(BodyText.quoted(BodyText.excerpt(body, limit: 80), limit: 80))"
    }

    /// `main.temp`, `weather[0].id`, `list[3].main.temp`, or `(top level)`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            // Only array positions have an integer value: the models' keys are all strings.
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? topLevel : text
    }

    /// What a model type looks like in JSON: "a number", "an integer", "a string", "an array", ...
    static func expectation(for type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "an integer"
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is ResponseCode.Type: return "an integer or a string"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("[") { return "an array" }
            return "an object"
        }
    }

    private static func found(at codingPath: [any CodingKey], in json: JSONValue?) -> String {
        json?.value(at: codingPath)?.phrase ?? "something else"
    }
}

/// Decodes response bodies into the client's models with the diagnostics the client uses.
///
/// Use it to decode a body an app stored or received some other way; the models need to know the
/// units the body was requested in, which a plain `JSONDecoder` cannot tell them (it gets
/// ``Units/standard``, the API's default).
public enum WeatherResponseDecoder {
    /// Decodes `body` as `type` (``CurrentWeather``, ``Forecast``, `[GeocodedPlace]`, ``ZipPlace``,
    /// ``OneCall``, ``HistoricalWeather``, ``DaySummary``, ``WeatherOverview``, ``AirPollution``,
    /// One Call 4.0's ``OneCall4Page`` of any record and ``OneCall4Alert``) whose temperatures and speeds
    /// are in `units`.
    ///
    /// - Throws: ``WeatherError/decoding(path:expected:found:)`` naming the JSON path, what was
    ///   expected and what was found; an empty, `null`, truncated, HTML or non-JSON body says so.
    public static func decode<Model: Decodable>(_ type: Model.Type, from body: Data, units: Units)
        throws(WeatherError) -> Model
    {
        let decoder = JSONDecoder()
        decoder.userInfo[.requestedUnits] = units
        let expected = DecodingDiagnostics.expectation(for: type) == "an array" ? "a JSON array" : "a JSON object"
        do {
            return try decoder.decode(type, from: body)
        } catch let error as DecodingError {
            throw DecodingDiagnostics.error(for: error, body: body, expectedTopLevel: expected)
        } catch {
            throw DecodingDiagnostics.notJSON(body, expected: expected)
        }
    }
}
