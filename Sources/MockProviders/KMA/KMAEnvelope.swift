import Basics
import MockEngine

/// The service's answer envelope (kma-vilage-fcst.md §2.1, §2.6): read from a recorded JSON answer
/// and written in either form. JSON keeps the recorded key order (`dataType`, `items`, `pageNo`,
/// `numOfRows`, `totalCount`); XML has the declaration, `\r\n`, no indentation and `body`'s elements
/// in the order the service writes them (`dataType`, `items`, `numOfRows`, `pageNo`, `totalCount`).
struct KMAEnvelope {
    /// What a written answer's `body` holds.
    struct Body {
        var rows: [[(String, JSONValue)]]
        var pageNo: Int
        var numOfRows: Int
        var totalCount: Int
    }

    /// `response.header`.
    var result: KMAResult
    /// `response.body.items.item`, each row's members in order; nil when the answer has no `body`
    /// (NO_DATA, every error).
    var rows: [[(String, JSONValue)]]?
    /// `response.body.totalCount`, else the rows' count.
    var totalCount: Int

    /// The envelope `root` is, nil when it is not `{"response":{"header":{"resultCode",...}}}`.
    init?(_ root: JSONValue) {
        guard let header = root["response"]?["header"], let code = header["resultCode"]?.stringValue else {
            return nil
        }
        result = KMAResult(code: code, message: header["resultMsg"]?.stringValue ?? "")
        let body = root["response"]?["body"]
        rows = body?["items"]?["item"]?.elements.map { items in
            items.map { item in (item.members ?? []).map { ($0.key, $0.value) } }
        }
        totalCount = body?["totalCount"]?.numberText.flatMap { Int($0) } ?? rows?.count ?? 0
    }

    /// The issuance the rows carry (the first row's `baseDate`/`baseTime`), nil without one.
    var recordedIssuance: KMATime? {
        guard let first = rows?.first, let date = first.text("baseDate"), let time = first.text("baseTime") else {
            return nil
        }
        return KMATime(date: date, time: time)
    }

    /// The page `paging` asks of an issuance of `count` rows as the answer `result` in `format`:
    /// the page's rows made by `rows` from their range, `totalCount` the issuance's; a page past the
    /// last row is NO_DATA without `body`, as the service answers it. Recorded answers
    /// (``KMAVariant``) and the world's (``KMASyntheticRows``) are written by this one function.
    static func page(
        result: KMAResult, count: Int, totalCount: Int, paging: KMAPaging, format: KMAFormat,
        rows: (Range<Int>) -> [[(String, JSONValue)]]
    ) -> [UInt8] {
        guard let range = paging.range(of: count) else {
            return Array(KMAAnswers.body(KMAAnswers.noData, format: format).utf8)
        }
        let body = Body(rows: rows(range), pageNo: paging.page, numOfRows: paging.rowsPerPage, totalCount: totalCount)
        return bytes(result: result, body: body, format: format)
    }

    /// The answer `result` with `body` in `format`, written straight into bytes (a village forecast's
    /// thousand rows build no tree and no intermediate strings).
    static func bytes(result: KMAResult, body: Body, format: KMAFormat) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + body.rows.count * 150)
        switch format {
        case .json:
            out.append(contentsOf: #"{"response":{"header":{"resultCode":"#.utf8)
            JSONValue.writeString(result.code, into: &out)
            out.append(contentsOf: #","resultMsg":"#.utf8)
            JSONValue.writeString(result.message, into: &out)
            out.append(contentsOf: #"},"body":{"dataType":"JSON","items":{"item":["#.utf8)
            for (index, row) in body.rows.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                for (position, (name, value)) in row.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    JSONValue.writeString(name, into: &out)
                    out.append(UInt8(ascii: ":"))
                    value.write(into: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(contentsOf: #"]},"pageNo":"#.utf8)
            out.append(contentsOf: String(body.pageNo).utf8)
            out.append(contentsOf: #","numOfRows":"#.utf8)
            out.append(contentsOf: String(body.numOfRows).utf8)
            out.append(contentsOf: #","totalCount":"#.utf8)
            out.append(contentsOf: String(body.totalCount).utf8)
            out.append(contentsOf: "}}}".utf8)
        case .xml:
            out.append(contentsOf: KMAXML.declaration.utf8)
            out.append(contentsOf: "<response><header><resultCode>".utf8)
            out.append(contentsOf: KMAXML.escaped(result.code).utf8)
            out.append(contentsOf: "</resultCode><resultMsg>".utf8)
            out.append(contentsOf: KMAXML.escaped(result.message).utf8)
            out.append(contentsOf: "</resultMsg></header><body><dataType>XML</dataType><items>".utf8)
            for row in body.rows {
                out.append(contentsOf: "<item>".utf8)
                for (name, value) in row {
                    out.append(UInt8(ascii: "<"))
                    out.append(contentsOf: name.utf8)
                    out.append(UInt8(ascii: ">"))
                    out.append(contentsOf: xmlText(value).utf8)
                    out.append(contentsOf: "</".utf8)
                    out.append(contentsOf: name.utf8)
                    out.append(UInt8(ascii: ">"))
                }
                out.append(contentsOf: "</item>".utf8)
            }
            out.append(contentsOf: "</items><numOfRows>\(body.numOfRows)</numOfRows>".utf8)
            out.append(contentsOf: "<pageNo>\(body.pageNo)</pageNo><totalCount>\(body.totalCount)</totalCount>".utf8)
            out.append(contentsOf: "</body></response>".utf8)
        }
        return out
    }

    /// A row value as XML text: a string escaped, a number as written, null empty.
    private static func xmlText(_ value: JSONValue) -> String {
        if let string = value.stringValue { return KMAXML.escaped(string) }
        if let number = value.numberText { return number }
        return ""
    }
}
