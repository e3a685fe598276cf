internal import Foundation

/// Turns one HTTP answer into a page of rows or a ``KMAError``, looking at the body before the
/// status, because the KMA answers almost every failure with HTTP 200:
///
/// 1. A gateway envelope (`OpenAPI_ServiceResponse`, XML or JSON, any status) is
///    ``KMAError/gateway(code:errorMessage:authMessage:status:)``.
/// 2. A service envelope whose `resultCode` is not `00` is ``KMAError/service(code:message:)``
///    with its `resultMsg`, whether or not it has a `body` (NO_DATA has none).
/// 3. Any other status than 2xx is ``KMAError/server(status:message:)``.
/// 4. A `00` envelope must have a `body`; one that does not decode is
///    ``KMAError/decoding(path:expected:found:)`` naming the JSON path (on a later page, the page too).
struct KMAResponseReader<Row: Decodable & Sendable> {
    /// The page number the answer is for, named in decoding errors after the first page.
    let page: Int

    func body(of response: TransportResponse) throws(KMAError) -> KMAEnvelope<Row>.Body {
        if let refusal = KMAGatewayRefusal(body: response.body) {
            throw refusal.error(status: response.status)
        }
        let envelope: KMAEnvelope<Row>
        do {
            envelope = try JSONDecoder().decode(KMAEnvelope<Row>.self, from: response.body)
        } catch {
            if let header = JSONValue.parse(response.body)?["response"]?["header"],
                let code = header["resultCode"]?.text, code != KMAResultCode.normalService.rawValue
            {
                throw .service(
                    code: KMAResultCode(rawValue: code), message: header["resultMsg"]?.text ?? "(no message)")
            }
            guard (200...299).contains(response.status) else { throw serverError(response) }
            throw decodingError(error, body: response.body)
        }
        let header = envelope.response.header
        guard header.resultCode.text == KMAResultCode.normalService.rawValue else {
            throw .service(
                code: KMAResultCode(rawValue: header.resultCode.text), message: header.resultMsg ?? "(no message)")
        }
        guard (200...299).contains(response.status) else { throw serverError(response) }
        guard let body = envelope.response.body else {
            throw .decoding(
                path: onPage("response.body"), expected: "an object (result code 00 comes with a body)",
                found: "nothing")
        }
        return body
    }

    private func onPage(_ path: String) -> String { KMAPagePath.name(path, page: page) }

    private func serverError(_ response: TransportResponse) -> KMAError {
        .server(
            status: response.status,
            message: ResponseInterpreter.describeForeignBody(status: response.status, body: response.body))
    }

    private func decodingError(_ error: any Error, body: Data) -> KMAError {
        if Self.looksLikeXML(body) {
            return .decoding(
                path: DecodingDiagnostics.topLevel, expected: "a JSON object",
                found: "XML: \(BodyText.quoted(BodyText.excerpt(body, limit: 80), limit: 80))")
        }
        let shared =
            (error as? DecodingError).map {
                DecodingDiagnostics.error(for: $0, body: body, expectedTopLevel: "a JSON object")
            } ?? DecodingDiagnostics.notJSON(body, expected: "a JSON object")
        guard case .decoding(let path, let expected, let found) = shared else { return KMAError(decoding: shared) }
        return .decoding(path: onPage(path), expected: expected, found: found)
    }

    /// Markup that is not an HTML page: the service's XML (sent when `dataType` is not JSON).
    private static func looksLikeXML(_ body: Data) -> Bool {
        guard BodyText.looksLikeHTML(body) else { return false }
        let start = String(decoding: body.prefix(1024), as: UTF8.self).lowercased()
        return !start.contains("<html") && !start.contains("<!doctype html")
    }
}

/// How an error names a JSON path on a page of a paged answer.
enum KMAPagePath {
    /// `path`, with the page named after the first: `response.body.items.item[3].fcstValue (page 2)`.
    static func name(_ path: String, page: Int) -> String { page > 1 ? "\(path) (page \(page))" : path }
}
