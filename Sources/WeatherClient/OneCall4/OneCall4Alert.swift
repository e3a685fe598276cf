public import Foundation

/// An alert's details: the body of `GET /data/4.0/onecall/alert/{id}` (no envelope).
///
/// Both shapes decode. The documentation's has `description` as one string and `event` as the
/// alert's name; the live API's has `description` as `[{language, description}]`, a `tags` array, and
/// `event` as `""`. Agencies often write only in their own language: pick a text with
/// ``text(preferring:)``.
public struct OneCall4Alert: Sendable, Hashable, Decodable {
    /// The alert's id (`id`), e.g. `urn:oid:2.49.0.0.152.…:f1076d…`.
    public var id: String
    /// The agency that issued it (`sender_name`).
    public var sender: String
    /// The alert's name (`event`), e.g. "Heat Advisory"; `nil` when empty (as the live API sends it)
    /// or left out.
    public var event: String?
    /// When it starts (`start`, Unix seconds).
    public var start: Date
    /// When it ends (`end`, Unix seconds).
    public var end: Date
    /// The agency's texts (`description`): one per language in the live shape; one of unknown
    /// language when the API sends a plain string.
    public var texts: [OneCall4AlertText]
    /// The kinds of weather it is about (`tags`), e.g. `["Rain"]`; empty when not sent.
    public var tags: [String]

    private enum CodingKeys: String, CodingKey {
        case id
        case sender = "sender_name"
        case event, start, end
        case texts = "description"
        case tags
    }

    /// Decodes either shape; a `description` that is neither a string nor an array of
    /// `{language, description}` fails with its JSON path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        sender = try container.decode(String.self, forKey: .sender)
        event = try container.decodeIfPresent(String.self, forKey: .event).flatMap { $0.isEmpty ? nil : $0 }
        start = try container.decodeUnixTime(forKey: .start)
        end = try container.decodeUnixTime(forKey: .end)
        if let text = try? container.decode(String.self, forKey: .texts) {
            texts = [OneCall4AlertText(language: nil, text: text)]
        } else {
            texts = try container.decode([OneCall4AlertText].self, forKey: .texts)
        }
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    /// The text to show: the first of `languages` the alert has (exact tag, then the same language in
    /// any region, so `"ko"` finds `"ko-KR"` and `"ko-KR"` finds `"ko"`), else English (`en-US`, then
    /// any `en`), else the first text. OpenWeatherMap's `lang` codes that are not language tags are
    /// understood too (`kr` is Korean, `zh_cn` is `zh-CN`), so a client's ``OpenWeatherClient/language``
    /// can be passed as it is. A text of unknown language (the documented string shape) is returned
    /// whatever is preferred, as the only one. `nil` only when the alert has no text at all.
    public func text(preferring languages: [String] = []) -> OneCall4AlertText? {
        let tagged = texts.map { ($0, $0.language.map(LanguageTag.init)) }
        let wanted = languages.map(LanguageTag.init) + [LanguageTag("en-US")]
        for tag in wanted {
            if let match = tagged.first(where: { $0.1 == tag }) { return match.0 }
            if let match = tagged.first(where: { $0.1?.language == tag.language }) { return match.0 }
        }
        return texts.first
    }
}

/// One text of an alert: the agency's description in one language.
public struct OneCall4AlertText: Sendable, Hashable, Decodable {
    /// Its language as the API writes it (`language`, e.g. `es-CL`); `nil` when the API sent the
    /// description as a plain string.
    public var language: String?
    /// The text (`description`).
    public var text: String

    /// A text; no validation.
    public init(language: String?, text: String) {
        self.language = language
        self.text = text
    }

    private enum CodingKeys: String, CodingKey {
        case language
        case text = "description"
    }
}

/// A language tag compared the way alert texts need: case and `_`/`-` ignored, and OpenWeatherMap's
/// own `lang` codes that are not ISO 639 (`kr`, `cz`, `ua`, `se`, `la`, `al`, `sp`) read as the
/// language they stand for.
struct LanguageTag: Hashable {
    /// The whole tag, lowercased, `-` between subtags: `ko-kr`.
    let full: String
    /// The primary language subtag: `ko`.
    let language: String

    init(_ text: String) {
        let subtags = text.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-")
        let primary = subtags.first.map(String.init) ?? ""
        let language = Self.owmCodes[primary] ?? primary
        self.language = language
        full = ([language] + subtags.dropFirst().map(String.init)).joined(separator: "-")
    }

    /// OpenWeatherMap `lang` codes that name another language's ISO 639-1 code.
    private static let owmCodes = [
        "kr": "ko", "cz": "cs", "ua": "uk", "se": "sv", "la": "lv", "al": "sq", "sp": "es",
    ]
}
