import Basics
import HTTPServer
import MockEngine

/// What a request asks of one recorded KMA answer (always JSON, every row of an issuance):
/// its form (`dataType`, XML by default), its page (`pageNo`, `numOfRows`), the issuance it names
/// (every row's `baseDate`/`baseTime` set to it, `fcstDate`/`fcstTime` moved by the difference from
/// the recorded one; a village forecast served at another hour of the day gets its TMN/TMX rows where
/// that issuance has them, ``KMARecordedExtremes``) and its cell (`nx`/`ny` written into every row).
/// Rows keep the API's types: `nx`/`ny` numbers, everything else strings.
struct KMAVariant: Sendable, Hashable {
    /// The operation asked, nil for another path.
    var operation: KMAOperation?
    var format: KMAFormat
    var paging: KMAPaging
    /// The requested issuance, nil when unreadable (a cassette staging a literal key skips the rules).
    var issuance: KMATime?
    /// The requested cell, nil when none or off the grid.
    var cell: KMACell?

    /// The variant `request` asks of `response`, nil for a body that is not JSON (a gateway's XML,
    /// served byte for byte).
    init?(of response: ResponseTemplate, for request: ReplayRequest) {
        guard case .json? = response.body, KMAOperation(path: request.path) != nil else { return nil }
        self.init(request)
    }

    /// What `request` asks of a recorded JSON answer.
    init(_ request: ReplayRequest) {
        operation = KMAOperation(path: request.path)
        format = KMAFormat(request.parameters)
        paging = KMAPaging(request.parameters)
        issuance = KMARules.issuance(of: request.parameters)
        cell = KMACell(request.parameters)
    }

    /// `declared` made into this variant; a body that is not the service's envelope is served as
    /// declared.
    func shape(_ declared: HTTPResponse) -> HTTPResponse {
        guard let root = try? JSONParser.parse(declared.body), let envelope = KMAEnvelope(root) else {
            return declared
        }
        var response = declared
        response.headers.replaceOrAdd(name: "Content-Type", value: format.contentType)
        guard let rows = envelope.rows else {
            response.body = Array(KMAAnswers.body(envelope.result, format: format).utf8)
            return response
        }
        let recorded = envelope.recordedIssuance
        let shift = issuance.flatMap { requested in recorded.map { requested.seconds - $0.seconds } }
        if operation == .villageForecast, let shift, shift % 86_400 != 0, let issuance, let recorded {
            let layout = KMARecordedExtremes(rows: rows, recorded: recorded, requested: issuance)
            // totalCount counts the rows the recording did not hold (a recorded page) as recorded.
            let totalCount = envelope.totalCount + layout.entries.count - rows.count
            response.body = KMAEnvelope.page(
                result: envelope.result, count: layout.entries.count, totalCount: totalCount, paging: paging,
                format: format
            ) { range in layout.entries[range].map { served($0, of: rows, shift: shift) } }
            return response
        }
        response.body = KMAEnvelope.page(
            result: envelope.result, count: rows.count, totalCount: envelope.totalCount, paging: paging, format: format
        ) { range in rows[range].map { reshaped($0, shift: shift) } }
        return response
    }

    /// The row `entry` names: a recorded row reshaped, or a daily one written as the row it follows.
    private func served(_ entry: KMARecordedExtremes.Entry, of rows: [[(String, JSONValue)]], shift: Int)
        -> [(String, JSONValue)]
    {
        switch entry {
        case .recorded(let index):
            return reshaped(rows[index], shift: shift)
        case .daily(let kind, let value, let index):
            return reshaped(rows[index], shift: shift).map { name, member in
                switch name {
                case "category": (name, .string(kind.category))
                case "fcstValue": (name, .string(value))
                default: (name, member)
                }
            }
        }
    }

    /// `row` with the requested issuance, its forecast time moved by `shift` seconds and the cell.
    private func reshaped(_ row: [(String, JSONValue)], shift: Int?) -> [(String, JSONValue)] {
        let forecast = KMATime(date: row.text("fcstDate") ?? "", time: row.text("fcstTime") ?? "")
        let moved = shift.flatMap { shift in forecast.map { $0.adding(shift) } }
        return row.map { name, value in
            switch name {
            case "baseDate": (name, issuance.map { .string($0.dateText) } ?? value)
            case "baseTime": (name, issuance.map { .string($0.timeText) } ?? value)
            case "fcstDate": (name, moved.map { .string($0.dateText) } ?? value)
            case "fcstTime": (name, moved.map { .string($0.timeText) } ?? value)
            case "nx": (name, cell.map { .number($0.x) } ?? value)
            case "ny": (name, cell.map { .number($0.y) } ?? value)
            default: (name, value)
            }
        }
    }
}

extension [(String, JSONValue)] {
    /// The string value of the member `name`.
    func text(_ name: String) -> String? {
        first { $0.0 == name }?.1.stringValue
    }
}
