import Basics
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the dashboard reads of a KMA answer (JSON, or the XML the service answers by default): the
/// cell as the place (`nx 60 ny 127`), the first hour's temperature (`TMP`, or `T1H` for the
/// ultra-short operations) and its precipitation type, else its sky (`rain`, `clear`), and the
/// cell's centre as where the answer is. An answer without rows (NO_DATA, an error) has no summary.
enum KMADashboard {
    /// The summary of `body` for a request whose query is `query`.
    static func summary(of body: [UInt8], query: QueryParameters) -> AnswerSummary? {
        let rows = KMAAnswerRows.rows(of: body)
        guard !rows.isEmpty else { return nil }
        let firstTime = rows.compactMap(\.time).min()
        let first = rows.filter { $0.time == firstTime }
        func value(_ categories: String...) -> String? {
            first.first { categories.contains($0.category) }?.value
        }
        var summary = AnswerSummary()
        let cell = KMACell(query) ?? rows.first.flatMap { row in row.cell.flatMap { KMACell(x: $0.x, y: $0.y) } }
        if let cell {
            summary.place = "nx \(cell.x) ny \(cell.y)"
            let centre = KMAGridProjection.centre(x: cell.x, y: cell.y)
            summary.latitude = centre.latitude
            summary.longitude = centre.longitude
        }
        if let temperature = value("TMP", "T1H").flatMap(NumericText.value(of:)) {
            summary.temperature = temperature
            summary.temperatureUnit = "°C"
        }
        let precipitation = value("PTY").flatMap { Int($0) }.flatMap(precipitationName)
        summary.condition = precipitation ?? value("SKY").flatMap { Int($0) }.flatMap(skyName)
        return summary.isEmpty ? nil : summary
    }

    /// Where a request's cell is: its centre, nil without a cell of the grid.
    static func mapPoint(of query: QueryParameters) -> (latitude: Double, longitude: Double)? {
        KMACell(query).map { KMAGridProjection.centre(x: $0.x, y: $0.y) }
    }

    /// The guide's PTY codes (both tables), nil for 0 (none) and unknown codes.
    static func precipitationName(_ code: Int) -> String? {
        switch code {
        case 1: "rain"
        case 2: "rain and snow"
        case 3: "snow"
        case 4: "shower"
        case 5: "drizzle"
        case 6: "drizzle and snow flurries"
        case 7: "snow flurries"
        default: nil
        }
    }

    /// The guide's SKY codes.
    static func skyName(_ code: Int) -> String? {
        switch code {
        case 1: "clear"
        case 3: "mostly cloudy"
        case 4: "overcast"
        default: nil
        }
    }
}

/// The rows of a KMA answer as the dashboard reads them, from either form.
struct KMAAnswerRows {
    /// `category`.
    var category: String
    /// `fcstValue` or `obsrValue`.
    var value: String
    /// `fcstDate` + `fcstTime` (`202610020000`), nil for a nowcast row.
    var time: String?
    /// `nx`, `ny`.
    var cell: (x: Int, y: Int)?

    /// The rows of `body`: a JSON envelope, or the service's XML (a flat scan of its `<item>`s, which
    /// hold no nested elements); empty for anything else.
    static func rows(of body: [UInt8]) -> [KMAAnswerRows] {
        if AnswerSummary.looksLikeJSON(body) {
            guard let root = try? JSONParser.parse(body), let envelope = KMAEnvelope(root) else { return [] }
            return (envelope.rows ?? []).compactMap { row in
                row.read { name in
                    let value = row.first { $0.0 == name }?.1
                    return value?.stringValue ?? value?.numberText
                }
            }
        }
        return KMAXMLItems.items(of: String(decoding: body, as: UTF8.self)).compactMap { item in
            [(String, JSONValue)]().read { item[$0] }
        }
    }
}

extension [(String, JSONValue)] {
    /// A row read through `field` (a field's text by name), nil without a category and a value.
    fileprivate func read(_ field: (String) -> String?) -> KMAAnswerRows? {
        guard let category = field("category"), let value = field("fcstValue") ?? field("obsrValue") else {
            return nil
        }
        let time = field("fcstDate").flatMap { date in field("fcstTime").map { date + $0 } }
        let cell = field("nx").flatMap { Int($0) }.flatMap { x in field("ny").flatMap { Int($0) }.map { (x, $0) } }
        return KMAAnswerRows(category: category, value: value, time: time, cell: cell)
    }
}

/// The `<item>` elements of the service's XML answer, each a map of its child elements' text
/// (entities `&amp;` `&lt;` `&gt;` read back). Not a general XML reader: the service's items are one
/// level of `<name>text</name>` children, and anything else is skipped.
enum KMAXMLItems {
    /// The items in `text`, at most `limit` of them.
    static func items(of text: String, limit: Int = 10_000) -> [[String: String]] {
        var items: [[String: String]] = []
        var rest = Substring(text)
        while items.count < limit, let open = rest.firstRange(of: "<item>"),
            let close = rest.firstRange(of: "</item>")
        {
            guard open.upperBound <= close.lowerBound else {
                rest = rest[close.upperBound...]
                continue
            }
            items.append(children(of: rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return items
    }

    /// `<name>text</name>` pairs in `content`.
    private static func children(of content: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        var rest = content
        while let start = rest.firstIndex(of: "<"), let end = rest[start...].firstIndex(of: ">") {
            let name = rest[rest.index(after: start)..<end]
            guard !name.isEmpty, !name.hasPrefix("/"), let closing = rest[end...].firstRange(of: "</\(name)>") else {
                rest = rest[rest.index(after: end)...]
                continue
            }
            fields[String(name)] = unescaped(rest[rest.index(after: end)..<closing.lowerBound])
            rest = rest[closing.upperBound...]
        }
        return fields
    }

    private static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return String(text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&"))
    }
}
