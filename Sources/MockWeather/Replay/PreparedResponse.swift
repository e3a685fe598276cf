import HTTPServer

/// A cassette response encoded once, at load time, in every unit system the request can ask for, so
/// the request path only picks a ready `HTTPResponse` (no JSON parsing or re-serialising per request).
struct PreparedResponse: Sendable {
    /// Indexed by `Units` (`standard`, `metric`, `imperial`); a single element when the body does not
    /// depend on units.
    private let variants: [HTTPResponse]
    let delay: DelaySpecification?
    let fault: FaultSpecification?
    let status: Int

    /// Headers the server owns: a cassette's copies (e.g. recorded ones) would contradict the real ones.
    static let serverOwnedHeaders: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]

    init(_ template: ResponseTemplate, cassetteName: String) {
        status = template.status
        delay = template.delay
        fault = template.fault
        var headers = HTTPHeaders()
        for field in template.headers where !Self.serverOwnedHeaders.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        if headers["Content-Type"] == nil, let contentType = Self.defaultContentType(for: template.body) {
            headers.add(name: "Content-Type", value: contentType)
        }
        headers.add(name: "X-Mockweather-Cassette", value: cassetteName)
        func response(_ body: [UInt8]) -> HTTPResponse {
            HTTPResponse(status: template.status, headers: headers, body: body)
        }
        switch template.body {
        case .json(let json) where UnitConversion.isConvertible(json):
            variants = Units.allCases.map { response(UnitConversion.convert(json, from: template.units, to: $0).compactBytes) }
        case .json(let json): variants = [response(json.compactBytes)]
        case .text(let text): variants = [response(Array(text.utf8))]
        case .base64(let bytes): variants = [response(bytes)]
        case nil: variants = [response([])]
        }
    }

    private static func defaultContentType(for body: ResponseBody?) -> String? {
        switch body {
        case .json: "application/json; charset=utf-8"
        case .text(let text) where !text.isEmpty: "text/plain; charset=utf-8"
        case .base64: "application/octet-stream"
        default: nil
        }
    }

    func response(in units: Units) -> HTTPResponse {
        variants.count == 1 ? variants[0] : variants[Units.allCases.firstIndex(of: units)!]
    }
}
