/// A request as matching sees it: method, normalised path and query parameters by lower-case name.
///
/// Built once per request from the raw request-target, without copying the query: parameters are
/// found by scanning it (queries hold a handful of parameters), and only values that are
/// percent-encoded are decoded. Absolute-form targets (`http://api.openweathermap.org/data/2.5/weather?...`)
/// reduce to their path and query, so clients configured with an HTTP proxy (pyowm) match unchanged.
struct ReplayRequest: Sendable {
    var method: String
    /// Percent-decoded, without a trailing slash.
    var path: String
    /// The raw query as sent (after `?`), or nil.
    var rawQuery: String?
    /// Values by lower-case name (`parameters["appid"]` finds `APPID`); the first of a repeated name wins.
    let parameters: QueryParameters
    /// `lat` and `lon` as numbers, when both are present and numeric.
    let coordinate: (latitude: Double, longitude: Double)?

    init(method: String, path rawPath: String, query: String?) {
        self.method = method
        var query = query
        if query == nil, let mark = rawPath.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rawPath[rawPath.utf8.index(after: mark)...])
        }
        self.path = RequestPath.normalized(rawPath)
        self.rawQuery = query
        let parameters = QueryParameters(query ?? "")
        self.parameters = parameters
        if let latitude = parameters["lat"].flatMap(NumericText.value(of:)),
            let longitude = parameters["lon"].flatMap(NumericText.value(of:))
        {
            coordinate = (latitude, longitude)
        } else {
            coordinate = nil
        }
    }

    /// The raw query with key values masked (`appid=***`); the query itself when it holds no key.
    var scrubbedQuery: String? {
        guard rawQuery != nil else { return nil }
        return parameters.scrubbed()
    }

    /// `GET /data/2.5/weather?q=busan&appid=***`: the request as logs and diagnoses show it, key scrubbed.
    var displayText: String {
        guard let query = scrubbedQuery, !query.isEmpty else { return "\(method) \(path)" }
        return "\(method) \(path)?\(query)"
    }
}

/// The parameters of a raw query string, looked up by lower-case name without building a dictionary.
struct QueryParameters: Sendable {
    private struct Pair: Sendable {
        var name: Range<String.Index>
        var value: Range<String.Index>
        var nameIsPlain: Bool
        var valueIsPlain: Bool
    }

    private let query: String
    private let pairs: [Pair]

    init(_ query: String) {
        self.query = query
        var pairs: [Pair] = []
        let utf8 = query.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start < end {
                let equals = utf8[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                let valueStart = equals < end ? utf8.index(after: equals) : end
                pairs.append(
                    Pair(
                        name: start..<equals, value: valueStart..<end,
                        nameIsPlain: Self.isPlain(utf8[start..<equals]),
                        valueIsPlain: Self.isPlain(utf8[valueStart..<end])))
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        self.pairs = pairs
    }

    private static func isPlain(_ bytes: Substring.UTF8View) -> Bool {
        !bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }

    /// The decoded value of the first parameter whose name, decoded and lower-cased, is `name`
    /// (which must be lower-case); `""` for a name without `=`.
    subscript(name: String) -> String? {
        for pair in pairs where matches(pair, name) {
            let raw = query[pair.value]
            return pair.valueIsPlain ? String(raw) : RequestPath.percentDecoded(raw, plusIsSpace: true)
        }
        return nil
    }

    /// The query as sent with the value of every key parameter (`appid`, ...) replaced by `***`;
    /// the query itself, uncopied, when it holds no key.
    func scrubbed() -> String {
        var output: String?
        var copiedUpTo = query.startIndex
        for pair in pairs where !pair.value.isEmpty && KeyScrubber.keyParameters.contains(where: { matches(pair, $0) })
        {
            if output == nil { output = String() }
            output!.append(contentsOf: query[copiedUpTo..<pair.value.lowerBound])
            output!.append(KeyScrubber.mask)
            copiedUpTo = pair.value.upperBound
        }
        guard var output else { return query }
        output.append(contentsOf: query[copiedUpTo...])
        return output
    }

    private func matches(_ pair: Pair, _ name: String) -> Bool {
        let raw = query[pair.name]
        guard pair.nameIsPlain else { return RequestPath.percentDecoded(raw, plusIsSpace: true).lowercased() == name }
        let given = raw.utf8
        let wanted = name.utf8
        guard given.count == wanted.count else { return false }
        return zip(given, wanted).allSatisfy {
            $0 == $1 || ($0 | 0x20 == $1 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($1))
        }
    }
}
