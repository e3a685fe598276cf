import Basics
import Foundation
import HTTPServer

/// The admin API under `/__admin/` (docs/ARCHITECTURE.md#serving), for loopback clients only: health, cassettes, the
/// request journal, reset and reload.
struct AdminAPI: Sendable {
    static let prefix = "/__admin"
    static let endpoints = [
        "GET /__admin/health", "GET /__admin/cassettes", "GET /__admin/requests[?limit=N]",
        "GET /__admin/requests/unmatched", "GET /__admin/requests.har[?limit=N]", "POST /__admin/reset",
        "POST /__admin/reload",
    ]

    let store: CassetteStore
    let journal: RequestJournal
    let random: SeededRandom
    let startedAt: ContinuousClock.Instant
    /// Called after a reload attempt with a line for the server's diagnostics.
    let onReload: @Sendable (String) -> Void

    static func handles(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.starts(with: prefix.utf8) else { return false }
        let rest = bytes.dropFirst(prefix.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    func respond(to request: HTTPRequest, path: String) -> HTTPHandlerResult {
        guard request.isFromLoopback else {
            return .respond(json(403, .object(["error": .string("the admin API answers loopback clients only")])))
        }
        let route = String(path.dropFirst(Self.prefix.count))
        let method = request.method
        switch route {
        case "/health": return only("GET", method) { .respond(json(200, health())) }
        case "/cassettes": return only("GET", method) { .respond(json(200, cassettes())) }
        case "/requests":
            let limit = QueryParameters(request.query ?? "")["limit"].flatMap { Int($0) }
            return only("GET", method) { .respond(json(200, requests(unmatchedOnly: false, limit: limit))) }
        case "/requests.har":
            let limit = QueryParameters(request.query ?? "")["limit"].flatMap { Int($0) }
            return only("GET", method) {
                .respond(requestsHAR(host: request.headers["Host"] ?? "127.0.0.1", limit: limit))
            }
        case "/requests/unmatched":
            return only("GET", method) { .respond(json(200, requests(unmatchedOnly: true, limit: nil))) }
        case "/reset":
            return only("POST", method) {
                journal.clear()
                store.library.resetSequences()
                random.reset()
                return .respond(json(200, .object(["reset": .bool(true)])))
            }
        case "/reload":
            return only("POST", method) {
                // Reading files blocks, so it runs off the event loop.
                .respondLater { reload() }
            }
        default:
            return .respond(
                json(
                    404,
                    .object([
                        "error": .string("no admin endpoint \(method) \(path)"),
                        "endpoints": .array(Self.endpoints.map { .string($0) }),
                    ])))
        }
    }

    private func only(_ allowed: String, _ method: String, _ answer: () -> HTTPHandlerResult) -> HTTPHandlerResult {
        guard method == allowed else {
            var response = json(405, .object(["error": .string("use \(allowed)")]))
            response.headers.add(name: "Allow", value: allowed)
            return .respond(response)
        }
        return answer()
    }

    private func health() -> JSONValue {
        let library = store.library
        let counts = journal.counts
        let uptime = startedAt.duration(to: .now).components.seconds
        return .object([
            "status": .string("ok"),
            "cassetteDirectory": .string(store.directory.path),
            "cassettes": .number(library.cassettes.count),
            "interactions": .number(library.interactionCount),
            "requests": .number(counts.total),
            "matched": .number(counts.matched),
            "unmatched": .number(counts.unmatched),
            "uptimeSeconds": .number(Int(uptime)),
        ])
    }

    private func cassettes() -> JSONValue {
        let library = store.library
        return .object([
            "cassettes": .array(
                library.cassettes.map { cassette in
                    .object([
                        ("name", .string(cassette.name)),
                        ("file", .string(cassette.file)),
                        ("source", .string(cassette.source.rawValue)),
                        ("recordedAt", .string(cassette.recordedAt)),
                        ("interactions", .array(cassette.interactions.map(Self.describe))),
                    ])
                })
        ])
    }

    static func describe(_ interaction: Interaction) -> JSONValue {
        let request = interaction.request
        var requestFields: [(String, JSONValue)] = [
            ("method", .string(request.method)), ("path", .string(request.path)),
            (
                "query",
                .object(
                    request.query.map { constraint in
                        switch constraint.expectation {
                        case .equals(let value): (constraint.name, .string(value))
                        case .present: (constraint.name, .string("*"))
                        case .absent: (constraint.name, .null)
                        }
                    })
            ),
        ]
        if let near = request.near {
            requestFields.append(
                (
                    "near",
                    .object([
                        "lat": .number(near.latitude), "lon": .number(near.longitude),
                        "radiusKm": .number(near.radiusKilometres),
                    ])
                ))
        }
        return .object([
            ("request", .object(requestFields)),
            ("statuses", .array(interaction.responses.map { .number($0.status) })),
            ("sequence", .bool(interaction.isSequence)),
        ])
    }

    private func requests(unmatchedOnly: Bool, limit: Int?) -> JSONValue {
        var entries = journal.entries()
        if unmatchedOnly { entries = entries.filter(\.isUnmatched) }
        if let limit, limit >= 0, entries.count > limit { entries = Array(entries.suffix(limit)) }
        let counts = journal.counts
        return .object([
            "capacity": .number(journal.capacity),
            "total": .number(unmatchedOnly ? counts.unmatched : counts.total),
            "requests": .array(entries.map(Self.describe)),
        ])
    }

    /// The journal as a HAR archive (`JournalHAR`), offered as a download.
    private func requestsHAR(host: String, limit: Int?) -> HTTPResponse {
        var entries = journal.entries()
        if let limit, limit >= 0, entries.count > limit { entries = Array(entries.suffix(limit)) }
        var response = json(200, JournalHAR.document(entries, host: host))
        response.headers.add(name: "Content-Disposition", value: "attachment; filename=\"mockweather-requests.har\"")
        return response
    }

    static func describe(_ entry: JournalEntry) -> JSONValue {
        .object([
            ("sequence", .number(entry.sequenceNumber)),
            ("time", .string(Timestamp.iso8601(milliseconds: entry.timestampMilliseconds))),
            ("method", .string(entry.method)),
            ("path", .string(entry.path)),
            ("query", .string(entry.query)),
            ("status", .number(entry.status)),
            ("matched", .string(entry.matched)),
            ("nearMiss", .string(entry.nearMiss)),
            ("unmatched", .bool(entry.isUnmatched)),
            ("durationMs", .number(Double(entry.durationMicroseconds) / 1000)),
            ("delayMs", .number(entry.delayMilliseconds)),
            ("fault", .string(entry.fault)),
        ])
    }

    private func reload() -> HTTPResponse {
        do {
            let library = try store.reload()
            onReload("reloaded \(library.cassettes.count) cassettes (\(library.interactionCount) interactions)")
            return json(
                200,
                .object([
                    "reloaded": .bool(true), "cassettes": .number(library.cassettes.count),
                    "interactions": .number(library.interactionCount),
                ]))
        } catch {
            onReload("reload refused, still serving the previous cassettes: \(error)")
            let problems: [JSONValue]
            switch error {
            case .invalid(let validation): problems = validation.problems.map { .string($0.description) }
            case .directoryNotFound: problems = [.string(error.description)]
            }
            return json(
                422,
                .object([
                    "reloaded": .bool(false),
                    "error": .string("the cassettes did not validate; still serving the previous set"),
                    "problems": .array(problems),
                ]))
        }
    }

    private func json(_ status: Int, _ body: JSONValue) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: headers, body: body.compactBytes)
    }
}
