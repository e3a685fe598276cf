/// Path normalisation shared by cassettes and requests, so both sides compare the same way.
package enum RequestPath {
    /// Percent-decodes (invalid escapes are kept as written) and drops a trailing slash; `/` stays `/`.
    /// Absolute-form targets (`http://host/path`, as sent through a proxy) are reduced to their path.
    package static func normalized(_ raw: some StringProtocol) -> String {
        var text = String(raw)
        let isNormal = text.withUTF8 { bytes in
            bytes.first == UInt8(ascii: "/") && (bytes.count == 1 || bytes.last != UInt8(ascii: "/"))
                && !bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "?") }
        }
        if isNormal { return text }  // the common case: already normal
        var path = Substring(raw)
        if !path.hasPrefix("/"), let colon = path.firstIndex(of: ":"), path[..<colon].allSatisfy(\.isLetter),
            path[colon...].hasPrefix("://")
        {
            let authority = path[path.index(colon, offsetBy: 3)...]
            path = authority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { authority[$0...] } ?? "/"
            if path.hasPrefix("?") { path = "/" + path }
        }
        if let queryStart = path.firstIndex(of: "?") { path = path[..<queryStart] }
        var decoded = percentDecoded(path)
        while decoded.count > 1, decoded.hasSuffix("/") { decoded.removeLast() }
        return decoded.isEmpty ? "/" : decoded
    }

    /// Decodes `%XX` escapes; a `%` not followed by two hex digits is kept literally.
    package static func percentDecoded(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if byte == UInt8(ascii: "+"), plusIsSpace {
                output.append(UInt8(ascii: " "))
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-encodes (`%XX`, upper-case hex) every UTF-8 byte of `text` that `keep` refuses; by
    /// default all but RFC 3986's unreserved characters. The inverse of ``percentDecoded(_:plusIsSpace:)``.
    package static func percentEncoded(_ text: String, keeping keep: (UInt8) -> Bool = isUnreserved) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: ASCII letters, digits and `-._~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
