/// Reads `divisions.bin` front to back: LEB128 varints, zigzag-signed ones and UTF-8 names, each checked
/// where it is read. A problem is a ``KoreaRegionsError/malformed(path:offset:reason:)`` naming the file,
/// the offset of the value that was wrong and what it was meant to be.
struct ByteCursor {
    private let bytes: [UInt8]
    private let path: String
    /// The offset of the next byte to read.
    private(set) var offset = 0

    /// A cursor at the start of `bytes`, the contents of the file at `path`.
    init(_ bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The next `count` bytes, which must be there.
    mutating func bytes(_ count: Int, what: String) throws(KoreaRegionsError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw problem(at: offset, "\(what) is cut short (the file ends)") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// An unsigned varint no greater than `limit`, described as `what` in a message.
    mutating func unsigned(_ what: String, atMost limit: UInt64 = UInt64(Int.max)) throws(KoreaRegionsError) -> Int {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw problem(at: start, "\(what) is missing (the file ends)") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 63 || (shift == 63 && byte <= 1) else {
                throw problem(at: start, "\(what) is not a number (a varint longer than 64 bits)")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        guard value <= limit else { throw problem(at: start, "\(what) is \(value), more than \(limit)") }
        return Int(value)
    }

    /// A zigzag-encoded signed varint within `range`.
    mutating func signed(_ what: String, in range: ClosedRange<Int>) throws(KoreaRegionsError) -> Int {
        let start = offset
        let raw = try unsigned(what, atMost: UInt64.max >> 1)
        let value = raw & 1 == 0 ? raw >> 1 : -(raw >> 1) - 1
        guard range.contains(value) else {
            throw problem(at: start, "\(what) is \(value), outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A name: its byte count, then that many bytes of UTF-8.
    mutating func name(_ what: String) throws(KoreaRegionsError) -> String {
        let count = try unsigned("\(what)'s length", atMost: 256)
        let start = offset
        let utf8 = try bytes(count, what: what)
        guard count > 0, let text = String(validating: utf8, as: UTF8.self) else {
            throw problem(at: start, "\(what) is \(count == 0 ? "empty" : "not UTF-8")")
        }
        return text
    }

    /// A problem with the value that starts at `offset`.
    func problem(at offset: Int, _ what: String) -> KoreaRegionsError {
        .malformed(path: path, offset: offset, reason: what)
    }
}
