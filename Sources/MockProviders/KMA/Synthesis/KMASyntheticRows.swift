import Basics
import HTTPServer
import MockEngine

/// The rows of one synthetic issuance, kept small (a category, an index into the forecast times, a
/// value) until a page of them is written: only the page asked for becomes JSON or XML, through the
/// writer recorded answers use (``KMAEnvelope/page(result:count:totalCount:paging:format:rows:)``). A
/// row has the API's members and types: `baseDate`, `baseTime`, `category`, `fcstDate`, `fcstTime`,
/// `fcstValue`, `nx`, `ny` for a forecast, `baseDate`, `baseTime`, `category`, `nx`, `ny`, `obsrValue`
/// for the nowcast; `nx`/`ny` numbers, everything else strings.
struct KMASyntheticRows {
    /// One row: its category, the index of its forecast time in ``times`` (ignored for the nowcast)
    /// and its value as the service writes it.
    struct Row {
        var category: String
        var time: Int
        var value: String
    }

    /// The issuance the rows carry (`baseDate`/`baseTime`).
    let issuance: KMATime
    let cell: KMACell
    /// Whether the rows are the nowcast's (`obsrValue`, no forecast time).
    let isObservation: Bool
    /// The forecast times the rows point into.
    var times: [KMATime] = []
    var rows: [Row] = []

    /// Rows of `issuance` at `cell`, none yet.
    init(issuance: KMATime, cell: KMACell, isObservation: Bool) {
        self.issuance = issuance
        self.cell = cell
        self.isObservation = isObservation
    }

    /// Adds a forecast time, returning its index.
    mutating func addTime(_ time: KMATime) -> Int {
        times.append(time)
        return times.count - 1
    }

    /// Adds a row.
    mutating func add(_ category: String, time: Int = 0, _ value: String) {
        rows.append(Row(category: category, time: time, value: value))
    }

    /// The page `paging` asks for in `format`, a synthetic 200 (NO_DATA for a page past the last row),
    /// named `rule` in the journal.
    func answer(format: KMAFormat, paging: KMAPaging, rule: String) -> SynthesizedAnswer {
        let text = KMAEnvelope.page(
            result: Self.normal, count: rows.count, totalCount: rows.count, paging: paging, format: format,
            rows: members(of:))
        return Self.answer(text, format: format, rule: rule)
    }

    /// The service's `00 NORMAL_SERVICE`.
    static let normal = KMAResult(code: "00", message: "NORMAL_SERVICE")

    /// A synthetic 200 whose body is `text` in `format`, named `rule` in the journal.
    static func answer(_ text: [UInt8], format: KMAFormat, rule: String) -> SynthesizedAnswer {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: format.contentType)
        return SynthesizedAnswer(
            response: HTTPResponse(status: 200, headers: headers, body: text), isSynthetic: true,
            rule: rule)
    }

    /// The members of the rows in `range`, with each forecast time's date and time written once.
    private func members(of range: Range<Int>) -> [[(String, JSONValue)]] {
        let baseDate = JSONValue.string(issuance.dateText)
        let baseTime = JSONValue.string(issuance.timeText)
        let nx = JSONValue.number(cell.x)
        let ny = JSONValue.number(cell.y)
        if isObservation {
            return rows[range].map { row in
                [
                    ("baseDate", baseDate), ("baseTime", baseTime), ("category", .string(row.category)), ("nx", nx),
                    ("ny", ny), ("obsrValue", .string(row.value)),
                ]
            }
        }
        var written: [Int: (JSONValue, JSONValue)] = [:]
        return rows[range].map { row in
            let time: (JSONValue, JSONValue)
            if let known = written[row.time] {
                time = known
            } else {
                time = (.string(times[row.time].dateText), .string(times[row.time].timeText))
                written[row.time] = time
            }
            return [
                ("baseDate", baseDate), ("baseTime", baseTime), ("category", .string(row.category)),
                ("fcstDate", time.0), ("fcstTime", time.1), ("fcstValue", .string(row.value)), ("nx", nx),
                ("ny", ny),
            ]
        }
    }
}
