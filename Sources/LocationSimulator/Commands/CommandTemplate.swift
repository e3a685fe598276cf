import Basics

/// A shell command with placeholders filled in from each fix, for `--exec`:
/// `xcrun simctl location booted set {lat},{lon}` or `adb emu geo fix {lon} {lat}`.
///
/// Placeholders are `{lat}`, `{lon}` (7 decimals), `{time}` (ISO 8601 UTC), `{elapsed}` (seconds since the
/// trace start), `{speed}` (m/s), `{course}` (degrees) and `{accuracy}` (metres). Every value is a number
/// or a timestamp, so none needs shell quoting and a trace file cannot inject shell syntax. `{{` and `}}`
/// stand for literal braces (write `${{HOME}}` for the shell's `${HOME}`).
public struct CommandTemplate: Sendable, Hashable {
    /// The placeholder names a template may use.
    public static let placeholderNames = ["lat", "lon", "time", "elapsed", "speed", "course", "accuracy"]

    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    let parts: [Part]
    /// The template as written.
    public let text: String

    /// Parses a template.
    ///
    /// - Throws: ``CommandTemplateError`` for an unknown placeholder (with a suggestion), an unclosed `{`,
    ///   a stray `}` or an empty template.
    public init(_ text: String) throws(CommandTemplateError) {
        guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else { throw .unclosedBrace(template: text) }
                let name = String(text[next..<close])
                guard Self.placeholderNames.contains(name) else {
                    throw .unknownPlaceholder(
                        name, suggestion: Suggestions.closest(to: name, among: Self.placeholderNames))
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.placeholder(name))
                index = text.index(after: close)
            } else if character == "}" {
                throw .strayBrace(template: text)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        self.text = text
    }

    /// The command for one fix, timestamps taken from `context`.
    public func command(for fix: LocationFix, context: FixEncodingContext) -> String {
        let buffer = OutputBuffer(capacity: 256)
        let timestamps = TimestampWriter()
        for part in parts {
            switch part {
            case .literal(let text): buffer.append(text: text)
            case .placeholder("lat"): buffer.appendFixed(fix.coordinate.latitude, fractionDigits: 7)
            case .placeholder("lon"): buffer.appendFixed(fix.coordinate.longitude, fractionDigits: 7)
            case .placeholder("time"): timestamps.appendISO8601(context.epochMilliseconds(of: fix), to: buffer)
            case .placeholder("elapsed"): buffer.appendFixed(fix.time, fractionDigits: 3)
            case .placeholder("speed"): buffer.appendFixed(fix.speed, fractionDigits: 2)
            case .placeholder("course"): buffer.appendFixed(fix.course, fractionDigits: 1)
            case .placeholder(_): buffer.appendFixed(fix.horizontalAccuracy, fractionDigits: 1)
            }
        }
        return buffer.text
    }
}

/// A `--exec` template that cannot be used.
public enum CommandTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template is empty or only whitespace.
    case empty
    /// `{name}` with a name that is not a placeholder; `suggestion` is the closest one, if close.
    case unknownPlaceholder(String, suggestion: String?)
    /// A `{` without its `}`.
    case unclosedBrace(template: String)
    /// A `}` without its `{`.
    case strayBrace(template: String)

    /// What is wrong, listing the placeholders that exist.
    public var description: String {
        let known = CommandTemplate.placeholderNames.map { "{\($0)}" }.joined(separator: ", ")
        switch self {
        case .empty:
            return "the command template is empty"
        case .unknownPlaceholder(let name, let suggestion):
            let hint = suggestion.map { "did you mean {\($0)}? " } ?? ""
            return
                "unknown placeholder {\(name)}; \(hint)placeholders are \(known) (write {{ and }} for literal braces)"
        case .unclosedBrace(let template):
            return "'{' without a closing '}' in \"\(template)\"; placeholders are \(known)"
        case .strayBrace(let template):
            return "'}' without an opening '{' in \"\(template)\" (write }} for a literal brace)"
        }
    }
}
