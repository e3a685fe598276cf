import Basics
import HTTPServer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The admin API under `/__admin/` (docs/ARCHITECTURE.md#serving), for loopback clients only: health,
/// cassettes, the request journal, reset and reload, the live event stream, the announced route and the
/// mock clock, and the dashboard page that shows them all (`GET /__admin/`).
package struct AdminAPI: Sendable {
    static let prefix = "/__admin"
    static let endpoints = [
        "GET /__admin/ (the dashboard)", "GET /__admin/health", "GET /__admin/cassettes[?name=TEXT][&limit=N]",
        "GET /__admin/requests[?limit=N][&since=SEQ]", "GET /__admin/requests/unmatched",
        "GET /__admin/requests/wait?path=PATH[&method=M][&query.NAME=VALUE][&timeout=5s][&since=SEQ]",
        "GET /__admin/requests.har[?limit=N]", "GET /__admin/events[?since=SEQ] (server-sent events)",
        "GET|PUT|DELETE /__admin/route", "GET|PUT /__admin/clock", "POST /__admin/clock/advance",
        "GET|PUT /__admin/world", "GET /__admin/world/events[?at=UNIX]", "GET /__admin/basemap",
        "POST /__admin/reset", "POST /__admin/reload",
    ]

    let store: CassetteStore
    let journal: RequestJournal
    let random: SeededRandom
    let startedAt: ContinuousClock.Instant
    /// Called after a reload attempt with a line for the server's diagnostics.
    let onReload: @Sendable (String) -> Void
    /// The live feed behind `/__admin/events`.
    let events: AdminEventFeed
    /// The route behind `/__admin/route`.
    let route = RouteBoard()
    /// Keeps web pages of other origins out (``LocalAccessPolicy``).
    let access: LocalAccessPolicy
    /// The cassette directory as the user named it (``ServeOptions/cassetteDirectoryAsGiven``).
    let shownDirectory: String?
    /// The mock clock behind `/__admin/clock` (the stack's, which every request reads).
    let clock: MockClock
    /// The synthetic world behind `/__admin/world`.
    let world: WorldBoard
    /// HTTPS tunnels and handshakes, shown by `/__admin/health` and the dashboard.
    let tlsActivity: TLSActivity

    init(
        store: CassetteStore, journal: RequestJournal, random: SeededRandom, startedAt: ContinuousClock.Instant,
        access: LocalAccessPolicy = .loopback, shownDirectory: String? = nil, clock: MockClock = MockClock(),
        world: WorldBoard? = nil, onReload: @escaping @Sendable (String) -> Void
    ) {
        self.store = store
        self.world = world ?? WorldBoard(options: SynthesisOptions(), clockStart: 0)
        self.clock = clock
        self.access = access
        self.shownDirectory = shownDirectory
        self.journal = journal
        self.random = random
        self.startedAt = startedAt
        self.onReload = onReload
        let providers = store.providers
        let events = AdminEventFeed(journal: journal) { Self.describe($0, providers: providers) }
        self.events = events
        tlsActivity = TLSActivity { activity in events.publish("tls", data: activity.json) }
    }

    static func handles(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.starts(with: prefix.utf8) else { return false }
        let rest = bytes.dropFirst(prefix.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    /// The answer to `replayRequest`, whose path ``handles(_:)``; loopback peers only, then the
    /// ``LocalAccessPolicy``.
    func respond(to replayRequest: ReplayRequest) -> HTTPHandlerResult {
        // The endpoints read the request as received (its query, `Host`, body); routing, its path.
        let request = replayRequest.http
        let path = replayRequest.path
        guard request.isFromLoopback else {
            return .respond(json(403, .object(["error": .string("the admin API answers loopback clients only")])))
        }
        if let refusal = access.refusal(ofAdmin: request) {
            return .respond(json(refusal.status, .object(["error": .string(refusal.description)])))
        }
        let route = String(path.dropFirst(Self.prefix.count))
        let method = request.method
        switch route {
        case "", "/", "/dashboard.css", "/dashboard.js":
            // `/__admin/` arrives as `/__admin` (paths are matched without a trailing slash); the
            // page names its script and style sheet, and the API, by absolute paths for that reason.
            return only("GET", method) { .respond(DashboardAssets.response(for: route)) }
        case "/events":
            return only("GET", method) { .respond(eventStream(for: request)) }
        case "/route":
            return routeEndpoint(request)
        case "/clock":
            return clockEndpoint(request)
        case "/clock/advance":
            return clockAdvance(request)
        case "/world":
            return worldEndpoint(request)
        case "/world/events":
            return worldEventsEndpoint(request)
        case "/basemap":
            return basemapEndpoint(request)
        case "/health": return only("GET", method) { .respond(json(200, health())) }
        case "/cassettes": return only("GET", method) { cassettesEndpoint(request) }
        case "/requests":
            return only("GET", method) {
                withQuery(request, endpoint: "GET /__admin/requests", allowed: ["limit", "since"]) {
                    query throws(AdminQueryError) in
                    let limit = try query.count("limit")
                    let since = try query.count("since")
                    return json(200, requests(unmatchedOnly: false, limit: limit, since: since))
                }
            }
        case "/requests.har":
            return only("GET", method) {
                withQuery(request, endpoint: "GET /__admin/requests.har", allowed: ["limit"]) {
                    query throws(AdminQueryError) in
                    requestsHAR(host: request.headers["Host"] ?? "127.0.0.1", limit: try query.count("limit"))
                }
            }
        case "/requests/wait":
            return only("GET", method) { waitEndpoint(request) }
        case "/requests/unmatched":
            return only("GET", method) {
                withQuery(request, endpoint: "GET /__admin/requests/unmatched", allowed: []) { _ in
                    json(200, requests(unmatchedOnly: true, limit: nil, since: nil))
                }
            }
        case "/reset":
            return only("POST", method) {
                journal.clear()
                store.library.resetSequences()
                random.reset()
                events.publish("reset", data: .object(["reset": .bool(true)]))
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

    /// The answer `body` makes of `request`'s query read as `endpoint`'s (``AdminQuery``), or the
    /// admin API's 400 naming what was wrong with it.
    private func withQuery(
        _ request: HTTPRequest, endpoint: String, allowed: [String],
        _ body: (AdminQuery) throws(AdminQueryError) -> HTTPResponse
    ) -> HTTPHandlerResult {
        do {
            return .respond(try body(try AdminQuery(request.query, endpoint: endpoint, allowed: allowed)))
        } catch {
            return .respond(json(400, .object(["error": .string(error.description)])))
        }
    }

    func only(_ allowed: String, _ method: String, _ answer: () -> HTTPHandlerResult) -> HTTPHandlerResult {
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
            "cassetteDirectory": .string(shownDirectory ?? store.directory.lastPathComponent),
            "providers": .array(store.providers.registered.map { .string($0.name) }),
            "cassettes": .number(library.cassettes.count),
            "interactions": .number(library.interactionCount),
            "requests": .number(counts.total),
            "matched": .number(counts.matched),
            "unmatched": .number(counts.unmatched),
            "uptimeSeconds": .number(Int(uptime)),
            "clock": clockReading(),
            "tls": tlsActivity.json,
        ])
    }

    /// Entries of the cassette directory left out, each as `{"path": ..., "reason": ...}`.
    static func describe(_ skipped: [SkippedEntry]) -> JSONValue {
        .array(
            skipped.map { entry in
                .object([("path", .string(entry.relativePath)), ("reason", .string(entry.reason))])
            })
    }

    static func describe(_ interaction: Interaction) -> JSONValue {
        describe(interaction, position: nil)
    }

    /// An interaction with, for a sequence, where it has got to (`position`).
    static func describe(_ interaction: Interaction, position: SequencePosition?) -> JSONValue {
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
        var fields: [(String, JSONValue)] = [
            ("request", .object(requestFields)),
            ("statuses", .array(interaction.responses.map { .number($0.status) })),
            ("sequence", .bool(interaction.isSequence)),
            ("expect", interaction.expectation.map(Self.describe) ?? .null),
            ("responses", .array(interaction.responses.map(Self.describe))),
        ]
        if let position {
            let served = position.served
            fields.append(
                (
                    "position",
                    .object([
                        ("served", .number(served)),
                        ("next", .number(min(served, interaction.responses.count - 1))),
                        ("count", .number(interaction.responses.count)),
                    ])
                ))
        }
        return .object(fields)
    }

    static func describe(_ response: ResponseTemplate) -> JSONValue {
        var fields: [(String, JSONValue)] = [("status", .number(response.status))]
        if let expectation = response.expectation { fields.append(("expect", describe(expectation))) }
        switch response.delay {
        case .fixed(let milliseconds)?: fields.append(("delayMs", .number(milliseconds)))
        case .uniform(let low, let high)?: fields.append(("delayMs", .string("\(low)-\(high)")))
        case nil: break
        }
        if let fault = response.fault { fields.append(("fault", .string(fault.kind.rawValue))) }
        return .object(fields)
    }

    static func describe(_ expectation: Expectation) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let error = expectation.error { fields.append(("error", .string(error))) }
        if let message = expectation.message { fields.append(("message", .string(message))) }
        for detail in expectation.details {
            switch detail.value {
            case .text(let text): fields.append((detail.name, .string(text)))
            case .integer(let value): fields.append((detail.name, .number(value)))
            case .number(let value): fields.append((detail.name, .number(value)))
            }
        }
        return .object(fields)
    }

    static func describe(_ reload: CassetteStore.ReloadOutcome) -> JSONValue {
        .object([
            ("time", .string(Timestamp.iso8601(milliseconds: reload.timestampMilliseconds))),
            ("succeeded", .bool(reload.error == nil)),
            ("problems", .array(reload.error.map(Self.problems) ?? [])),
            ("skipped", describe(reload.skipped)),
            ("filesRead", .number(reload.read)), ("unchanged", .number(reload.reused)),
        ])
    }

    /// Every problem of a refused reload, each with its file, JSON path, line and column where known.
    static func problems(_ error: CassetteLoadError) -> [JSONValue] {
        switch error {
        case .invalid(let validation):
            validation.problems.map { problem -> JSONValue in
                let line: JSONValue = problem.line.map { .number($0) } ?? .null
                let column: JSONValue = problem.column.map { .number($0) } ?? .null
                return .object([
                    ("file", .string(problem.file)), ("jsonPath", .string(problem.jsonPath)), ("line", line),
                    ("column", column), ("message", .string(problem.message)),
                    ("description", .string(problem.description)),
                ])
            }
        case .directoryNotFound:
            [.object([("message", .string(error.description)), ("description", .string(error.description))])]
        }
    }

    private func requests(unmatchedOnly: Bool, limit: Int?, since: Int?) -> JSONValue {
        var entries = since.map { journal.entries(after: $0).entries } ?? journal.entries()
        if unmatchedOnly { entries = entries.filter(\.isUnmatched) }
        if let limit, entries.count > limit { entries = Array(entries.suffix(limit)) }
        let counts = journal.counts
        return .object([
            "capacity": .number(journal.capacity),
            "total": .number(unmatchedOnly ? counts.unmatched : counts.total),
            "requests": .array(entries.map { Self.describe($0, providers: store.providers) }),
        ])
    }

    /// The journal as a HAR archive (`JournalHAR`), offered as a download and streamed: its memory is
    /// one batch of entries, whatever the journal holds.
    private func requestsHAR(host: String, limit: Int?) -> HTTPResponse {
        var entries = journal.entries()
        if let limit, entries.count > limit { entries = Array(entries.suffix(limit)) }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Content-Disposition", value: "attachment; filename=\"mockweather-requests.har\"")
        return HTTPResponse(status: 200, headers: headers, stream: JournalHAR.stream(entries, host: host))
    }

    /// An entry as `/__admin/requests` and the event feed show it; `providers` read its answer and
    /// place it on the map.
    static func describe(_ entry: JournalEntry, providers: ProviderSet) -> JSONValue {
        let provider = providers.provider(forPath: entry.path)?.provider
        let query = QueryParameters(entry.query ?? "")
        let point = provider?.mapPoint(of: query)
        let answer = entry.response.flatMap { provider?.summary(ofAnswer: $0.body, query: query) }
        var fields: [(String, JSONValue)] = [
            ("sequence", .number(entry.sequenceNumber)),
            ("time", .string(Timestamp.iso8601(milliseconds: entry.timestampMilliseconds))),
            ("method", .string(entry.method)),
            ("scheme", .string(entry.secureHost == nil ? "http" : "https")),
            ("host", .string(entry.secureHost)),
            ("path", .string(entry.path)),
            ("query", .string(entry.query)),
            ("status", .number(entry.status)),
            ("matched", .string(entry.matched)),
            ("cassette", .string(entry.matched.map(Self.cassetteName(inLabel:)))),
            ("nearMiss", .string(entry.nearMiss)),
            ("nearMissRules", .array(entry.nearMissRules.map(Self.describe))),
            ("unmatched", .bool(entry.isUnmatched)),
            ("durationMs", .number(Double(entry.durationMicroseconds) / 1000)),
            ("delayMs", .number(entry.delayMilliseconds)),
            ("fault", .string(entry.fault?.description)),
            (
                "coordinates",
                point.map { .object(["lat": .number($0.latitude), "lon": .number($0.longitude)]) } ?? .null
            ),
            ("answer", answer?.json ?? .null),
        ]
        // Only where a cassette put over another set answered (in-process replays).
        if let overridden = entry.overridden { fields.append(("overrides", .string(overridden))) }
        return .object(fields)
    }

    static func describe(_ rule: RuleOutcome) -> JSONValue {
        .object([
            ("rule", .string(rule.rule)), ("passed", .bool(rule.passed)), ("requested", .string(rule.requested)),
            ("expected", .string(rule.expected)), ("difference", rule.passed ? .null : .string(rule.difference)),
        ])
    }

    /// `openweathermap/current/seoul` from a journal label such as `…/seoul#1 [2/3]`.
    static func cassetteName(inLabel label: String) -> String {
        var name = Substring(label)
        if name.hasSuffix("]"), let bracket = name.ranges(of: " [").last {
            name = name[..<bracket.lowerBound]
        }
        if let hash = name.lastIndex(of: "#"), !name[name.index(after: hash)...].isEmpty,
            name[name.index(after: hash)...].allSatisfy(\.isNumber)
        {
            name = name[..<hash]
        }
        return String(name)
    }

    private func reload() -> HTTPResponse {
        do {
            let library = try store.reload()
            onReload("reloaded \(library.cassettes.count) cassettes (\(library.interactionCount) interactions)")
            reportSkipped()
            events.publish("cassettes", data: .object(["reloaded": .bool(true)]))
            return json(
                200,
                .object([
                    "reloaded": .bool(true), "cassettes": .number(library.cassettes.count),
                    "interactions": .number(library.interactionCount),
                    "skipped": Self.describe(store.lastReload?.skipped ?? []),
                ]))
        } catch {
            onReload("reload refused, still serving the previous cassettes: \(error)")
            reportSkipped()
            events.publish("cassettes", data: .object(["reloaded": .bool(false)]))
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
                    "skipped": Self.describe(store.lastReload?.skipped ?? []),
                ]))
        }
    }

    /// Names each entry the reload left out in the server's diagnostics, as start-up does.
    private func reportSkipped() {
        for entry in store.lastReload?.skipped ?? [] {
            onReload(entry.logText)
        }
    }

    func json(_ status: Int, _ body: JSONValue) -> HTTPResponse {
        HTTPResponse.json(status: status, body)
    }
}

extension HTTPResponse {
    /// A JSON answer of mockweather's own (admin calls, refusals), never cached.
    static func json(status: Int, _ body: JSONValue) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: headers, body: body.compactBytes)
    }
}
