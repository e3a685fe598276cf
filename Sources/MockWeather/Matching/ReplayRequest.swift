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

/// The parameters of a raw query string, decoded once per request: names lower-cased, values
/// percent-decoded, and each value's matching key (`QueryValue.key`) worked out, so the index and
/// every candidate pattern compare ready values instead of decoding the query again.
struct QueryParameters: Sendable {
    private struct Parameter: Sendable {
        /// Decoded and lower-cased.
        var name: String
        /// Decoded; `""` for a name without `=`.
        var value: String
        var key: QueryValue.Key
        /// Where the raw value sits in the query's UTF-8, for masking keys.
        var rawValue: Range<Int>
        var isKey: Bool
    }

    private let query: String
    private let parameters: [Parameter]

    init(_ query: String) {
        var query = query
        self.parameters = query.withUTF8 { Self.scan($0) }
        self.query = query
    }

    /// Splits at `&` and `=` on the bytes (the query is usually a handful of ASCII parameters).
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Parameter] {
        var parameters: [Parameter] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if start < end {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let valueStart = equals < end ? equals + 1 : end
                let name = decodedName(UnsafeBufferPointer(rebasing: bytes[start..<equals]))
                let rawValue = UnsafeBufferPointer(rebasing: bytes[valueStart..<end])
                let value =
                    isPlain(rawValue)
                    ? String(decoding: rawValue, as: UTF8.self)
                    : RequestPath.percentDecoded(String(decoding: rawValue, as: UTF8.self), plusIsSpace: true)
                parameters.append(
                    Parameter(
                        name: name, value: value, key: QueryValue.key(value, forParameter: name),
                        rawValue: valueStart..<end, isKey: KeyScrubber.isKeyParameter(name)))
            }
            start = end + 1
        }
        return parameters
    }

    /// The name decoded and lower-cased: ASCII letters only for a plain name, full lower-casing for
    /// a percent-encoded one.
    private static func decodedName(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard isPlain(raw) else {
            return RequestPath.percentDecoded(String(decoding: raw, as: UTF8.self), plusIsSpace: true).lowercased()
        }
        guard raw.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: raw.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }

    /// The decoded value of the first parameter whose name, decoded and lower-cased, is `name`
    /// (which must be lower-case); `""` for a name without `=`.
    subscript(name: String) -> String? {
        for parameter in parameters where parameter.name == name { return parameter.value }
        return nil
    }

    /// The matching key (`QueryValue.key`) of the value `self[name]` returns.
    func key(for name: String) -> QueryValue.Key? {
        for parameter in parameters where parameter.name == name { return parameter.key }
        return nil
    }

    /// The query as sent with the value of every key parameter (`appid`, ...) replaced by `***`;
    /// the query itself, uncopied, when it holds no key.
    func scrubbed() -> String {
        guard parameters.contains(where: { $0.isKey && !$0.rawValue.isEmpty }) else { return query }
        var query = query
        return query.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 8)
            var copiedUpTo = 0
            for parameter in parameters where parameter.isKey && !parameter.rawValue.isEmpty {
                output.append(
                    contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<parameter.rawValue.lowerBound]))
                output.append(contentsOf: KeyScrubber.maskBytes)
                copiedUpTo = parameter.rawValue.upperBound
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo...]))
            return String(decoding: output, as: UTF8.self)
        }
    }
}
