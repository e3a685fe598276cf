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
    ) -> String {
        guard let range = paging.range(of: count) else { return KMAAnswers.body(KMAAnswers.noData, format: format) }
        let body = Body(rows: rows(range), pageNo: paging.page, numOfRows: paging.rowsPerPage, totalCount: totalCount)
        return text(result: result, body: body, format: format)
    }

    /// The answer `result` with `body` in `format`.
    static func text(result: KMAResult, body: Body, format: KMAFormat) -> String {
        switch format {
        case .json:
            let items = JSONValue.array(body.rows.map { JSONValue.object($0) })
            let envelope = JSONValue.object([
                (
                    "response",
                    .object([
                        (
                            "header",
                            .object([("resultCode", .string(result.code)), ("resultMsg", .string(result.message))])
                        ),
                        (
                            "body",
                            .object([
                                ("dataType", .string("JSON")), ("items", .object([("item", items)])),
                                ("pageNo", .number(body.pageNo)), ("numOfRows", .number(body.numOfRows)),
                                ("totalCount", .number(body.totalCount)),
                            ])
                        ),
                    ])
                )
            ])
            return String(decoding: envelope.compactBytes, as: UTF8.self)
        case .xml:
            var text = KMAXML.declaration + "<response><header><resultCode>\(KMAXML.escaped(result.code))"
            text += "</resultCode><resultMsg>\(KMAXML.escaped(result.message))</resultMsg></header>"
            text += "<body><dataType>XML</dataType><items>"
            for row in body.rows {
                text += "<item>"
                for (name, value) in row { text += "<\(name)>\(xmlText(value))</\(name)>" }
                text += "</item>"
            }
            text += "</items><numOfRows>\(body.numOfRows)</numOfRows><pageNo>\(body.pageNo)</pageNo>"
            text += "<totalCount>\(body.totalCount)</totalCount></body></response>"
            return text
        }
    }

    /// A row value as XML text: a string escaped, a number as written, null empty.
    private static func xmlText(_ value: JSONValue) -> String {
        if let string = value.stringValue { return KMAXML.escaped(string) }
        if let number = value.numberText { return number }
        return ""
    }
}
