/// Finds, before FoundationXML parses a GPX file, the XML constructs that parser cannot be trusted with
/// and that no GPX writer produces: processing instructions other than the opening `<?xml …?>`
/// declaration, document type declarations and other `<!` markup besides comments and CDATA, entity
/// references beyond XML's five and character references, NUL bytes (which make libxml2 read the file
/// as UTF-16 or UCS-4), a declared encoding other than UTF-8, and the breaks in XML's structure after
/// which libxml2's recovery reads on differently from this scan (`<` inside a tag or an attribute
/// value, a comment or CDATA section never closed).
///
/// Why refuse rather than parse: swift-corelibs-foundation's XMLParser hands libxml2's callbacks on
/// without checking them, and crashes on some of them (a processing instruction without data is a
/// null pointer it reads), whether or not the delegate implements the callback. A GPX file from a
/// device or an app has only the declaration, elements, attributes, text, comments and CDATA, so
/// nothing a real file holds is refused. The scan follows XML's lexical structure (comments, CDATA and
/// quoted attribute values are skipped as XML skips them), so text that merely looks like markup
/// inside them is left alone.
enum GPXMarkupScreen {
    /// What was refused, and where: the offset of its first byte.
    struct Refusal: Equatable {
        var offset: Int
        var message: String
    }

