/// A request as matching sees it: method, normalised path and query parameters by lower-case name.
///
/// Built once per request from the raw request-target. Absolute-form targets
/// (`http://api.openweathermap.org/data/2.5/weather?...`) reduce to their path and query, so clients
/// configured with an HTTP proxy (pyowm) match unchanged.
struct ReplayRequest: Sendable {
    var method: String
    /// Percent-decoded, without a trailing slash.
    var path: String
    /// The raw query as sent (after `?`), or nil.
    var rawQuery: String?
    /// Percent-decoded values by lower-case name; the first occurrence of a repeated name wins.
    var parameters: [String: String]

    init(method: String, path rawPath: String, query: String?) {
        self.method = method
        var query = query
        if query == nil, let mark = rawPath.firstIndex(of: "?") {
            query = String(rawPath[rawPath.index(after: mark)...])
        }
        self.path = RequestPath.normalized(rawPath)
        self.rawQuery = query
        self.parameters = Self.parse(query)
    }

    static func parse(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            let key = RequestPath.percentDecoded(name, plusIsSpace: true).lowercased()
            if parameters[key] == nil {
                parameters[key] = RequestPath.percentDecoded(value, plusIsSpace: true)
            }
        }
        return parameters
    }

    /// `lat` and `lon` as numbers, when both are present and numeric.
    var coordinate: (latitude: Double, longitude: Double)? {
        guard let latitude = parameters["lat"].flatMap(NumericText.value(of:)),
            let longitude = parameters["lon"].flatMap(NumericText.value(of:))
        else { return nil }
        return (latitude, longitude)
    }

    /// `GET /data/2.5/weather?q=busan&appid=***`: the request as logs and diagnoses show it, key scrubbed.
    var displayText: String {
        guard let rawQuery, !rawQuery.isEmpty else { return "\(method) \(path)" }
        return "\(method) \(path)?\(KeyScrubber.scrubbedQuery(rawQuery))"
    }
}
