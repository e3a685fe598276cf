import Basics
import HTTPServer
package import MockEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// `mockweather export --har FILE`: every interaction of a cassette directory, each response of a
/// sequence, as a HAR 1.2 entry, with the request a client would send and the answer `serve` gives it.
///
/// - The request: the cassette's method and path on its API's live host (the provider's upstream for
///   the path: `openweathermap.org` for icons), each parameter the pattern names with its value (a
///   `"*"` gets a placeholder the pattern accepts), the centre of a `near` circle in the provider's
///   coordinate parameters, and its key parameter as `***` unless the pattern names its own; each
///   header the pattern names (its key header masked, `KakaoAK ***`, where any value does), and a
///   masked key header for an API whose key travels in one when the pattern says nothing of it.
///   Each request is checked against the whole set: when another interaction would answer it (a more
///   specific one), the entry's comment says so.
/// - The answer: the very bytes and headers the server sends for that request (units converted as on
///   replay), or, for a fault that sends nothing (`reset`, `empty`, `hang`), HAR's "no response"
///   (status 0 and `_error`). A delay is the entry's `wait`.
/// - `_mockweather` (ignored by other tools, as HAR prescribes) carries what HAR has no field for: the
///   cassette and interaction, the request pattern and the response's replay settings (`units`,
///   `delayMs`, `fault`, `expect`) as written, so `mockweather import` rebuilds cassettes that answer the same.
package enum HARExporter {
    /// An exported archive.
    package struct Export: Sendable {
        /// The HAR document, pretty-printed.
        package var bytes: [UInt8]
        /// How many entries (one per response).
        package var entryCount: Int
        /// How many cassettes they came from.
        package var cassetteCount: Int
        /// Requests another interaction would answer instead (named in the entries' comments).
        package var shadowed: [String]
    }

    /// The HAR archive for every cassette under `directory`; `now` (milliseconds since 1970, the
    /// current time when nil) is the `startedDateTime` of cassettes without `recordedAt`.
    ///
    /// - Throws: ``CassetteLoadError`` when the directory does not load (it must validate first).
    package static func export(directory: URL, now: Int64? = nil, providers: ProviderSet) throws(CassetteLoadError)
        -> Export
    {
        let now = now ?? Timestamp.nowMilliseconds()
        let cassettes = try CassetteLoader.load(directory: directory, providers: providers)
        let library = CassetteLibrary(cassettes: cassettes, providers: providers)
        var entries: [JSONValue] = []
        var shadowed: [String] = []
        var ordinal = 0
        for cassette in cassettes {
            // The file as written: patterns and settings are carried verbatim (vocabulary this
            // exporter does not know included).
            let root: JSONValue? =
                switch CassetteFiles.read(directory.appendingPathComponent(cassette.file).path) {
                case .success(let bytes): try? JSONParser.parse(bytes)
                case .failure: nil
                }
            let base = cassette.recordedAt.flatMap(ISO8601Time.milliseconds) ?? now
            var offset: Int64 = 0
            for (index, interaction) in cassette.interactions.enumerated() {
                defer { ordinal += 1 }
                let raw = root?["interactions"]?.elements?[index]
                let request = clientRequest(
                    for: interaction.request, raw: raw?["request"], library: library, ordinal: ordinal)
                if let other = request.answeredBy { shadowed.append("\(cassette.name)#\(index): \(other)") }
                let entry = library.entries[ordinal]
                let rawResponses = raw?["responses"]?.elements ?? raw?["response"].map { [$0] } ?? []
                for (position, template) in interaction.responses.enumerated() {
                    let prepared = entry.responses[position].response(for: request.replayRequest)
                    var settings: [(String, JSONValue)] = template.units.map { [("units", .string($0))] } ?? []
                    let rawResponse = position < rawResponses.count ? rawResponses[position] : nil
                    for key in ["delayMs", "fault", "expect"] {
                        if let value = rawResponse?[key] ?? raw?[key], !value.isNull { settings.append((key, value)) }
                    }
                    var mockweather: [(String, JSONValue)] = [
                        ("cassette", .string(cassette.name)), ("interaction", .number(index)),
                        ("response", .number(position)), ("responses", .number(interaction.responses.count)),
                        ("source", .string(cassette.source.rawValue)), ("status", .number(template.status)),
                    ]
                    if let pattern = raw?["request"] { mockweather.append(("request", pattern)) }
                    mockweather.append(("settings", .object(settings)))
                    var wait = 0
                    switch template.delay {
                    case .fixed(let milliseconds): wait = milliseconds
                    case .uniform(let low, _): wait = low
                    case nil: break
                    }
                    let sendsNothing = template.fault?.sendsNoResponse == true
                    var headers = prepared.headers.map { HeaderField(name: $0.name, value: $0.value) }
                    if !sendsNothing {
                        headers.append(HeaderField(name: "Content-Length", value: "\(prepared.body.count)"))
                    }
                    var comment = "mockweather cassette \(cassette.name), interaction \(index)"
                    if interaction.isSequence {
                        comment += ", response \(position + 1) of \(interaction.responses.count)"
                    }
                    if let fault = template.fault { comment += "; fault \(fault.kind.rawValue)" }
                    if let other = request.answeredBy { comment += "; note: this request is answered by \(other)" }
                    let exchange = HARWriter.Exchange(
                        method: interaction.request.method, url: request.url, query: request.query,
                        requestHeaders: [HeaderField(name: "Host", value: request.host)]
                            + request.headers.map { HeaderField(name: $0.name, value: $0.value) },
                        startedMilliseconds: base + offset, waitMilliseconds: wait,
                        response: sendsNothing
                            ? nil : HARWriter.Answer(status: prepared.status, headers: headers, body: prepared.body),
                        error: sendsNothing ? "mockweather fault: \(template.fault!.kind.rawValue)" : nil,
                        comment: comment, extensions: [("_mockweather", .object(mockweather))])
                    entries.append(HARWriter.entry(exchange))
                    offset += 1
                }
            }
        }
        let document = HARWriter.document(
            entries: entries, comment: "Exported by mockweather \(MockWeatherVersion.current) from \(directory.path)")
        return Export(
            bytes: document.prettyBytes, entryCount: entries.count, cassetteCount: cassettes.count, shadowed: shadowed)
    }

    /// Writes `export` to `path` atomically (a reader never sees half an archive), replacing any file.
    package static func write(_ export: Export, to path: String) throws(HARWriteError) {
        do throws(AtomicFile.WriteError) {
            _ = try AtomicFile.write(export.bytes, to: path, replacing: true)
        } catch {
            throw HARWriteError(file: error.file, reason: error.reason)
        }
    }

    /// The request a client would send for `pattern`, and, when another interaction than `ordinal`
    /// would answer it, which one.
    private static func clientRequest(
        for pattern: RequestPattern, raw: JSONValue?, library: CassetteLibrary, ordinal: Int
    ) -> ClientRequest {
        let provider = library.providers.provider(forPath: pattern.path)
        let profile = provider?.provider.recording
        let base = profile.map { $0.upstream(forPath: pattern.path, configured: $0.upstream) }
        let host = base.flatMap { URL(string: $0)?.host } ?? provider?.provider.hosts.first ?? "localhost"
        let keyName: String? = if case .parameter(let name)? = profile?.keyPlacement { name } else { nil }
        let headers = clientHeaders(for: pattern, raw: raw, provider: provider)
        let replayHeaders = HTTPHeaders(headers)
        // Names as the cassette spells them; the decoded pattern has them lower-cased.
        let spelled = Dictionary(
            (raw?["query"]?.members ?? []).map { ($0.key.lowercased(), $0.key) },
            uniquingKeysWith: { first, _ in first })
        let written = (raw?["query"]?.members ?? []).map { $0.key.lowercased() }
        let ordered = pattern.query.sorted {
            (written.firstIndex(of: $0.name) ?? .max, $0.name) < (written.firstIndex(of: $1.name) ?? .max, $1.name)
        }
        func build(placeholder: String) -> [(name: String, value: String)] {
            var query: [(name: String, value: String)] = []
            for constraint in ordered {
                let name = spelled[constraint.name] ?? constraint.name
                switch constraint.expectation {
                case .equals(let value): query.append((name, value))
                case .present:
                    query.append((name, constraint.isSecret ? KeyScrubber.mask : placeholder))
                case .absent: break
                }
            }
            if let near = pattern.near, let names = provider?.vocabulary.coordinates,
                !query.contains(where: { [names.latitude, names.longitude].contains($0.name.lowercased()) })
            {
                query.append((names.latitude, NumberText.shortest(near.latitude)))
                query.append((names.longitude, NumberText.shortest(near.longitude)))
            }
            if let range = pattern.range {
                // Bounds the range accepts, where a placeholder would fall outside what it covers.
                let bounds = range.sampleBounds
                for (parameter, value) in [(range.from, bounds.from), (range.to, bounds.to)] {
                    let name = spelled[parameter] ?? parameter
                    query.removeAll { $0.name.lowercased() == parameter }
                    query.append((name, value))
                }
            }
            let namesKey = pattern.query.contains { $0.isSecret }
            if !namesKey, let keyName, profile?.sendsKey(forPath: pattern.path) != false {
                query.append((keyName, KeyScrubber.mask))
            }
            return query
        }
        // The plain request first; when a more specific (or earlier) interaction answers it, other
        // placeholders, then a value for each parameter that interaction needs absent and this one leaves free.
        var chosen = build(placeholder: "1")
        var answeredBy: String?
        var extra: [(name: String, value: String)] = []
        attempts: for _ in 0..<3 {
            var firstAnswer: Int?
            for placeholder in ["1", "mock", "0"] {
                let query = build(placeholder: placeholder) + extra
                let answering = library.match(
                    ReplayRequest(
                        method: pattern.method, path: pattern.path, query: encoded(query, library.providers),
                        headers: replayHeaders, providers: library.providers))?.ordinal
                if answering == ordinal {
                    chosen = query
                    answeredBy = nil
                    break attempts
                }
                if firstAnswer == nil { firstAnswer = answering ?? -1 }
            }
            guard let other = firstAnswer, other >= 0 else {
                answeredBy = answeredBy ?? "no interaction"
                break
            }
            answeredBy = answeredBy ?? library.entries[other].label
            let free = library.entries[other].pattern.query.filter { constraint in
                constraint.expectation == .absent && !pattern.query.contains { $0.name == constraint.name }
                    && !extra.contains { $0.name == constraint.name }
            }
            guard !free.isEmpty else { break }
            extra += free.map { (name: $0.name, value: "1") }
        }
        if answeredBy != nil { chosen = build(placeholder: "1") }
        let text = encoded(chosen, library.providers)
        return ClientRequest(
            url: "https://\(host)\(pattern.path)\(text.isEmpty ? "" : "?\(text)")", host: host, query: chosen,
            headers: headers, answeredBy: answeredBy,
            replayRequest: ReplayRequest(
                method: pattern.method, path: pattern.path, query: text, headers: replayHeaders,
                providers: library.providers))
    }

    /// The headers a client would send for `pattern`: each value the pattern names as written, the
    /// key masked where the pattern takes any value or says nothing of a header the API's key travels
    /// in (`Authorization: KakaoAK ***`), and none the pattern needs absent.
    private static func clientHeaders(
        for pattern: RequestPattern, raw: JSONValue?, provider: RegisteredProvider?
    ) -> [(name: String, value: String)] {
        let spelled = Dictionary(
            (raw?["headers"]?.members ?? []).map { ($0.key.lowercased(), $0.key) },
            uniquingKeysWith: { first, _ in first })
        let secrets = provider?.vocabulary.secretHeaders ?? []
        func masked(_ name: String) -> String {
            guard let secret = secrets.first(where: { $0.name == name }) else { return "1" }
            return secret.scheme.map { "\($0) \(KeyScrubber.mask)" } ?? KeyScrubber.mask
        }
        var headers: [(name: String, value: String)] = []
        for constraint in pattern.headers {
            let name = spelled[constraint.name] ?? constraint.name
            switch constraint.expectation {
            case .equals(let value): headers.append((name, value))
            case .present: headers.append((name, masked(constraint.name)))
            case .absent: break
            }
        }
        if case .header(let name, _)? = provider?.provider.recording?.keyPlacement,
            !pattern.headers.contains(where: { $0.name == name.lowercased() })
        {
            headers.append((name, masked(name.lowercased())))
        }
        return headers
    }

    /// The request a client would send for one interaction, and how replay reads it.
    private struct ClientRequest {
        var url: String
        var host: String
        var query: [(name: String, value: String)]
        /// Besides `Host`.
        var headers: [(name: String, value: String)]
        /// The interaction that answers it instead, when another does.
        var answeredBy: String?
        var replayRequest: ReplayRequest
    }

    /// The query as a client encodes it (record mode's encoder; `***` kept readable).
    private static func encoded(_ query: [(name: String, value: String)], _ providers: ProviderSet) -> String {
        let keys = query.filter { providers.isSecretParameter($0.name.lowercased()) }
        let others = query.filter { !providers.isSecretParameter($0.name.lowercased()) }
        let text = CapturedRequest(path: "/", parameters: others.map { ($0.name, $0.value) }, providers: providers)
            .forwardedQuery
        let keyText = keys.map { "\($0.name)=\($0.value)" }
        return ([text].filter { !$0.isEmpty } + keyText).joined(separator: "&")
    }
}

/// An exported archive that could not be written; nothing partial is left under its name.
package struct HARWriteError: Error, Sendable, CustomStringConvertible {
    /// The file as given.
    package var file: String
    /// Why it could not be written.
    package var reason: String

    /// `cannot write out.har: cannot create a temporary file: Permission denied`.
    package var description: String { "cannot write \(file): \(reason)" }
}
