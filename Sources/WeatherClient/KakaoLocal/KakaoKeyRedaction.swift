internal import Foundation

/// Removes a Kakao REST API key from text before it can reach an error, a description or a log.
///
/// The key travels in the `Authorization` header, not the URL, so it reaches text only when a server
/// or transport repeats it. Two passes, each replacing with ``replacement``:
/// 1. what the dapi host echoes inside `appKey(…)` (`wrong appKey(<key>) format`), whatever it is:
///    it is always what was sent, and a malformed key is still a key;
/// 2. every literal occurrence of the configured key when it is at least
///    ``Redaction/minimumLiteralLength`` characters (a REST key is 32 hexadecimal characters; a short
///    placeholder such as `"mock"` is not a secret, and replacing it everywhere would garble messages).
///
/// There is deliberately no pass over the word after `KakaoAK `: the server's own message for a
/// missing header is "cannot find Authorization : KakaoAK header", which must stay as it is.
struct KakaoKeyRedaction: Sendable {
    /// What the key is replaced with, as the mock masks it in its journal and log.
    static let replacement = "***"

    let key: String?

    func scrub(_ text: String) -> String {
        var result = Self.scrubEchoedKey(text)
        if let key, key.count >= Redaction.minimumLiteralLength {
            result = result.replacingOccurrences(of: key, with: Self.replacement)
        }
        return result
    }

    func scrub(_ error: KakaoLocalError) -> KakaoLocalError {
        switch error {
        case .invalidRequest(let message): .invalidRequest(message: scrub(message))
        case .transport(let kind, let message): .transport(kind: kind, message: scrub(message))
        case .unauthorized(let answer): .unauthorized(scrub(answer))
        case .forbidden(let answer): .forbidden(scrub(answer))
        case .badRequest(let answer): .badRequest(scrub(answer))
        case .rateLimited(let answer): .rateLimited(scrub(answer))
        case .server(let answer): .server(scrub(answer))
        case .decoding(let path, let expected, let found):
            .decoding(path: scrub(path), expected: scrub(expected), found: scrub(found))
        case .cancelled: .cancelled
        }
    }

    private func scrub(_ answer: KakaoLocalError.Answer) -> KakaoLocalError.Answer {
        var answer = answer
        answer.message = scrub(answer.message)
        answer.errorType = answer.errorType.map(scrub)
        return answer
    }

    /// Replaces what follows each `appKey(` (as the server writes it) up to the next `)` or the end of
    /// the text; `appKey()` stays as it is.
    static func scrubEchoedKey(_ text: String) -> String {
        let marker = Array("appKey(".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= marker.count else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + marker.count <= bytes.count, bytes[index..<index + marker.count].elementsEqual(marker) {
                output.append(contentsOf: marker)
                index += marker.count
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ")") { index += 1 }
                if index > start { output.append(contentsOf: replacement.utf8) }
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
