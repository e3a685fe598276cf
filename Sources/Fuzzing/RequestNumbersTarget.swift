import MockProviders

/// The whole replay stack on arbitrary query text for each route of the three APIs and the admin
/// API (``RequestNumberCheck``): every number a request carries (coordinates, instants, counts,
/// sequence numbers) is answered with a status, in JSON that is JSON, the same each time.
enum RequestNumbersTarget {
    static let target = FuzzTarget(
        name: "request-numbers",
        summary: "any query on any route of the three APIs and the admin API: a status, valid JSON, the same twice"
    ) { bytes in
        RequestNumberCheck.brokenPromise(bytes)
    }
}
