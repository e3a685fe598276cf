import Basics
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the cassette document for captured exchanges (format v1): one request and the answers it got,
/// from record mode (`source: recorded`, one answer) or from a HAR archive (`source: imported`, one
/// answer or a sequence in the order seen).
///
/// The body is stored so that replay serves the very bytes the API sent (after scrubbing): `json` when
/// it is compact JSON that re-serialises to the same bytes (the API's own bodies are), otherwise `text`
/// (pretty-printed or odd JSON, HTML error pages), or `base64` when it is not UTF-8. Only headers worth
/// replaying are kept; none of the connection's own (Date, Content-Length, Set-Cookie...).
enum RecordedCassette {
    /// Response headers kept in recorded and imported cassettes, with the spelling they are written in.
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

    /// Where the answers came from, for `source`, `creator` and the notes.
    enum Provenance: Sendable {
        /// Record mode, from this upstream.
        case recorded(upstream: String)
        /// A HAR archive (its file name, the tool that wrote it, and the entries used).
        case imported(archive: String, creator: HARCreator, entries: [Int])
        /// The synthetic world (`mockweather synthesize`), labelled `typhoon-landfall, seed 7`; an answer
        /// that invents nothing (an unknown city's 404) is `documented` rather than `synthetic`.
        case synthesized(world: String, isInvented: Bool)
    }

    /// The document for `request` and its answers (one, or a sequence in order). `displayText` is the
    /// request as the notes show it, already scrubbed; `pattern` replaces the request pattern record
    /// mode derives (a mockweather archive carries the original).
    static func document(
        request: CapturedRequest, profile: any RecordingProfile, displayText: String, answers: [CapturedAnswer],
        provenance: Provenance, recordedAt: String, pattern: JSONValue? = nil
    ) -> JSONValue {
        var forms: [String] = []
        var bodyFields: [(String, JSONValue)?] = []
        for answer in answers {
            let field = answer.body.map { bodyField($0, parsed: answer.json) }
            bodyFields.append(field)
            if let field {
                forms.append(field.0 == "json" ? "json" : field.0 == "text" ? "text, kept byte for byte" : "base64")
            }
        }
        let storedAsJSON = bodyFields.allSatisfy { $0 == nil || $0?.0 == "json" }
        let recorded = profile.interaction(
            for: request, answers: answers, storedAsJSON: storedAsJSON, given: pattern)
        var responses: [JSONValue] = []
        var expectations: [JSONValue?] = []
        for (position, answer) in answers.enumerated() {
            var response: [(String, JSONValue)] = [("status", .number(answer.status))]
            if !answer.headers.isEmpty {
                response.append(("headers", .object(answer.headers.map { ($0.name, .string($0.value)) })))
            }
            if let field = bodyFields[position] { response.append(field) }
            let settingKeys = Set(answer.settings.map(\.0))
            let members = position < recorded.responseMembers.count ? recorded.responseMembers[position] : []
            response += members.filter { !settingKeys.contains($0.0) }
            response += answer.settings
            responses.append(.object(response))
            let derived = position < recorded.expectations.count ? recorded.expectations[position] : nil
            expectations.append(settingKeys.contains("expect") ? nil : derived)
        }
        var interaction: [(String, JSONValue)] = [("request", recorded.pattern)]
        if responses.count == 1 {
            interaction.append(("response", responses[0]))
            if let expectation = expectations[0] { interaction.append(("expect", expectation)) }
        } else {
            // In a sequence each answer states what a client makes of it.
            let withExpectations = zip(responses, expectations).map { response, expectation in
                guard let expectation, let members = response.members else { return response }
                return JSONValue(.object(members + [JSONMember(key: "expect", keyOffset: 0, value: expectation)]))
            }
            interaction.append(("responses", .array(withExpectations)))
        }
        let statuses = answers.map { String($0.status) }.joined(separator: ", ")
        let bodies = Array(Set(forms)).sorted().joined(separator: " and ")
        let stored =
            bodies.isEmpty ? "" : (forms.count > 1 ? "; bodies stored as \(bodies)" : "; body stored as \(bodies)")
        var fields: [(String, JSONValue)] = [("format", .string(CassetteDecoder.formatIdentifier))]
        let notes: String
        switch provenance {
        case .recorded(let upstream):
            fields.append(("source", .string(CassetteSource.recorded.rawValue)))
            fields.append(("recordedAt", .string(recordedAt)))
            notes =
                "Recorded from \(upstream) by mockweather \(MockWeatherVersion.current) (record mode): "
                + "\(displayText) answered \(statuses). API keys scrubbed (\(KeyScrubber.mask))\(stored)."
        case .imported(let archive, let creator, let entries):
            fields.append(("source", .string(CassetteSource.imported.rawValue)))
            fields.append(("recordedAt", .string(recordedAt)))
            var creatorFields: [(String, JSONValue)] = [("name", .string(creator.name))]
            if !creator.version.isEmpty { creatorFields.append(("version", .string(creator.version))) }
            fields.append(("creator", .object(creatorFields)))
            let noun = entries.count == 1 ? "entry" : "entries"
            notes =
                "Imported by mockweather \(MockWeatherVersion.current) from \(archive) (\(noun) "
                + "\(entries.map { "#\($0)" }.joined(separator: ", ")), written by \(creator)): \(displayText) "
                + "answered \(statuses)\(answers.count > 1 ? " in that order" : ""). "
                + "API keys scrubbed (\(KeyScrubber.mask))\(stored)."
        case .synthesized(let world, let isInvented):
            fields.append(("source", .string((isInvented ? CassetteSource.synthetic : .documented).rawValue)))
            notes =
                "Synthesized by mockweather \(MockWeatherVersion.current) (mockweather synthesize) from the "
                + "synthetic world (\(world)) at \(recordedAt): \(displayText) answered \(statuses)\(stored). "
                + "It replays byte for byte what 'mockweather serve --synthesize' answered then."
        }
        fields.append(("notes", .string(notes)))
        fields.append(("interactions", .array([.object(interaction)])))
        return .object(fields)
    }

    /// The document for one recorded answer, and whether its body is stored as `json`.
    static func document(
        request: CapturedRequest, profile: any RecordingProfile, displayText: String, status: Int,
        headers: [HeaderField], body: [UInt8], upstream: String, recordedAt: String
    ) -> (document: JSONValue, storedAsJSON: Bool) {
        let document = document(
            request: request, profile: profile, displayText: displayText,
            answers: [CapturedAnswer(status: status, headers: headers, body: body)],
            provenance: .recorded(upstream: upstream), recordedAt: recordedAt)
        let storedAsJSON = document["interactions"]?.elements?.first?["response"]?["json"] != nil
        return (document, storedAsJSON)
    }

    /// `json` when the body is compact JSON that writes back to the same bytes, else `text` (UTF-8) or
    /// `base64`, so replay serves exactly `body`.
    static func bodyField(_ body: [UInt8], parsed: JSONValue?) -> (String, JSONValue) {
        guard let text = String(validating: body, as: UTF8.self) else {
            return ("base64", .string(Data(body).base64EncodedString()))
        }
        if let parsed, parsed.compactBytes == body { return ("json", parsed) }
        return ("text", .string(text))
    }

    /// `2026-11-29T10:00:00Z` for a time in milliseconds since 1970.
    static func timestamp(milliseconds: Int64) -> String {
        let text = Timestamp.iso8601(milliseconds: milliseconds)  // 2026-11-29T10:00:00.123Z
        return String(text.prefix(19)) + "Z"
    }
}
