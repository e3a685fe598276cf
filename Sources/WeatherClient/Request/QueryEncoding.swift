/// Percent-encoding for query names and values: RFC 3986 unreserved characters and `,` (which
/// the API uses in `q=Seoul,KR` and `zip=94040,us`) stay as they are; every other byte of the
/// UTF-8 form becomes `%XX`, so `&`, `=`, `+`, `#` and spaces in a city name cannot break the query.
enum QueryEncoding {
    static func encode(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return output
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? 0x30 + value : 0x41 + value - 10))
    }
}
