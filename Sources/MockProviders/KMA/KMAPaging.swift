import MockEngine

/// `pageNo` and `numOfRows` as the service reads them: positive integers, 1 and 10 when left out
/// (kma-vilage-fcst.md §1). Paging cuts the rows of one recorded issuance; `totalCount` stays the
/// issuance's.
struct KMAPaging: Sendable, Hashable {
    /// The page, from 1.
    var page: Int
    /// Rows per page.
    var rowsPerPage: Int

    /// The paging `query` asks for; an unreadable number counts as left out (the rules answer it
    /// with 01 first).
    init(_ query: QueryParameters) {
        page = query["pageno"].flatMap(Self.number) ?? 1
        rowsPerPage = query["numofrows"].flatMap(Self.number) ?? 10
    }

    /// A positive integer of at most nine digits, nil for anything else.
    static func number(_ text: String) -> Int? {
        let text = text.trimmingASCIIWhitespace()
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(text), value > 0
        else { return nil }
        return value
    }

    /// The rows of this page out of `count`, nil for a page past the last row.
    func range(of count: Int) -> Range<Int>? {
        let start = (page - 1) * rowsPerPage
        guard start < count else { return nil }
        return start..<min(count, start + rowsPerPage)
    }
}
