package import HTTPServer
import Synchronization

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A request as every layer after the connection sees it: the ``HTTPRequest`` the server handed over
/// (``http``), and its reading for matching: method, normalised path, query parameters by lower-case
/// name, headers, and the provider whose API it is for (docs/ARCHITECTURE.md#providers). The one value
/// that travels from the handler to the responder, its strategies, record mode's forwarder and the
/// admin API, so what one of them needs of the request is read where it was received.
///
/// Built once per request from the raw request-target, without copying the query: parameters are
/// found by scanning it (queries hold a handful of parameters), and only values that are
/// percent-encoded are decoded. Absolute-form targets (`http://api.example.com/path?...`) reduce to
/// their path and query, so clients configured with an HTTP proxy match unchanged.
package struct ReplayRequest: Sendable {
    /// The request as received: its target, body, peer and every other part the reading below leaves
    /// out (record mode forwards it whole, the admin API checks its peer and `Host`). A request made
    /// from its parts (recording, HAR export, tests) holds the request those parts make.
    package let http: HTTPRequest
    /// The method as received.
    var method: String { http.method }
    /// Percent-decoded, without a trailing slash.
    package var path: String
    /// The raw query as sent (after `?`), or nil.
    var rawQuery: String? { http.query }
    /// Values by lower-case name (`parameters["q"]` finds `Q`); the first of a repeated name wins.
    package let parameters: QueryParameters
    /// The headers as received (a provider's rules read a key carried in one).
    package var headers: HTTPHeaders { http.headers }
    /// The provider whose path prefix the path starts with, nil when none claims it.
    package let provider: RegisteredProvider?
    /// The provider's coordinate parameters as numbers, when both are present, numeric and in range
    /// (``CoordinateRange``).
    let coordinate: (latitude: Double, longitude: Double)?
    /// The mock clock's reading when the request arrived (``MockClock``): what a provider's rules and
    /// shaping take as "now", so both agree on one instant. Reading it is noted (``readTheClock``):
    /// an answer that depended on the time is never taken from the ``AnswerMemo``.
    package var now: Date {
        get {
            clockReading.wasRead.store(true, ordering: .relaxed)
            return instant
        }
        set { instant = newValue }
    }
    private var instant: Date
    /// Shared by every copy of this request, so a read through any of them is seen.
    private let clockReading = ClockReading()
    /// The server's `--shift-times`: whether recorded times are shifted to ``now`` for a response
    /// whose cassette states no `shiftTimes` of its own (``ResponseTemplate/shiftTimes``). Carried
    /// here, beside the instant it shifts to, so providers read it where they read the request.
    package var shiftsTimesByDefault = false

    /// The request for `method`, the raw `path` (or a whole target with its query) and `query`, read
    /// with the vocabulary of the provider in `providers` that claims the path, arrived at `now` by the
    /// mock clock (real time where no clock is in play: recording, HAR export).
    package init(
        method: String, path rawPath: String, query: String?, headers: HTTPHeaders = HTTPHeaders(),
        providers: ProviderSet, now: Date = Date()
    ) {
        // The query a whole target carries, when none is given; the path as a server would hand it
        // over, without it (the normalised path is the same either way).
        var path = Substring(rawPath)
        var query = query
        if let mark = rawPath.utf8.firstIndex(of: UInt8(ascii: "?")) {
            if query == nil { query = String(rawPath[rawPath.utf8.index(after: mark)...]) }
            path = rawPath[..<mark]
        }
        let request = HTTPRequest(
            method: method, target: query.map { "\(path)?\($0)" } ?? String(path), path: String(path), query: query,
            host: headers["Host"], headers: headers)
        self.init(request, providers: providers, now: now)
    }

    /// The request an ``HTTPRequest`` is, for `providers`, arrived at `now`, on a server whose
    /// `--shift-times` is `shiftsTimesByDefault`.
    init(_ request: HTTPRequest, providers: ProviderSet, now: Date = Date(), shiftsTimesByDefault: Bool = false) {
        self.http = request
        self.instant = now
        self.shiftsTimesByDefault = shiftsTimesByDefault
        let path = RequestPath.normalized(request.path)
        self.path = path
        let provider = providers.provider(forPath: path)
        self.provider = provider
        let parameters = QueryParameters(
            request.query ?? "", caseInsensitive: provider?.vocabulary.caseInsensitiveParameters ?? [],
            secrets: providers.secretParameterNames)
        self.parameters = parameters
        if let names = provider?.vocabulary.coordinates,
            let latitude = parameters[names.latitude].flatMap(NumericText.value(of:)),
            let longitude = parameters[names.longitude].flatMap(NumericText.value(of:))
        {
            coordinate = CoordinateRange.point(latitude: latitude, longitude: longitude)
        } else {
            coordinate = nil
        }
    }

    /// The first coordinate parameter whose number lies outside its range, if any: read only when no
    /// cassette matched, so the usual request pays nothing for it.
    var outOfRangeCoordinate: OutOfRangeCoordinate? {
        provider?.vocabulary.coordinates.flatMap { CoordinateRange.outOfRange($0, in: parameters) }
    }

    /// Whether anything read ``now`` while the request was answered.
    var readTheClock: Bool { clockReading.wasRead.load(ordering: .relaxed) }

    /// Its provider's vocabulary, or the empty one.
    var vocabulary: RequestVocabulary { provider?.vocabulary ?? .empty }

    /// Whether the request leaves parameter `name` (lower-case) out as far as matching goes: not sent,
    /// or sent with its provider's default (``RequestVocabulary/isDefault(_:forParameter:)``). Read in
    /// place: ``vocabulary`` is a copy, which retains each of its collections.
    func leavesOut(_ name: String) -> Bool {
        guard let value = parameters[name] else { return true }
        return provider?.vocabulary.isDefault(value, forParameter: name) ?? false
    }

    /// Whether the request's parameter `name` (lower-case) carries a secret.
    func isSecretParameter(_ name: String) -> Bool { parameters.isSecret(name) }

    /// Whether the header `name` (lower-case) carries a secret of the request's provider.
    func isSecretHeader(_ name: String) -> Bool { provider?.secretHeaderNames.contains(name) ?? false }

    /// The raw query with key values masked (`key=***`); the query itself when it holds no key.
    var scrubbedQuery: String? {
        guard rawQuery != nil else { return nil }
        return parameters.scrubbed()
    }

    /// `GET /data/2.5/weather?q=busan&key=***`: the request as logs and diagnoses show it, secrets masked.
    var displayText: String {
        guard let query = scrubbedQuery, !query.isEmpty else { return "\(method) \(path)" }
        return "\(method) \(path)?\(query)"
    }
}

