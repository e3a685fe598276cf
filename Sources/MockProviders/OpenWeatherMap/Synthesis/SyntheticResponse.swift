import HTTPServer
import MockEngine

extension SynthesizedAnswer {
    /// A 200 of invented weather: `body` as JSON, as the API sends it, with the journal's `rule`.
    static func weather(_ body: [UInt8], rule: String) -> SynthesizedAnswer {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        return SynthesizedAnswer(
            response: HTTPResponse(status: 200, headers: headers, body: body), isSynthetic: true, rule: rule)
    }
}
