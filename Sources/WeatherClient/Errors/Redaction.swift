internal import Foundation

/// Removes an API key from text before it can reach an error, a description or a log.
///
/// Two passes: the value of every `appid=`/`APPID=` query parameter (any spelling of the name) and
/// of every `serviceKey=` (the KMA's) is replaced, whatever the key; then literal occurrences of the
/// configured key are replaced when it is at least ``minimumLiteralLength`` characters. Real
/// OpenWeatherMap keys are 32 hex characters; a short placeholder such as `"mock"` is not a secret,
/// and replacing it everywhere would garble messages like "mockweather: no cassette matches".
struct Redaction: Sendable {
    /// What the key is replaced with.
    static let replacement = "<redacted>"
    /// Shorter keys are treated as placeholders and only scrubbed inside `appid=` parameters.
    static let minimumLiteralLength = 8

    let key: String?

    func scrub(_ text: String) -> String {
        var result = Self.scrubQueryParameter(text)
        if let key, key.count >= Self.minimumLiteralLength {
            result = result.replacingOccurrences(of: key, with: Self.replacement)
        }
        return result
    }

    func scrub(_ error: WeatherError) -> WeatherError {
        switch error {
        case .invalidRequest(let message):
            return .invalidRequest(message: scrub(message))
        case .transport(let kind, let message):
            return .transport(kind: kind, message: scrub(message))
        case .cityNotFound(let message):
            return .cityNotFound(message: scrub(message))
        case .unauthorized(let message):
            return .unauthorized(message: scrub(message))
        case .rateLimited(let retryAfter, let message):
            return .rateLimited(retryAfter: retryAfter, message: scrub(message))
        case .server(let status, let message, let retryAfter):
            return .server(status: status, message: scrub(message), retryAfter: retryAfter)
        case .decoding(let path, let expected, let found):
            return .decoding(path: scrub(path), expected: scrub(expected), found: scrub(found))
        case .cancelled:
            return .cancelled
        }
    }

    /// The query parameters whose values are secrets: OpenWeatherMap's `appid`, the KMA's `serviceKey`.
    static let secretParameters = ["appid=", "servicekey="].map { Array($0.utf8) }

    /// Replaces the value after `appid=` or `serviceKey=` (case-insensitive), up to `&`, `#`,
    /// whitespace or a quote.
    static func scrubQueryParameter(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let name = secretParameters.first(where: {
                index + $0.count <= bytes.count && Self.matchesIgnoringCase(bytes[index..<index + $0.count], $0)
            }) {
                output.append(contentsOf: bytes[index..<index + name.count])
                index += name.count
                let start = index
                while index < bytes.count, !Self.endsParameterValue(bytes[index]) { index += 1 }
                if index > start { output.append(contentsOf: replacement.utf8) }
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func matchesIgnoringCase(_ slice: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
        zip(slice, lowercase).allSatisfy { byte, expected in
            let lowered = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            return lowered == expected
        }
    }

    private static func endsParameterValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "<"),
            UInt8(ascii: ")"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }
}
