/// How names are compared: the one folding that both the gazetteer's names and a query go through, so
/// `São Paulo`, `sao paulo` and `SAO  PAULO` are the same key, as OpenWeatherMap's `q` treats them.
///
/// Folding lower-cases (Unicode's mapping, so `МОСКВА` finds `Москва`), removes the diacritics of the
/// Latin letters (`ñ` → `n`, `ş` → `s`, Vietnamese `ồ` → `o`, `ß` → `ss`, `ł` → `l`) and combining
/// marks, turns every run of white space into one space and trims both ends. Hangul and the other
/// scripts are kept as they are, so `부산` is its own key.
package enum NameFolding {
    /// The key `name` is found by.
    package static func key(_ name: some StringProtocol) -> String {
        var text = String(name)
        var buffer: [UInt8] = []
        return text.withUTF8 { key(utf8: $0, buffer: &buffer) }
    }

    /// The key of the UTF-8 text `utf8`, built in `buffer` (reused between calls so that folding tens of
    /// thousands of names allocates once).
    static func key(utf8: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8]) -> String {
        buffer.removeAll(keepingCapacity: true)
        var pendingSpace = false
        guard utf8.contains(where: { $0 >= 0x80 }) else {
            for byte in utf8 {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    pendingSpace = !buffer.isEmpty
                    continue
                }
                if pendingSpace {
                    buffer.append(0x20)
                    pendingSpace = false
                }
                buffer.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: buffer, as: UTF8.self)
        }
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !buffer.isEmpty
                continue
            }
            if (0x300...0x36F).contains(scalar.value) { continue }
            if pendingSpace {
                buffer.append(0x20)
                pendingSpace = false
            }
            if let folded = latinFold(scalar.value) {
                buffer.append(contentsOf: folded)
            } else if scalar.isASCII {
                let byte = UInt8(scalar.value)
                buffer.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if isCaseless(scalar.value) {
                UTF8.encode(scalar) { buffer.append($0) }
            } else {
                buffer.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Unicode's white space (its `White_Space` property), without the property look-up for every scalar.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether `value` is in a block with no case (Hangul, CJK, kana), so lower-casing it is a copy.
    private static func isCaseless(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3040...0x9FFF, 0xAC00...0xD7FF, 0xF900...0xFAFF: true
        default: false
        }
    }

    /// The ASCII letters a Latin letter with diacritics folds to, or nil for any other scalar.
    private static func latinFold(_ value: UInt32) -> [UInt8]? {
        let folded: [UInt8]
        switch value {
        case 0xC0...0x24F: folded = latinSupplementAndExtended[Int(value - 0xC0)]
        case 0x1E00...0x1EFF: folded = latinExtendedAdditional[Int(value - 0x1E00)]
        default: return nil
        }
        return folded.isEmpty ? nil : folded
    }

    // Generated once with Python's unicodedata (NFD, combining marks removed, lower-cased; the letters
    // that do not decompose, such as ß, æ, ø, ł and đ, spelled out): one entry per scalar from the
    // range's first, `|`-separated, empty where the scalar is not a Latin letter to fold (× and ÷).
    private static let latinSupplementAndExtended = table(
        """
        a|a|a|a|a|a|ae|c|e|e|e|e|i|i|i|i|d|n|o|o|o|o|o||o|u|u|u|u|y|th|ss|a|a|a|a|a|a|ae|c|e|e|e|e|i|i|\
        i|i|d|n|o|o|o|o|o||o|u|u|u|u|y|th|y|a|a|a|a|a|a|c|c|c|c|c|c|c|c|d|d|d|d|e|e|e|e|e|e|e|e|e|e|g|g|\
        g|g|g|g|g|g|h|h|h|h|i|i|i|i|i|i|i|i|i|i|||j|j|k|k|k|l|l|l|l|l|l|l|l|l|l|n|n|n|n|n|n||n|n|o|o|o|\
        o|o|o|oe|oe|r|r|r|r|r|r|s|s|s|s|s|s|s|s|t|t|t|t|t|t|u|u|u|u|u|u|u|u|u|u|u|u|w|w|y|y|y|z|z|z|z|z|\
        z|s|b|b|||||||||d||||e|e||f|f|||||i|k|k|||||||o|o||||||||||||||u|u|||y|y||||||||||||||||||||||||\
        |a|a|i|i|o|o|u|u|u|u|u|u|u|u|u|u|e|a|a|a|a|||g|g|g|g|k|k|o|o|o|o|||j||||g|g|||n|n|a|a|||||a|a|a|\
        a|e|e|e|e|i|i|i|i|o|o|o|o|r|r|r|r|u|u|u|u|s|s|t|t|||h|h|||||z|z|a|a|e|e|o|o|o|o|o|o|o|o|y|y|||||\
        |||||||||||b|u||e|e|||||r|r|y|y
        """)

    private static let latinExtendedAdditional = table(
        """
        a|a|b|b|b|b|b|b|c|c|d|d|d|d|d|d|d|d|d|d|e|e|e|e|e|e|e|e|e|e|f|f|g|g|h|h|h|h|h|h|h|h|h|h|i|i|i|i|\
        k|k|k|k|k|k|l|l|l|l|l|l|l|l|m|m|m|m|m|m|n|n|n|n|n|n|n|n|o|o|o|o|o|o|o|o|p|p|p|p|r|r|r|r|r|r|r|r|\
        s|s|s|s|s|s|s|s|s|s|t|t|t|t|t|t|t|t|u|u|u|u|u|u|u|u|u|u|v|v|v|v|w|w|w|w|w|w|w|w|w|w|x|x|x|x|y|y|\
        z|z|z|z|z|z|h|t|w|y|||||ss||a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|a|e|e|e|e|e|e|e|e|e|e|\
        e|e|e|e|e|e|i|i|i|i|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|o|u|u|u|u|u|u|u|u|u|u|u|u|u|u|\
        y|y|y|y|y|y|y|y||||||
        """)

    private static func table(_ entries: String) -> [[UInt8]] {
        entries.split(separator: "|", omittingEmptySubsequences: false).map { Array($0.utf8) }
    }
}