    /// The first refused construct in `bytes` (valid UTF-8), or nil when FoundationXML may parse them.
    static func firstRefusal(in bytes: [UInt8]) -> Refusal? {
        if let nul = bytes.firstIndex(of: 0) {
            return Refusal(
                offset: nul,
                message:
                    "NUL byte (0x00) refused: XML text cannot hold one (a UTF-16 file? GPX files are read as UTF-8)")
        }
        var scanner = Scanner(bytes: bytes)
        return scanner.firstRefusal()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func firstRefusal() -> Refusal? {
            if starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
            if startsDeclaration(at: index) {
                if let refusal = declarationRefusal() { return refusal }
            }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "<"):
                    if let refusal = markupRefusal() { return refusal }
                case UInt8(ascii: "&"):
                    if let refusal = referenceRefusal(at: index) { return refusal }
                    index += 1
                default:
                    index += 1
                }
            }
            return nil
        }

        /// At a `<`: skips a comment, CDATA section or tag; refuses a processing instruction or `<!` markup.
        private mutating func markupRefusal() -> Refusal? {
            let start = index
            if starts(with: "<!--") {
                return skip(past: "-->", from: start + 4)
            }
            if starts(with: "<![CDATA[") {
                return skip(past: "]]>", from: start + 9)
            }
            if starts(with: "<?") {
                let target = word(at: start + 2)
                if startsDeclaration(at: start) {
                    return Refusal(
                        offset: start, message: "XML declaration <?\(target) refused here: it may only open the file")
                }
                if target == "xml" {
                    return Refusal(
                        offset: start,
                        message: "malformed XML declaration refused: it must read <?xml version=\"1.0\"?>")
                }
                return Refusal(
                    offset: start,
                    message: "processing instruction <?\(target) refused: "
                        + "a GPX file has no processing instructions, only the <?xml …?> declaration at its start")
            }
            if starts(with: "<!") {
                let keyword = word(at: start + 2)
                return Refusal(
                    offset: start,
                    message: "<!\(keyword) refused: a GPX file has no document type declaration, "
                        + "entity declarations or other <! markup besides comments and CDATA")
            }
            return tagRefusal()
        }

        /// Through a start or end tag to its `>`, checking the references in quoted attribute values.
        private mutating func tagRefusal() -> Refusal? {
            index += 1
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "&"), let refusal = referenceRefusal(at: index) {
                    return refusal
                }
                if let open = quote {
                    if byte == open {
                        quote = nil
                    } else if byte == UInt8(ascii: "<") {
                        // Not well-formed, and libxml2 recovers from it by reading on as content, where
                        // the `<` could open anything; so it is refused rather than skipped.
                        return Refusal(offset: index, message: "\"<\" in an attribute value refused: write it as &lt;")
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    index += 1
                    return nil
                } else if byte == UInt8(ascii: "<") {
                    // Not well-formed, and libxml2's recovery from a broken tag does not follow XML's
                    // lexical structure: it may read on as content where this scan would read a
                    // comment, and parse a processing instruction hidden in it (found by fuzzing).
                    return Refusal(
                        offset: index, message: "\"<\" inside a tag refused: close the tag with \">\" first")
                }
                index += 1
            }
            return nil
        }

        /// The opening `<?xml …?>`: refuses a declared encoding other than UTF-8 (or ASCII, or a
        /// single-byte superset of it when every byte is ASCII), since libxml2 would switch decoders on
        /// the word of the file and read what follows as something else.
        private mutating func declarationRefusal() -> Refusal? {
            let start = index
            // libxml2 ends a declaration it cannot read at the first `>` and reads on from there, so
            // the declaration is what comes before the first `>`, and must be `<?xml …?>` exactly.
            guard let close = bytes[(start + 5)...].firstIndex(of: UInt8(ascii: ">")),
                bytes[close - 1] == UInt8(ascii: "?"), close - 1 >= start + 5,
                !bytes[(start + 5)..<close].contains(UInt8(ascii: "<"))
            else {
                return Refusal(offset: start, message: "malformed XML declaration refused: it must read <?xml …?>")
            }
            let end = close - 1
            index = close + 1
            guard let name = declaredEncoding(in: bytes[start..<end]) else { return nil }
            let folded = String(name.uppercased().map { $0 == "_" ? "-" : $0 })
            if ["UTF-8", "UTF8", "US-ASCII", "ASCII"].contains(folded) { return nil }
            let asciiSupersets = ["ISO-8859-1", "ISO-8859-15", "LATIN1", "ISO-LATIN-1", "WINDOWS-1252", "CP1252"]
            if asciiSupersets.contains(folded), bytes.allSatisfy({ $0 < 0x80 }) { return nil }
            return Refusal(
                offset: start,
                message: "encoding \"\(name)\" refused: GPX files are read as UTF-8 "
                    + "(declare encoding=\"UTF-8\" or leave it out)")
        }

        /// The value of `encoding="…"` in a declaration, when it has one.
        private func declaredEncoding(in declaration: ArraySlice<UInt8>) -> String? {
            guard let keyword = declaration.firstRange(of: Array("encoding".utf8)) else { return nil }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            var rest = declaration[keyword.upperBound...].drop(while: isSpace)
            guard rest.first == UInt8(ascii: "=") else { return nil }
            rest = rest.dropFirst().drop(while: isSpace)
            guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            return String(decoding: rest.dropFirst().prefix { $0 != quote }, as: UTF8.self)
        }

        /// At a `&`: nil for `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;` / `&#xH;`, else why not.
        private func referenceRefusal(at start: Int) -> Refusal? {
            var end = start + 1
            while end < bytes.count, end - start <= 64, bytes[end] != UInt8(ascii: ";"), !isSpaceOrMarkup(bytes[end]) {
                end += 1
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                return Refusal(
                    offset: start, message: "\"&\" that starts no reference refused: write a literal & as &amp;")
            }
            let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            if ["lt", "gt", "amp", "quot", "apos"].contains(name) { return nil }
            if isCharacterReference(name) { return nil }
            return Refusal(
                offset: start,
                message: "entity reference &\(name); refused: a GPX file uses only &lt; &gt; &amp; &quot; &apos; "
                    + "and character references such as &#233;")
        }

        private func isCharacterReference(_ name: String) -> Bool {
            if name.hasPrefix("#x") {
                return name.count > 2 && name.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit }
            }
            return name.hasPrefix("#") && name.count > 1 && name.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        }

        private func isSpaceOrMarkup(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }

        /// Whether `<?xml` followed by white space starts at `offset`, which is what libxml2 reads as the
        /// declaration. Anything else (`<?xml?>`, `<?xml-stylesheet …?>`) is a processing instruction.
        private func startsDeclaration(at offset: Int) -> Bool {
            guard bytes[offset...].starts(with: "<?xml".utf8) else { return false }
            let next = offset + 5
            return next < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next])
        }

        /// The name after `<?` or `<!`, at most 24 characters, for messages.
        private func word(at offset: Int) -> String {
            var end = offset
            while end < bytes.count, end - offset < 24, !isSpaceOrMarkup(bytes[end]), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: ">")
            {
                end += 1
            }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }

        /// Moves past the next `terminator` (from `offset`). An unterminated comment or CDATA section is
        /// refused: no file is well-formed with one, and what libxml2 makes of the rest while it
        /// recovers is not what this scan would have skipped.
        private mutating func skip(past terminator: String, from offset: Int) -> Refusal? {
            guard let end = find(terminator, from: offset) else {
                let construct = terminator == "-->" ? "comment" : "CDATA section"
                return Refusal(offset: index, message: "\(construct) without its closing \(terminator) refused")
            }
            index = end + terminator.utf8.count
            return nil
        }

        private func find(_ text: String, from offset: Int) -> Int? {
            let needle = Array(text.utf8)
            guard offset <= bytes.count else { return nil }
            return bytes[offset...].firstRange(of: needle)?.lowerBound
        }

        private func starts(with text: String) -> Bool {
            bytes[index...].starts(with: text.utf8)
        }

        private func starts(with prefix: [UInt8]) -> Bool {
            bytes[index...].starts(with: prefix)
        }
    }
}
