import Basics
import HTTPServer
import Locking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps API keys and other secrets out of everything mockweather prints or stores: cassettes, log
/// lines, the request journal, error text and, in record mode, what the client is sent.
///
/// Three rules, applied in this order to any text:
/// 1. every known secret (the real key, the keys clients sent) is replaced by `***` wherever it appears,
///    in every encoded form (percent-encoded once or twice, with upper- or lower-case hex, `+` for a
///    space, JSON-escaped), compared case-insensitively;
/// 2. the value of every secret parameter (the providers' key parameters, ``ProviderSet/secretParameters``,
///    in any case) is replaced by `***`, whatever it is, so a key nobody told us about is masked too
///    (URLs echoed in a header or a body);
/// 3. every match of a `--scrub` pattern is replaced by `***`.
///
/// A secret shorter than ``minimumLiteralLength`` is not searched for as free text (replacing every
/// `k` would wreck a body); rule 2 still masks it wherever it is a key parameter's value. Replay-only
/// servers use the static helpers alone (`QueryParameters.scrubbed()`), so the hot path pays nothing.
package struct KeyScrubber: Sendable {
    /// What a secret is replaced with.
    package static let mask = "***"

    /// ``mask`` as bytes, for masking while copying a query.
    static let maskBytes = Array(mask.utf8)

    /// Secrets shorter than this many characters are only masked as secret parameter values.
    package static let minimumLiteralLength = 4

    /// The parameters whose values are masked wherever `name=value` appears, lower-case.
    package let secretParameters: Set<String>
    /// The longest of ``secretParameters``, in bytes (no longer name is looked up).
    private let longestParameter: Int
    /// The literal forms searched for, longest first so a longer form is never cut by a shorter one.
    private let literals: [String]
    /// The `--scrub` expressions. `Regex` is not `Sendable`, so they are used under a lock: scrubbing
    /// beyond key parameters happens only in record mode or with `--scrub`, where the hot path is not.
    private let patterns: Locked<[Regex<AnyRegexOutput>]>
    private let patternCount: Int

    /// A scrubber that masks the values of `secretParameters` only.
    package init(secretParameters: Set<String>) {
        self.init(secretParameters: secretParameters, literals: [], patterns: Locked([]), patternCount: 0)
    }

    /// A scrubber for the values of `secretParameters`, for `secrets` and the regular expressions
    /// `patterns` (Swift `Regex` syntax, which reads the PCRE and ICU forms, as `--scrub` takes them).
    ///
    /// - Throws: ``KeyScrubberError`` naming the first pattern that does not compile or that matches
    ///   the empty string (which would insert `***` between every character).
    package init(secretParameters: Set<String>, secrets: [String], patterns: [String]) throws(KeyScrubberError) {
        var compiled: [Regex<AnyRegexOutput>] = []
        for pattern in patterns {
            let expression: Regex<AnyRegexOutput>
            do {
                expression = try Regex(pattern)
            } catch {
                throw KeyScrubberError(pattern: pattern, reason: "it is not a valid regular expression (\(error))")
            }
            if "".contains(expression) {
                throw KeyScrubberError(pattern: pattern, reason: "it matches the empty string")
            }
            compiled.append(expression)
        }
        let count = compiled.count
        self.init(secretParameters: secretParameters, literals: [], patterns: Locked(compiled), patternCount: count)
        self = adding(secrets: secrets)
    }

    private init(
        secretParameters: Set<String>, literals: [String], patterns: Locked<[Regex<AnyRegexOutput>]>, patternCount: Int
    ) {
        self.secretParameters = secretParameters
        longestParameter = secretParameters.map(\.utf8.count).max() ?? 0
        self.literals = literals
        self.patterns = patterns
        self.patternCount = patternCount
    }

    /// This scrubber plus more secrets (e.g. the key one client sent), each in every form it may
    /// travel in (``encodedForms(of:)``); short or empty ones are skipped.
    package func adding(secrets: [String]) -> KeyScrubber {
        var forms = Set(literals)
        for secret in secrets where secret.count >= Self.minimumLiteralLength {
            forms.formUnion(Self.encodedForms(of: secret))
        }
        let ordered = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        return KeyScrubber(
            secretParameters: secretParameters, literals: ordered, patterns: patterns, patternCount: patternCount)
    }

    /// The forms a secret may take in a URL, a header, a log or a JSON body: as it is, percent-encoded
    /// (strictly: `+`, `/`, `=` too) once and twice, with lower-case hex, with `+` for a space (form
    /// encoding), decoded once (a key pasted already encoded), and with `/` JSON-escaped.
    package static func encodedForms(of secret: String) -> Set<String> {
        let once = RequestPath.percentEncoded(secret)
        var forms: Set<String> = [
            secret, once, RequestPath.percentEncoded(once), lowerHex(once),
            RequestPath.percentEncoded(secret) { RequestPath.isUnreserved($0) || $0 == UInt8(ascii: " ") }
                .replacing(" ", with: "+"),
            secret.replacing("/", with: "\\/"),
        ]
        let decoded = RequestPath.percentDecoded(secret)
        if decoded != secret { forms.insert(decoded) }
        return forms.filter { $0.count >= minimumLiteralLength }
    }

    /// `%2B` as `%2b`: the hex digits of every escape in lower case.
    private static func lowerHex(_ text: String) -> String {
        var output = ""
        var escape = 0
        for character in text {
            if character == "%" {
                escape = 2
                output.append(character)
            } else if escape > 0 {
                escape -= 1
                output.append(Character(character.lowercased()))
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// True when the scrubber knows secrets or patterns beyond the secret parameters.
    package var masksMoreThanKeyParameters: Bool { !literals.isEmpty || patternCount > 0 }

    /// Nil when the scrubber only masks secret parameters, which replay does anyway: the hot path then
    /// skips scrubbing altogether.
    var nilWhenTrivial: KeyScrubber? { masksMoreThanKeyParameters ? self : nil }

    /// `text` with every secret, secret parameter value and pattern match replaced by `***`.
    package func scrub(_ text: String) -> String {
        var text = text
        for literal in literals {
            if let masked = Self.replacing(Array(literal.utf8), in: Array(text.utf8), with: Self.maskBytes) {
                text = String(decoding: masked, as: UTF8.self)
            }
        }
        text = maskingSecretParameters(in: text)
        guard patternCount > 0 else { return text }
        return patterns.withLock { patterns in
            for pattern in patterns where text.contains(pattern) {
                text = text.replacing(pattern, with: Self.mask)
            }
            return text
        }
    }

    /// `bytes` scrubbed as text when they are UTF-8; otherwise each literal secret's bytes are replaced.
    package func scrub(_ bytes: [UInt8]) -> [UInt8] {
        if let text = String(validating: bytes, as: UTF8.self) { return Array(scrub(text).utf8) }
        var output = bytes
        for literal in literals {
            output = Self.replacing(Array(literal.utf8), in: output, with: Self.maskBytes) ?? output
        }
        return output
    }

    /// `text` with the value after every `name=` whose name is a secret parameter replaced by `***`. A
    /// name counts only at a word boundary (`monkey=` is not `key=`); the value runs to `&`, whitespace,
    /// a quote, `<`, `>` or `#`.
    package func maskingSecretParameters(in text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "=")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let valueStart = secretValueStart(in: bytes, at: index) {
                output += bytes[index..<valueStart]
                var end = valueStart
                while end < bytes.count, !Self.isValueTerminator(bytes[end]) { end += 1 }
                if end > valueStart { output += Self.mask.utf8 }
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// When a secret parameter's name starts at `index` (at a word boundary) followed by `=`, the index
    /// just after the `=`.
    private func secretValueStart(in bytes: [UInt8], at index: Int) -> Int? {
        if index > 0, Self.isNameByte(bytes[index - 1]) { return nil }
        guard Self.isNameByte(bytes[index]) else { return nil }
        var end = index
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "="), end - index <= longestParameter else { return nil }
        let name = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
        return secretParameters.contains(name) ? end + 1 : nil
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

    /// `haystack` with every occurrence of `needle` replaced, ASCII letters compared without case (a
    /// key's encoded forms differ only in the case of their hex digits); nil when there is none. A
    /// match of UTF-8 text never starts inside a character, so the output of UTF-8 stays UTF-8.
    private static func replacing(_ needle: [UInt8], in haystack: [UInt8], with replacement: [UInt8]) -> [UInt8]? {
        func matches(at start: Int) -> Bool {
            guard start + needle.count <= haystack.count else { return false }
            for offset in 0..<needle.count where !sameIgnoringASCIICase(haystack[start + offset], needle[offset]) {
                return false
            }
            return true
        }
        guard !needle.isEmpty, let first = haystack.indices.first(where: matches(at:)) else { return nil }
        var output = Array(haystack[..<first])
        var index = first
        while index < haystack.count {
            if matches(at: index) {
                output += replacement
                index += needle.count
            } else {
                output.append(haystack[index])
                index += 1
            }
        }
        return output
    }

    private static func sameIgnoringASCIICase(_ left: UInt8, _ right: UInt8) -> Bool {
        left == right || (left | 0x20 == right | 0x20 && (left | 0x20) &- UInt8(ascii: "a") < 26)
    }
}

/// A scrub pattern that cannot be used (the executables report it as a bad `--scrub` value).
package struct KeyScrubberError: Error, Sendable, CustomStringConvertible {
    /// The pattern as given.
    package var pattern: String
    /// Why it was refused.
    package var reason: String

    /// `scrub pattern "(": it is not a valid regular expression`.
    package var description: String { "scrub pattern \(JSONValue.quoted(pattern)): \(reason)" }
}

extension ReplayRequest {
    /// The secrets the client sent (its provider's key parameters and headers), to be scrubbed wherever
    /// else they turn up.
    var clientSecrets: [String] {
        var secrets = parameters.secretValues
        for header in provider?.vocabulary.secretHeaders ?? [] {
            if let value = headers[header.name] {
                let secret = header.secret(in: value)
                if !secret.isEmpty { secrets.append(secret) }
            }
        }
        return secrets
    }
}
