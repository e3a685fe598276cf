import Basics
import Foundation

/// Builds the cassette document for one captured exchange (format v1, `source: recorded`).
///
/// The body is stored so that replay serves the very bytes the API sent (after scrubbing): `json` when
/// it is compact JSON that re-serialises to the same bytes (the API's own bodies are), otherwise `text`
/// (pretty-printed or odd JSON, HTML error pages), or `base64` when it is not UTF-8. Only headers worth
/// replaying are kept; none of the connection's own (Date, Content-Length, Set-Cookie...).
enum RecordedCassette {
    /// Response headers kept in recorded cassettes, with the spelling they are written in.
    static let keptHeaders = [
        "Content-Type", "Retry-After", "X-Cache-Key", "Server", "Access-Control-Allow-Origin",
        "Access-Control-Allow-Credentials", "Access-Control-Allow-Methods",
    ]

    /// The kept headers of `response`, values scrubbed, in `keptHeaders` order.
    static func keptHeaders(of headers: [HeaderField], scrubber: KeyScrubber) -> [HeaderField] {
        keptHeaders.compactMap { name in
            headers.first { $0.name.lowercased() == name.lowercased() }.map {
                HeaderField(name: name, value: scrubber.scrub($0.value))
            }
        }
    }

    /// The document, and whether its body is stored as `json`. `displayText` is the request as the notes
    /// show it, already scrubbed.
    static func document(
        request: RecordingRequest, displayText: String, status: Int, headers: [HeaderField], body: [UInt8],
        upstream: UpstreamURL, recordedAt: String
    ) -> (document: JSONValue, storedAsJSON: Bool) {
        let parsed = try? JSONParser.parse(body)
        let bodyField: (String, JSONValue)
        var storedAsJSON = false
        if let text = String(validating: body, as: UTF8.self) {
            if let parsed, parsed.compactBytes == body {
                bodyField = ("json", parsed)
                storedAsJSON = true
            } else {
                bodyField = ("text", .string(text))
            }
        } else {
            bodyField = ("base64", .string(Data(body).base64EncodedString()))
        }
        var response: [(String, JSONValue)] = [("status", .number(status))]
        if !headers.isEmpty { response.append(("headers", .object(headers.map { ($0.name, .string($0.value)) }))) }
        response.append(bodyField)
        if request.endpoint.hasUnits { response.append(("units", .string(request.units.rawValue))) }
        var interaction: [(String, JSONValue)] = [
            ("request", request.pattern(bodyIsConvertible: storedAsJSON)), ("response", .object(response)),
        ]
        if let expectation = ExpectDerivation.expectation(
            status: status, body: parsed, endpoint: request.endpoint, units: request.units, mode: request.value("mode"))
        {
            interaction.append(("expect", expectation))
        }
        let form = storedAsJSON ? "json" : bodyField.0 == "text" ? "text, kept byte for byte" : "base64"
        let notes =
            "Recorded from \(upstream) by mockweather \(MockWeatherVersion.current) (record mode): "
            + "\(displayText) answered \(status). API keys scrubbed (\(KeyScrubber.mask)); body stored as \(form)."
        let document = JSONValue.object([
            ("format", .string(CassetteDecoder.formatIdentifier)),
            ("source", .string(CassetteSource.recorded.rawValue)),
            ("recordedAt", .string(recordedAt)), ("notes", .string(notes)),
            ("interactions", .array([.object(interaction)])),
        ])
        return (document, storedAsJSON)
    }

    /// `2026-11-29T10:00:00Z` for a time in milliseconds since 1970.
    static func timestamp(milliseconds: Int64) -> String {
        let text = Timestamp.iso8601(milliseconds: milliseconds)  // 2026-11-29T10:00:00.123Z
        return String(text.prefix(19)) + "Z"
    }
}
