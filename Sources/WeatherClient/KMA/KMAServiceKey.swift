internal import Foundation

/// The data.go.kr service key, resolved once when the client is made, held in its decoded (raw)
/// form so the request encodes it exactly once.
///
/// The portal shows every key twice: "Decoding" (raw, with `+`, `/`, `=`) and "Encoding" (the
/// same percent-encoded, `%2B`, `%2F`, `%3D`). Either may be pasted: a key with a `%XX` sequence
/// in it is the Encoding form and is percent-decoded once here (a raw key is Base64 or hex and has
/// no `%`). Sending the Encoding form through an encoder would make `%2B` into `%252B`, and
/// sending `+` unencoded lets the server read it as a space; both answer code 30.
///
/// Its description, debug description and mirror never show the key.
struct KMAServiceKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    enum Resolution: Sendable, Hashable {
        /// Send `serviceKey=<key percent-encoded once>`; the key is held decoded.
        case key(String)
        /// The caller passed `""`: send no `serviceKey` (a mock server that needs none).
        case omitted
        /// Neither an argument nor `KMA_SERVICE_KEY`: every request fails before sending.
        case missing
    }

    /// The environment variable read when no key is passed.
    static let environmentVariable = "KMA_SERVICE_KEY"

    let resolution: Resolution
    /// Every form of the key that could appear in text: as given, decoded, and encoded.
    private let literalForms: [String]

    init(argument: String?, environment: [String: String]) {
        let given: String?
        if let argument {
            given = argument.isEmpty ? nil : argument
            resolution = argument.isEmpty ? .omitted : .key(Self.decodedOnce(argument))
        } else if let value = environment[Self.environmentVariable]?.trimmingWhitespace, !value.isEmpty {
            given = value
            resolution = .key(Self.decodedOnce(value))
        } else {
            given = nil
            resolution = .missing
        }
        if case .key(let key) = resolution, let given {
            literalForms = Array(Set([given, key, QueryEncoding.encode(key)])).sorted()
        } else {
            literalForms = []
        }
    }

    /// The raw key to put in the query (``Endpoint`` percent-encodes it, once), when there is one.
    var queryValue: String? {
        if case .key(let key) = resolution { return key }
        return nil
    }

    /// `text` with every `serviceKey=` value and every form of the key replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        literalForms.reduce(Redaction(key: nil).scrub(text)) { text, form in Redaction(key: form).scrub(text) }
    }

    /// `key` percent-decoded once when it has a `%XX` sequence (the portal's Encoding form), else
    /// unchanged; a key whose `%` sequences are not valid UTF-8 once decoded is also kept as given.
    static func decodedOnce(_ key: String) -> String {
        guard hasPercentEscape(key) else { return key }
        return key.removingPercentEncoding ?? key
    }

    private static func hasPercentEscape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.indices.contains { index in
            bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count && isHexDigit(bytes[index + 1])
                && isHexDigit(bytes[index + 2])
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }

    var description: String {
        switch resolution {
        case .key: Redaction.replacement
        case .omitted: "(none sent)"
        case .missing: "(missing)"
        }
    }

    var debugDescription: String { "KMAServiceKey(\(description))" }

    var customMirror: Mirror { Mirror(self, children: ["value": description]) }
}
