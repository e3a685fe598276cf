import MockProviders

/// The KMA provider on arbitrary query text: its date, time, cell and paging readers, its shaping
/// into XML and JSON and its reading of both back (``KMAQueryCheck``).
enum KMAQueryTarget {
    static let target = FuzzTarget(
        name: "kma-query",
        summary: "KMA query text: a rule's 200 answer or XML and JSON shapes that read back alike, the same each time"
    ) { bytes in
        KMAQueryCheck.brokenPromise(query: bytes)
    }
}
