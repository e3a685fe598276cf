import Basics
import HTTPServer

extension AdminAPI {
    /// The timeout of a wait that names none.
    static let defaultWaitTimeout: Duration = .seconds(5)

    /// `GET /__admin/requests/wait?path=PATH[&method=M][&query.NAME=VALUE…][&timeout=5s][&since=SEQ]`:
    /// waits for the first journal entry numbered after SEQ (without `since`: a request that arrives
    /// after this call) whose method, path and query match (``JournalWaitCriteria``; `query.units=*`
    /// asks only that `units` is present), for at most `timeout` (a duration, `5s` by default, a bare
    /// number in seconds, at most ``JournalWaitLimits/maxTimeout``).
    ///
    /// Answers 200 with the entry as `/__admin/requests` shows it; 504 when the timeout passes, with
    /// what was waited for and what arrived instead (`seen`, the `latest` few, the `closest` with its
    /// `differences`); 400 for a query it cannot wait on (naming the parameter, never a key's value);
    /// 503 when ``JournalWaitLimits/maxWaiters`` waits are pending or the mock is stopping
    /// (``RequestJournal/endWaits()``). Waiting happens off the event loop
    /// (`respondLater`), on the journal's own wake-up, never by polling.
    func waitEndpoint(_ request: HTTPRequest) -> HTTPHandlerResult {
        let endpoint = "GET /__admin/requests/wait"
        let names = QueryParameters(request.query ?? "").names
        let criteriaNames = names.filter { $0.hasPrefix("query.") }
        let query: AdminQuery
        let since: Int?
        do throws(AdminQueryError) {
            query = try AdminQuery(
                request.query, endpoint: endpoint, allowed: ["path", "method", "timeout", "since"] + criteriaNames)
            since = try query.count("since")
        } catch {
            return .respond(json(400, .object([("error", .string(error.description))])))
        }
        func refuse(_ message: String) -> HTTPHandlerResult {
            .respond(json(400, .object([("error", .string("\(endpoint): \(message)"))])))
        }
        guard let path = query.text("path") else { return refuse("path is required (path=/data/2.5/weather)") }
        var timeout = Self.defaultWaitTimeout
        if let text = query.text("timeout") {
            guard let parsed = parseDuration(text, defaultUnit: .seconds) else {
                return refuse("timeout must be a duration such as 5s or 500ms, not '\(JournalWaitCriteria.cut(text))'")
            }
            timeout = parsed
        }
        let criteria: JournalWaitCriteria
        do throws(JournalWaitError) {
            criteria = try JournalWaitCriteria(
                method: query.text("method"), path: path,
                query: criteriaNames.map { (String($0.dropFirst("query.".count)), query.text($0) ?? "") },
                providers: store.providers)
            guard timeout <= journal.waitLimits.maxTimeout else {
                throw .timeoutTooLong(timeout, limit: journal.waitLimits.maxTimeout)
            }
        } catch {
            return refuse(error.description)
        }
        return .respondLater { [self, timeout] in
            do throws(JournalWaitError) {
                let entry = try await journal.wait(
                    for: criteria, after: since, timeout: timeout, clock: ContinuousClock())
                return json(200, Self.describe(entry, providers: store.providers))
            } catch {
                return waitFailure(error)
            }
        }
    }

    /// The answer to a wait that ended without its request.
    private func waitFailure(_ error: JournalWaitError) -> HTTPResponse {
        guard case .timedOut(let report) = error else {
            // Only a limit reached or the mock stopping gets here; the criteria were checked before.
            return json(503, .object([("error", .string(error.description))]))
        }
        let criteria = report.criteria
        let waitedFor: JSONValue = .object([
            ("method", criteria.method.map { .string($0) } ?? .null),
            ("path", .string(criteria.path)),
            ("query", .object(criteria.query.map { ($0.name, .string($0.value ?? "*")) })),
            ("after", .number(report.after)),
            ("timeoutMs", .number(Int(report.timeout.inMilliseconds.rounded()))),
        ])
        var closest: JSONValue = .null
        if let found = report.closest,
            case .object(var members) = Self.describe(found.entry, providers: store.providers).kind
        {
            members.append(
                JSONMember(key: "differences", keyOffset: 0, value: .array(found.differences.map { .string($0) })))
            closest = JSONValue(.object(members))
        }
        return json(
            504,
            .object([
                ("error", .string(report.description)),
                ("waitedFor", waitedFor),
                ("seen", .number(report.seenCount)),
                ("latest", .array(report.latest.map { Self.describe($0, providers: store.providers) })),
                ("closest", closest),
            ]))
    }
}
