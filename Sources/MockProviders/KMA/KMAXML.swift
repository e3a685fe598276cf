/// The little of XML the service's answers need: its declaration line and text escaping. The
/// service writes no indentation and `\r\n` after the declaration (kma-vilage-fcst.md §2.6).
enum KMAXML {
    /// `<?xml version="1.0" encoding="UTF-8"?>` and the line break the service sends after it.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n"

    /// `text` with `&`, `<` and `>` written as entities, so any value stays one text node.
    static func escaped(_ text: String) -> String {
        // Compared byte by byte, no set: a village forecast escapes some seven thousand values.
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
