import Basics
import Foundation

/// Keeps API keys and other secrets out of everything mockweather prints or stores: cassettes, log
/// lines, the request journal, error text and, in record mode, what the client is sent.
///
/// Three rules, applied in this order to any text:
/// 1. every known secret (the real key, the keys clients sent) is replaced by `***` wherever it appears,
///    also percent-encoded or JSON-escaped, compared case-insensitively;
/// 2. the value of every key parameter (`appid=...`, `APPID=...`, `api_key=...`) is replaced by `***`,
///    whatever it is, so a key nobody told us about is masked too (URLs echoed in `X-Cache-Key` or a body);
/// 3. every match of a `--scrub` pattern is replaced by `***`.
///
/// A secret shorter than ``minimumLiteralLength`` is not searched for as free text (replacing every
/// `k` would wreck a body); rule 2 still masks it wherever it is a key parameter's value. Replay-only
/// servers use the static helpers alone (`QueryParameters.scrubbed()`), so the hot path pays nothing.
public struct KeyScrubber: Sendable {
    /// What a secret is replaced with.
    static let mask = "***"

    /// Parameter names that carry a key, lower-case (`appid` and `APPID` are the same parameter).
    static let keyParameters = ["appid", "api_key", "apikey", "key"]

    /// ``mask`` as bytes, for masking while copying a query.
    static let maskBytes = Array(mask.utf8)

    /// Whether `name` (decoded, lower-case) carries a key.
    static func isKeyParameter(_ name: String) -> Bool {
        keyParameters.contains(name)
    }

    /// Secrets shorter than this many characters are only masked as key parameter values.
    public static let minimumLiteralLength = 4

    /// The literal forms searched for, longest first so a longer form is never cut by a shorter one.
    private let literals: [String]
    private let patterns: [NSRegularExpression]

    /// A scrubber that masks key parameters only.
    public init() {
        literals = []
        patterns = []
    }

    /// A scrubber for `secrets` and the regular expressions `patterns` (ICU syntax, as `--scrub` takes them).
    ///
    /// - Throws: ``KeyScrubberError`` naming the first pattern that does not compile or that matches
    ///   the empty string (which would insert `***` between every character).
    public init(secrets: [String], patterns: [String]) throws(KeyScrubberError) {
        var compiled: [NSRegularExpression] = []
        for pattern in patterns {
            let expression: NSRegularExpression
            do {
                expression = try NSRegularExpression(pattern: pattern)
            } catch {
                throw KeyScrubberError(pattern: pattern, reason: "it is not a valid regular expression")
            }
            if expression.firstMatch(in: "", range: NSRange(location: 0, length: 0)) != nil {
                throw KeyScrubberError(pattern: pattern, reason: "it matches the empty string")
            }
            compiled.append(expression)
        }
        self.init(literals: [], patterns: compiled)
        self = adding(secrets: secrets)
    }

    private init(literals: [String], patterns: [NSRegularExpression]) {
        self.literals = literals
        self.patterns = patterns
    }

    /// This scrubber plus more secrets (e.g. the key one client sent); short or empty ones are skipped.
    public func adding(secrets: [String]) -> KeyScrubber {
        var forms = Set(literals)
        for secret in secrets where secret.count >= Self.minimumLiteralLength {
            forms.insert(secret)
            forms.insert(RequestPath.percentEncoded(secret))
            forms.insert(secret.replacingOccurrences(of: "/", with: "\\/"))
        }
        let ordered = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        return KeyScrubber(literals: ordered, patterns: patterns)
    }

    /// True when the scrubber knows secrets or patterns beyond the key parameters.
    public var masksMoreThanKeyParameters: Bool { !literals.isEmpty || !patterns.isEmpty }

    /// Nil when the scrubber only masks key parameters, which replay does anyway: the hot path then
    /// skips scrubbing altogether.
    var nilWhenTrivial: KeyScrubber? { masksMoreThanKeyParameters ? self : nil }

    /// `text` with every secret, key parameter value and pattern match replaced by `***`.
    public func scrub(_ text: String) -> String {
        var text = text
        for literal in literals where text.range(of: literal, options: .caseInsensitive) != nil {
            text = text.replacingOccurrences(of: literal, with: Self.mask, options: .caseInsensitive)
        }
        text = Self.maskingKeyParameters(in: text)
        for pattern in patterns {
            text = pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text),
                withTemplate: NSRegularExpression.escapedTemplate(for: Self.mask))
        }
        return text
    }

    /// `bytes` scrubbed as text when they are UTF-8; otherwise each literal secret's bytes are replaced.
    func scrub(_ bytes: [UInt8]) -> [UInt8] {
        if let text = String(validating: bytes, as: UTF8.self) { return Array(scrub(text).utf8) }
        var output = bytes
        for literal in literals {
            output = Self.replacing(Array(literal.utf8), in: output, with: Array(Self.mask.utf8))
        }
        return output
    }

    /// `text` with the value after every `name=` whose name is a key parameter replaced by `***`. A name
    /// counts only at a word boundary (`monkey=` is not `key=`); the value runs to `&`, whitespace, a
    /// quote, `<`, `>` or `#`.
    static func maskingKeyParameters(in text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "=")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let valueStart = keyParameterValueStart(in: bytes, at: index) {
                output += bytes[index..<valueStart]
                var end = valueStart
                while end < bytes.count, !isValueTerminator(bytes[end]) { end += 1 }
                if end > valueStart { output += mask.utf8 }
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// When a key parameter's name starts at `index` (at a word boundary) followed by `=`, the index
    /// just after the `=`.
    private static func keyParameterValueStart(in bytes: [UInt8], at index: Int) -> Int? {
        if index > 0, isNameByte(bytes[index - 1]) { return nil }
        guard isNameByte(bytes[index]) else { return nil }
        var end = index
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "="), end - index <= 7 else { return nil }
        let name = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
        return keyParameters.contains(name) ? end + 1 : nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func isValueTerminator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"),
            UInt8(ascii: "\\"):
            true
        default: false
        }
    }

    private static func replacing(_ needle: [UInt8], in haystack: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var output: [UInt8] = []
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                output += replacement
                index += needle.count
            } else {
                output.append(haystack[index])
                index += 1
            }
        }
        return output
    }
}

/// A scrub pattern that cannot be used (the executables report it as a bad `--scrub` value).
public struct KeyScrubberError: Error, Sendable, CustomStringConvertible {
    /// The pattern as given.
    public var pattern: String
    /// Why it was refused.
    public var reason: String

    /// `scrub pattern "(": it is not a valid regular expression`.
    public var description: String { "scrub pattern \(JSONValue.quoted(pattern)): \(reason)" }
}

extension ReplayRequest {
    /// The values of the key parameters the client sent (`appid`, `APPID`, ...), to be scrubbed wherever
    /// else they turn up.
    var clientKeys: [String] {
        KeyScrubber.keyParameters.sorted().compactMap { parameters[$0] }.filter { !$0.isEmpty }
    }
}
