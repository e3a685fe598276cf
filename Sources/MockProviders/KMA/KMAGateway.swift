import Basics
import HTTPServer
import MockEngine

/// The data.go.kr gateway in front of the service, which checks `serviceKey` before the service
/// runs (kma-vilage-fcst.md §5.3, §5.4, §7): its key rules, the magic keys that stage the other key
/// states, and its two answer forms. Documented in Cassettes/README.md (KMA).
///
/// The key is read after exactly one percent-decoding (the engine's, `+` as a space). Any key is
/// accepted except: a missing or empty one, one still percent-encoded after that decoding (sent
/// encoded twice, `%252B`), one holding a space (a `+` sent unencoded) — all 30, as live — and the
/// magic keys. A cassette naming a literal key still wins, so users can stage their own.
enum KMAGateway {
    /// The key values that stage each state (`serviceKey=over-quota`).
    enum MagicKey {
        /// A key the portal does not know: 30 `SERVICE_KEY_IS_NOT_REGISTERED_ERROR`.
        static let unregistered = "unregistered"
        /// A key over its daily quota: 22 `LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR`.
        static let overQuota = "over-quota"
        /// A key whose period of use is over: 31 `DEADLINE_HAS_EXPIRED_ERROR`.
        static let expired = "expired"
    }

    /// A state of the key the gateway refuses.
    enum Refusal: String, Sendable, CaseIterable {
        case unregistered = "30"
        case overQuota = "22"
        case expired = "31"

        /// The gateway's constant for it.
        var constant: String {
            switch self {
            case .unregistered: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"
            case .overQuota: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"
            case .expired: "DEADLINE_HAS_EXPIRED_ERROR"
            }
        }

        /// Its Korean text, as the JSON form writes it in `returnAuthMsg`.
        var korean: String {
            switch self {
            case .unregistered: "등록되지 않은 서비스키"
            case .overQuota: "서비스 요청제한횟수 초과"
            case .expired: "기한만료된 서비스키"
            }
        }

        /// The JSON form's HTTP status: 403 for an unknown key (seen on KMA's sibling service), 401
        /// for an expired one, 200 for the quota (UNCONFIRMED beyond those observations).
        var jsonStatus: Int {
            switch self {
            case .unregistered: 403
            case .expired: 401
            case .overQuota: 200
            }
        }
    }

    /// The two answer forms: the classic XML (default) or the newer JSON (`kma.gateway=json`).
    enum Form: Sendable {
        case xml
        case json

        /// The form the `gateway` setting names: `json`, anything else (or unset) the classic XML.
        init(setting: String?) {
            self = setting?.trimmingASCIIWhitespace().lowercased() == "json" ? .json : .xml
        }
    }

    /// Why the gateway refuses `key` (the value after one percent-decoding, nil when not sent), and
    /// the rule's name for the journal; nil for a key it accepts.
    static func refusal(of key: String?) -> (refusal: Refusal, rule: String)? {
        guard let key, !key.isEmpty else { return (.unregistered, "(kma: no serviceKey)") }
        switch key {
        case MagicKey.unregistered: return (.unregistered, "(kma: unregistered key)")
        case MagicKey.overQuota: return (.overQuota, "(kma: key over its quota)")
        case MagicKey.expired: return (.expired, "(kma: expired key)")
        default: break
        }
        if isStillEncoded(key) { return (.unregistered, "(kma: serviceKey encoded twice)") }
        if key.utf8.contains(UInt8(ascii: " ")) { return (.unregistered, "(kma: serviceKey with + unencoded)") }
        return nil
    }

    /// Whether `key` holds `%` and two hexadecimal digits: still encoded after one decoding.
    static func isStillEncoded(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            if bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit { return true }
        }
        return false
    }

    /// The gateway's answer to `refusal` in `form`.
    static func response(_ refusal: Refusal, form: Form) -> HTTPResponse {
        var headers = HTTPHeaders()
        switch form {
        case .xml:
            headers.add(name: "Content-Type", value: "text/xml;charset=UTF-8")
            return HTTPResponse(status: 200, headers: headers, body: Array(classicBody(refusal).utf8))
        case .json:
            headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
            return HTTPResponse(status: refusal.jsonStatus, headers: headers, body: Array(jsonBody(refusal).utf8))
        }
    }

    /// The classic body, tabs and line feeds as captured (229 bytes for code 30), no XML declaration.
    static func classicBody(_ refusal: Refusal) -> String {
        "<OpenAPI_ServiceResponse>\n\t<cmmMsgHeader>\n\t\t<errMsg>SERVICE ERROR</errMsg>\n"
            + "\t\t<returnAuthMsg>\(refusal.constant)</returnAuthMsg>\n"
            + "\t\t<returnReasonCode>\(refusal.rawValue)</returnReasonCode>\n"
            + "\t</cmmMsgHeader>\n</OpenAPI_ServiceResponse>"
    }

    /// The newer JSON body: `errMsg` the constant, `returnAuthMsg` the Korean text.
    static func jsonBody(_ refusal: Refusal) -> String {
        "{\"OpenAPI_ServiceResponse\":{\"cmmMsgHeader\":{\"errMsg\":\"\(refusal.constant)\","
            + "\"returnAuthMsg\":\"\(refusal.korean)\",\"returnReasonCode\":\"\(refusal.rawValue)\"}}}"
    }
}

extension UInt8 {
    /// `0-9`, `A-F`, `a-f`.
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
