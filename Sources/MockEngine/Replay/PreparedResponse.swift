import Basics
package import HTTPServer
import Locking
import Synchronization

/// A cassette response encoded once, so the request path only picks a ready `HTTPResponse` (no JSON
/// parsing or re-serialising per request).
///
/// The response is encoded when it is first asked for, then kept: start-up with thousands of
/// cassettes validates and indexes every one before the port opens, but builds the wire bytes only
/// for interactions that are actually requested (a few microseconds on their first request). Its
/// template is taken from the cassette's content then too, so a cassette kept in a start-up snapshot
/// is read back only when one of its responses is first asked for
/// (docs/ARCHITECTURE.md#start-up-snapshots). A JSON body in another variant its provider makes (other
/// units, blocks left out) is made on first use too, and kept up to ``variantLimit`` variants.
package struct PreparedResponse: Sendable {
    /// The most variants kept per response; beyond it a variant is made for each request that asks
    /// (some providers' variants are unbounded: pages, shifted times), so memory stays bounded.
    static let variantLimit = 256

    /// Bodies of at least this many bytes (and cassette files of this size, before their response is
    /// first encoded) are made into a variant, a range or their first encoding off the event loop
    /// (``answersSlowly(for:window:)``): a variant of a forecast of a million items takes seconds, and
    /// every other connection of the loop would wait for it. Below it the work takes well under a
    /// millisecond and is done inline.
    package static let inlineBodyLimit = 256 * 1024

    private let encoding: LazyEncoding

    /// Names the cassette (and interaction) that answered, on every replayed response.
    package static let cassetteHeader = "X-Mockweather-Cassette"

    /// Headers the server owns: a cassette's copies (e.g. recorded ones) would contradict the real ones.
    static let serverOwnedHeaders = ["content-length", "transfer-encoding", "connection", "date"]

    /// Whether `name` is one of ``serverOwnedHeaders``, compared ASCII case-insensitively.
    package static func isServerOwned(_ name: String) -> Bool {
        serverOwnedHeaders.contains { owned in
            owned.utf8.count == name.utf8.count
                && zip(owned.utf8, name.utf8).allSatisfy { $0 == ($1 &- UInt8(ascii: "A") < 26 ? $1 | 0x20 : $1) }
        }
    }

    /// Response `response` of interaction `interaction` of the cassette in `content`, answered as
    /// `cassetteName` (the interaction's label) and shaped by `provider` (the one claiming the
    /// interaction's path) for the requests that ask for a variant.
    init(
        content: CassetteContent, interaction: Int, response: Int, cassetteName: String,
        provider: RegisteredProvider?
    ) {
        encoding = LazyEncoding(
            source: TemplateSource(content: content, interaction: interaction, response: response),
            cassetteName: cassetteName, provider: provider)
    }

    /// The response as its cassette states it, or why its cassette could not be read back.
    package func template() throws(CassetteContentError) -> ResponseTemplate { try encoding.encoded().template }

    /// The response as recorded (no variant, no range), or why its cassette could not be read back.
    func declared() throws(CassetteContentError) -> HTTPResponse { try encoding.encoded().declared }

    /// The response for `request`: the variant its provider makes of it (other units, blocks left out:
    /// a `json` body only), and for a ranged interaction only the items in `window` (air pollution
    /// history's `start`/`end`). A cassette kept in a snapshot that can no longer be read back is
    /// answered 500, in the request's provider's error shape, saying so.
    package func response(for request: ReplayRequest, window: ItemWindow? = nil) -> HTTPResponse {
        let encoded: Encoded
        do {
            encoded = try encoding.encoded()
        } catch {
            return FailClosedResponder.errorResponse(
                status: 500, message: "mockweather: \(error.description)", for: request)
        }
        let variant =
            encoded.isJSON ? encoding.provider?.provider.variant(of: encoded.template, for: request) : nil
        guard let window else { return encoded.response(for: variant) }
        return encoded.response(for: variant, keeping: window)
    }

    /// Whether ``response(for:window:)`` would do work in proportion to a large body for `request`:
    /// true when the body (or, before the first encoding, the cassette's file) has at least
    /// ``inlineBodyLimit`` bytes and the answer is not kept ready: its first encoding, a variant not
    /// made yet (or no longer kept, past ``variantLimit``), or a range (cut anew for each request).
    /// The response as recorded and a variant already made are ready, whatever their size.
    package func answersSlowly(for request: ReplayRequest, window: ItemWindow?) -> Bool {
        guard let encoded = encoding.encodedIfReady else {
            return encoding.source.content.identity.map { $0.size >= Int64(Self.inlineBodyLimit) } ?? false
        }
        guard encoded.isJSON, encoded.declared.body.count >= Self.inlineBodyLimit else { return false }
        if window != nil { return true }
        guard let variant = encoding.provider?.provider.variant(of: encoded.template, for: request) else {
            return false
        }
        return !encoded.holds(variant)
    }

    /// The delay the cassette sets on this response; nil until it has been answered once (read after
    /// ``response(for:window:)``), or when its cassette could not be read back.
    package var delay: DelaySpecification? { encoding.encodedIfReady?.template.delay }

    /// Whether the response has been encoded from its cassette: false before its first use and while
    /// its cassette cannot be read back (each request is then answered 500 saying why).
    package var isEncoded: Bool { encoding.encodedIfReady != nil }

    /// The fault the cassette sets on this response, read as ``delay`` is.
    package var fault: FaultSpecification? { encoding.encodedIfReady?.template.fault }

    /// Where a response's template is: a response of an interaction of a cassette's content.
    private struct TemplateSource: Sendable {
        let content: CassetteContent
        let interaction: Int
        let response: Int

        func template() throws(CassetteContentError) -> ResponseTemplate {
            let cassette = try content.cassette()
            guard interaction < cassette.interactions.count,
                response < cassette.interactions[interaction].responses.count
            else {
                throw CassetteContentError(
                    file: cassette.file, reason: "it no longer has response \(response) of interaction \(interaction)")
            }
            return cassette.interactions[interaction].responses[response]
        }
    }

    /// The template's source until first use, then its encoding, published once for every event loop.
    ///
    /// The encoding is held as a retained pointer in an atomic word rather than an
    /// `AtomicLazyReference`, whose `load` is not inlined across the module boundary and looks up its
    /// generic metadata on every request.
    private final class LazyEncoding: Sendable {
        let source: TemplateSource
        let cassetteName: String
        let provider: RegisteredProvider?
        /// 0 until the first use, then an `Unmanaged<Encoded>` retained by this object.
        private let cached = Atomic<UInt>(0)

        init(source: TemplateSource, cassetteName: String, provider: RegisteredProvider?) {
            self.source = source
            self.cassetteName = cassetteName
            self.provider = provider
        }

        deinit {
            let bits = cached.load(ordering: .acquiring)
            if bits != 0 { Self.unmanaged(bits).release() }
        }

        /// The encoding when it has been made.
        var encodedIfReady: Encoded? {
            let bits = cached.load(ordering: .acquiring)
            return bits == 0 ? nil : Self.unmanaged(bits).takeUnretainedValue()
        }

        /// The encoding, made on first use; a template that cannot be read back is not remembered, so
        /// each request says why.
        func encoded() throws(CassetteContentError) -> Encoded {
            let bits = cached.load(ordering: .acquiring)
            if bits != 0 { return Self.unmanaged(bits).takeUnretainedValue() }
            // Two loops may encode at once; both produce the same bytes and the first one stored wins.
            let template = try source.template()
            let made = Unmanaged.passRetained(Encoded(template, cassetteName: cassetteName, provider: provider))
            let (stored, winner) = cached.compareExchange(
                expected: 0, desired: UInt(bitPattern: made.toOpaque()), successOrdering: .acquiringAndReleasing,
                failureOrdering: .acquiring)
            if stored { return made.takeUnretainedValue() }
            made.release()
            return Self.unmanaged(winner).takeUnretainedValue()
        }

        private static func unmanaged(_ bits: UInt) -> Unmanaged<Encoded> {
            Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        }
    }

    private final class Encoded: Sendable {
        let declared: HTTPResponse
        let isJSON: Bool
        let template: ResponseTemplate
        private let provider: RegisteredProvider?
        private let variants = Locked<[ResponseVariant: HTTPResponse]>([:])
        /// Each variant's body split around its ranged items, made on the first ranged request.
        private let slices = Locked<[SliceKey: ItemSlices]>([:])

        private struct SliceKey: Hashable {
            var variant: ResponseVariant?
            var selection: RangeRule.Selection
        }

        init(_ template: ResponseTemplate, cassetteName: String, provider: RegisteredProvider?) {
            self.template = template
            self.provider = provider
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
            isJSON = if case .json = template.body { true } else { false }
            switch template.body {
            case .json(let json): declared = PreparedResponse.with(response, body: json.compactBytes)
            case .text(let text): declared = PreparedResponse.with(response, body: Array(text.utf8))
            case .base64(let bytes): declared = PreparedResponse.with(response, body: bytes)
            case nil: declared = response
            }
        }

        /// Whether the response in `variant` is made and kept.
        func holds(_ variant: ResponseVariant) -> Bool {
            variants.withLock { $0[variant] != nil }
        }

        /// The response in `variant` (as declared for nil), made by the provider on first use and kept
        /// while fewer than ``PreparedResponse/variantLimit`` are.
        func response(for variant: ResponseVariant?) -> HTTPResponse {
            guard let variant, let provider else { return declared }
            if let cached = variants.withLock({ $0[variant] }) { return cached }
            // Two loops may make the same variant at once; both get the same bytes.
            let made = provider.provider.shape(declared, of: template, into: variant)
            variants.withLock { variants in
                if variants.count < PreparedResponse.variantLimit { variants[variant] = made }
            }
            return made
        }

        /// The variant with only the items in `window`. Only `json` bodies are cut (a `text` body is
        /// served byte for byte); a body without the declared items array is served whole.
        func response(for variant: ResponseVariant?, keeping window: ItemWindow) -> HTTPResponse {
            var served = response(for: variant)
            guard isJSON else { return served }
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
