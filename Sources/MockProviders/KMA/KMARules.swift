import Basics
import MockEngine

/// What the KMA service answers before looking for data (kma-vilage-fcst.md §4, §5), in the order
/// it checks: the gateway's key rules (``KMAGateway``), then the mandatory parameters (11), the cell
/// and the paging numbers (01), whether `base_date`/`base_time` is one of the operation's issuances
/// (01), published by `request.now` (03) and still kept (10, the cut in ``KMAOperation``). Answers
/// are in the form the request asked for (XML unless `dataType=JSON`).
enum KMARules {
    /// The parameters every grid operation requires (`pageNo`/`numOfRows` default to 1 and 10).
    static let mandatory = ["base_date", "base_time", "nx", "ny"]
    /// What `getFcstVersion` requires.
    static let versionMandatory = ["ftype", "basedatetime"]

    /// The answer to `request` when a rule decides it, or nil to let the cassettes answer.
    static func screen(_ request: ReplayRequest, gateway: KMAGateway.Form) -> ScreenedAnswer? {
        if let (refusal, rule) = KMAGateway.refusal(of: request.parameters["servicekey"]) {
            return ScreenedAnswer(response: KMAGateway.response(refusal, form: gateway), rule: rule)
        }
        guard let operation = KMAOperation(path: request.path) else { return nil }
        let format = KMAFormat(request.parameters)
        func answer(_ result: KMAResult, _ why: String) -> ScreenedAnswer {
            ScreenedAnswer(response: KMAAnswers.response(result, format: format), rule: "(kma: \(why))")
        }
        let required = operation.takesIssuance ? mandatory : versionMandatory
        for name in required where (request.parameters[name] ?? "").trimmingASCIIWhitespace().isEmpty {
            return answer(KMAAnswers.missingParameter, "\(name) missing")
        }
        for name in ["pageno", "numofrows"] {
            if let value = request.parameters[name], KMAPaging.number(value) == nil {
                return answer(KMAAnswers.applicationError, "\(name) not a positive integer")
            }
        }
        guard operation.takesIssuance else { return nil }
        guard KMACell(request.parameters) != nil else {
            return answer(KMAAnswers.applicationError, "nx/ny not a cell of the grid")
        }
        guard let issuance = issuance(of: request.parameters), operation.isIssuance(issuance) else {
            return answer(KMAAnswers.applicationError, "base_date/base_time not an issuance of \(operation.rawValue)")
        }
        let now = KMATime(request.now)
        if now < issuance.adding(operation.publicationDelay) {
            return answer(KMAAnswers.noData, "issuance not published yet")
        }
        if now.seconds - issuance.seconds > operation.retention {
            return answer(operation.outdated, "issuance older than the retention")
        }
        return nil
    }

    /// The issuance `base_date` and `base_time` name, nil when either is unreadable.
    static func issuance(of query: QueryParameters) -> KMATime? {
        guard let date = query["base_date"], let time = query["base_time"] else { return nil }
        return KMATime(date: date.trimmingASCIIWhitespace(), time: time.trimmingASCIIWhitespace())
    }
}

/// A cell of the grid as a request names it: `nx` 1...149, `ny` 1...253, plain integers.
struct KMACell: Sendable, Hashable {
    var x: Int
    var y: Int

    /// The cell `query` names, nil when `nx` or `ny` is missing, not an integer or off the grid.
    init?(_ query: QueryParameters) {
        guard let x = query["nx"].flatMap(Self.integer), let y = query["ny"].flatMap(Self.integer) else {
            return nil
        }
        self.init(x: x, y: y)
    }

    /// The cell `x`, `y`, nil off the grid.
    init?(x: Int, y: Int) {
        guard KMAGridProjection.columns.contains(x), KMAGridProjection.rows.contains(y) else { return nil }
        self.x = x
        self.y = y
    }

    /// Digits only (no sign, no decimals), at most four of them.
    private static func integer(_ text: String) -> Int? {
        let text = text.trimmingASCIIWhitespace()
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}
