internal import Foundation

/// The data.go.kr gateway's `OpenAPI_ServiceResponse`, in either of its forms, read whatever the
/// HTTP status and whatever `dataType` asked for.
///
/// Classic (HTTP 200, `text/xml`, even under `dataType=JSON`):
/// `<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>
/// SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode>…`.
/// Newer (JSON, often 401 or 403): `{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":…,
/// "returnAuthMsg":…,"returnReasonCode":"30"}}}`.
///
/// The XML form is read with a small scan for the three tags, not an XML parser: on Linux
/// `XMLParser` lives in FoundationXML, which links libxml2 into every app that embeds the client,
/// for one flat envelope of three known elements. The scan takes the first occurrence of each
/// element (`<errMsg>` or `<errMsg attr="…">`), unwraps CDATA, decodes the five predefined
/// entities and trims white space; anything else in the document is ignored.
struct KMAGatewayRefusal: Sendable, Hashable {
    var code: KMAResultCode?
    var errorMessage: String?
    var authMessage: String?

    /// The refusal in `body`, or `nil` when the body is not a gateway envelope.
    init?(body: Data) {
        // The envelope's root name is in every gateway answer and in no forecast: a forecast body
        // is not parsed a second time just to learn it is not a refusal.
        guard body.range(of: Data("OpenAPI_ServiceResponse".utf8)) != nil else { return nil }
        if BodyText.looksLikeHTML(body) {
            let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
            guard text.contains("<OpenAPI_ServiceResponse") else { return nil }
            code = Self.element("returnReasonCode", in: text).map(KMAResultCode.init(rawValue:))
            errorMessage = Self.element("errMsg", in: text)
            authMessage = Self.element("returnAuthMsg", in: text)
        } else {
            guard let header = JSONValue.parse(body)?["OpenAPI_ServiceResponse"]?["cmmMsgHeader"] else { return nil }
            code = header["returnReasonCode"]?.text.map(KMAResultCode.init(rawValue:))
            errorMessage = header["errMsg"]?.text
            authMessage = header["returnAuthMsg"]?.text
        }
    }

    /// The error this refusal is, answered with `status`.
    func error(status: Int) -> KMAError {
        .gateway(code: code, errorMessage: errorMessage, authMessage: authMessage, status: status)
    }

    /// The text of the first `<name>` element, or `nil` when there is none.
    static func element(_ name: String, in text: String) -> String? {
        var searchFrom = text.startIndex
        while let open = text.range(of: "<\(name)", range: searchFrom..<text.endIndex) {
            searchFrom = open.upperBound
            guard let next = text[open.upperBound...].first,
                next == ">" || next == " " || next == "\t"
                    || next == "\n" || next == "\r"
            else { continue }  // <errMsgX>: another element
            guard let openEnd = text[open.upperBound...].firstIndex(of: ">") else { return nil }
            if text[..<openEnd].hasSuffix("/") { return "" }  // <errMsg/>
            let contentStart = text.index(after: openEnd)
            guard let close = text.range(of: "</\(name)", range: contentStart..<text.endIndex) else { return nil }
            return content(String(text[contentStart..<close.lowerBound]))
        }
        return nil
    }

    private static func content(_ raw: String) -> String {
        var text = raw.trimmingWhitespace
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") {
            return String(text.dropFirst(9).dropLast(3)).trimmingWhitespace
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }
}
