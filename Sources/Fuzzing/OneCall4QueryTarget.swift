import MockProviders

/// One Call 4.0 on arbitrary requests: the world's answers and a recorded pool's pages, their links
/// and the key echoed into them (``OneCall4QueryCheck``).
enum OneCall4QueryTarget {
    static let target = FuzzTarget(
        name: "onecall4-query",
        summary:
            "One Call 4.0 requests: 200/400/404 JSON, pages within their size and step, links that echo only the key"
    ) { bytes in
        OneCall4QueryCheck.brokenPromise(bytes)
    }
}
