import Basics
import HTTPServer
import Locking
import Synchronization

/// A cassette response encoded once, so the request path only picks a ready `HTTPResponse` (no JSON
/// parsing or re-serialising per request).
///
/// The response is encoded when it is first asked for, then kept: start-up with thousands of
/// cassettes validates and indexes every one before the port opens, but builds the wire bytes only
/// for interactions that are actually requested (a few microseconds on their first request). A JSON
/// body asked for in other units, or with One Call blocks excluded, is made on first use too.
struct PreparedResponse: Sendable {
    private let encoding: LazyEncoding
    let delay: DelaySpecification?
    let fault: FaultSpecification?
    let status: Int

    /// Names the cassette (and interaction) that answered, on every replayed response.
    static let cassetteHeader = "X-Mockweather-Cassette"

    /// Headers the server owns: a cassette's copies (e.g. recorded ones) would contradict the real ones.
    static let serverOwnedHeaders = ["content-length", "transfer-encoding", "connection", "date"]

    /// Whether `name` is one of ``serverOwnedHeaders``, compared ASCII case-insensitively.
    static func isServerOwned(_ name: String) -> Bool {
        serverOwnedHeaders.contains { owned in
            owned.utf8.count == name.utf8.count
                && zip(owned.utf8, name.utf8).allSatisfy { $0 == ($1 &- UInt8(ascii: "A") < 26 ? $1 | 0x20 : $1) }
        }
    }

    init(_ template: ResponseTemplate, cassetteName: String) {
        status = template.status
        delay = template.delay
        fault = template.fault
        encoding = LazyEncoding(template: template, cassetteName: cassetteName)
    }

    /// The response for a request in `units` that excludes `excluded` (One Call's `exclude`), asks
    /// for at most `itemLimit` forecast items (`cnt`) and, for a ranged interaction, only the items in
    /// `window` (air pollution history's `start`/`end`).
    func response(
        in units: Units, excluding excluded: ExcludedBlocks = [], itemLimit: Int? = nil, window: ItemWindow? = nil
    ) -> HTTPResponse {
        let encoded = encoding.encoded
        let variant = ResponseVariant(units: units, excluded: excluded, itemLimit: itemLimit)
        guard let window else { return encoded.response(for: variant) }
        return encoded.response(for: variant, keeping: window)
    }

    /// The template until first use, then its encoding, published once for every event loop.
    private final class LazyEncoding: Sendable {
        let template: ResponseTemplate
        let cassetteName: String
        private let cached = AtomicLazyReference<Encoded>()

        init(template: ResponseTemplate, cassetteName: String) {
            self.template = template
            self.cassetteName = cassetteName
        }

        var encoded: Encoded {
            if let encoded = cached.load() { return encoded }
            // Two loops may encode at once; both produce the same bytes and the first one stored wins.
            return cached.storeIfNil(Encoded(template, cassetteName: cassetteName))
        }
    }

    private final class Encoded: Sendable {
        let declared: HTTPResponse
        let declaredUnits: Units
        let conversions: ConvertedVariants?
        /// Each variant's body split around its ranged items, made on the first ranged request.
        private let slices = Locked<[SliceKey: ItemSlices]>([:])

        private struct SliceKey: Hashable {
            var variant: ResponseVariant
            var selection: RangeRule.Selection
        }

        init(_ template: ResponseTemplate, cassetteName: String) {
            var conversions: ConvertedVariants?
            var headers = HTTPHeaders()
            for field in template.headers where !PreparedResponse.isServerOwned(field.name) {
                headers.add(name: field.name, value: field.value)
            }
            if headers["Content-Type"] == nil, let contentType = PreparedResponse.defaultContentType(for: template.body)
            {
                headers.add(name: "Content-Type", value: contentType)
            }
            headers.add(name: PreparedResponse.cassetteHeader, value: cassetteName)
            headers.precomputeWireFormat()  // sent on every request: encoded once
            let response = HTTPResponse(status: template.status, headers: headers)
            declaredUnits = template.units
            switch template.body {
            case .json(let json):
                let body = json.compactBytes
                declared = PreparedResponse.with(response, body: body)
                // Whether the body has anything to convert or drop is found out on the first request
                // for another variant.
                conversions = ConvertedVariants(template: response, compactBody: body, units: template.units)
            case .text(let text): declared = PreparedResponse.with(response, body: Array(text.utf8))
            case .base64(let bytes): declared = PreparedResponse.with(response, body: bytes)
            case nil: declared = response
            }
            self.conversions = conversions
        }

        func response(for variant: ResponseVariant) -> HTTPResponse {
            guard variant.units != declaredUnits || !variant.excluded.isEmpty || variant.itemLimit != nil,
                let conversions
            else { return declared }
            return conversions.response(for: variant)
        }

        /// The variant with only the items in `window`. Only `json` bodies are cut (a `text` body is
        /// served byte for byte); a body without the declared items array is served whole.
        func response(for variant: ResponseVariant, keeping window: ItemWindow) -> HTTPResponse {
            var served = response(for: variant)
            guard conversions != nil else { return served }
            let key = SliceKey(variant: variant, selection: window.selection)
            let cut: ItemSlices
            if let cached = slices.withLock({ $0[key] }) {
                cut = cached
            } else {
                // Two loops may split at once; both get the same pieces and the last one stored is kept.
                cut = ItemSlices(compactBody: served.body, selection: window.selection)
                slices.withLock { $0[key] = cut }
            }
            if let body = cut.body(keeping: window) { served.body = body }
            return served
        }
    }

    fileprivate static func with(_ response: HTTPResponse, body: [UInt8]) -> HTTPResponse {
        var response = response
        response.body = body
        return response
    }

    fileprivate static func defaultContentType(for body: ResponseBody?) -> String? {
        switch body {
        case .json: "application/json; charset=utf-8"
        case .text(let text) where !text.isEmpty: "text/plain; charset=utf-8"
        case .base64: "application/octet-stream"
        default: nil
        }
    }

}

/// What a request asks of a JSON body beyond matching: its units, the One Call blocks it excludes and
/// the forecast items it wants (`cnt`).
struct ResponseVariant: Hashable, Sendable {
    var units: Units
    var excluded: ExcludedBlocks
    var itemLimit: Int?
}

/// The variants of one JSON body (other units, One Call blocks excluded), each made on first use from
/// its compact text (parsed then) and kept; a body with nothing to convert or drop is served as
/// declared. There are at most 3 × 32 × (items + 1) variants of a body: a `cnt` at least as long as
/// the list is no limit.
final class ConvertedVariants: Sendable {
    private let template: HTTPResponse
    private let compactBody: [UInt8]
    private let units: Units
    private let cache = Locked<[ResponseVariant: HTTPResponse]>([:])

    init(template: HTTPResponse, compactBody: [UInt8], units: Units) {
        self.template = template
        self.compactBody = compactBody
        self.units = units
    }

    func response(for variant: ResponseVariant) -> HTTPResponse {
        if let cached = cache.withLock({ $0[variant] }) { return cached }
        var response = template
        response.body = compactBody
        if let json = try? JSONParser.parse(compactBody) {
            let kept = ForecastCount.applied(variant.itemLimit, to: variant.excluded.applied(to: json.built))
            let convertible = UnitConversion.isConvertible(kept)
            if convertible || !variant.excluded.isEmpty || variant.itemLimit != nil {
                response.body =
                    (convertible ? UnitConversion.convert(kept, from: units, to: variant.units) : kept)
                    .compactBytes
            }
        }
        cache.withLock { $0[variant] = response }
        return response
    }
}