/// The parameters of a raw query string, decoded once per request: names lower-cased, values
/// percent-decoded, and each value's matching key (`QueryValue.key`) worked out, so the index and
/// every candidate pattern compare ready values instead of decoding the query again.
package struct QueryParameters: Sendable {
    private struct Parameter: Sendable {
        /// Decoded and lower-cased.
        var name: String
        /// Decoded; `""` for a name without `=`.
        var value: String
        var key: QueryValue.Key
        /// Where the raw value sits in the query's UTF-8, for masking keys.
        var rawValue: Range<Int>
        var isKey: Bool

        /// A key with a value, which ``QueryParameters/scrubbed()`` replaces.
        var isMasked: Bool { isKey && !rawValue.isEmpty }
    }

    private let query: String
    private let parameters: [Parameter]

    /// The parameters of `query`; values of the parameters named in `caseInsensitive` compare without
    /// case, and those named in `secrets` are masked by ``scrubbed()`` (names lower-case).
    init(_ query: String, caseInsensitive: [String] = [], secrets: [String] = []) {
        var query = query
        self.parameters = query.withUTF8 { Self.scan($0, caseInsensitive: caseInsensitive, secrets: secrets) }
        self.query = query
    }

    /// Splits at `&` and `=` on the bytes (the query is usually a handful of ASCII parameters).
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, caseInsensitive: [String], secrets: [String]
    ) -> [Parameter] {
        var parameters: [Parameter] = []
        // One allocation: a parameter per `&`-separated piece at most.
        parameters.reserveCapacity(bytes.reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 })
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
                        name: name, value: value,
                        key: QueryValue.key(value, caseInsensitive: caseInsensitive.contains(name)),
                        rawValue: valueStart..<end, isKey: secrets.contains(name)))
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
    package subscript(name: String) -> String? {
        for parameter in parameters where parameter.name == name { return parameter.value }
        return nil
    }

    /// Every parameter's name, decoded and lower-cased, in order (repeats kept).
    var names: [String] { parameters.map(\.name) }

    /// The matching key (`QueryValue.key`) of the value `self[name]` returns.
    func key(for name: String) -> QueryValue.Key? {
        for parameter in parameters where parameter.name == name { return parameter.key }
        return nil
    }

    /// Whether the parameter `name` (lower-case) is present and carries a secret.
    func isSecret(_ name: String) -> Bool {
        parameters.contains { $0.name == name && $0.isKey }
    }

    /// The values of the parameters that carry a secret, in order, empty ones left out.
    var secretValues: [String] {
        parameters.filter { $0.isKey && !$0.value.isEmpty }.map(\.value)
    }

    /// The query as sent with the value of every secret parameter replaced by `***`; the query itself,
    /// uncopied, when it holds no secret.
    func scrubbed() -> String {
        guard parameters.contains(where: \.isMasked) else { return query }
        var length = query.utf8.count
        for parameter in parameters where parameter.isMasked {
            length += KeyScrubber.maskBytes.count - parameter.rawValue.count
        }
        var query = query
        // Written straight into the new string's storage: the journal entry of every request with a
        // key takes this, and a byte array in between would be a second allocation.
        return query.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: length) { output in
                var written = 0
                func append(_ piece: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<(written + piece.count)])
                        .initialize(from: piece)
                    written += piece.count
                }
                var copiedUpTo = 0
                for parameter in parameters where parameter.isMasked {
                    append(UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<parameter.rawValue.lowerBound]))
                    KeyScrubber.maskBytes.withUnsafeBufferPointer { append($0) }
                    copiedUpTo = parameter.rawValue.upperBound
                }
                append(UnsafeBufferPointer(rebasing: bytes[copiedUpTo...]))
                return written
            }
        }
    }
}

/// Whether a request's ``ReplayRequest/now`` was read.
private final class ClockReading: Sendable {
    let wasRead = Atomic<Bool>(false)
}
