/// DEFLATE decoding (RFC 1951) inside its gzip (RFC 1952) and zlib (RFC 1950) wrappers, for bodies a
/// capture tool saved still compressed (`Content-Encoding: gzip` with the compressed bytes in base64).
///
/// Written here because the toolchain has no public zlib binding on Linux and the package takes no
/// dependencies. Decoding is canonical-Huffman, one bit at a time: bodies are small and imported once.
/// Checksums and lengths are verified; output beyond ``maximumOutput`` is refused (a compression bomb).
package enum Inflate {
    /// Why compressed bytes could not be decoded.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the stream.
        package var message: String
        /// The output limit that was reached, when that is why decoding stopped.
        package var exceededLimit: Int? = nil
        /// The message.
        package var description: String { message }
    }

    /// The most one body may decompress to (a real API answer is kilobytes; a bomb is not let grow).
    package static let maximumOutput = 64 << 20

    /// Every member of a gzip stream, concatenated; more than `limit` bytes of output is refused.
    package static func gunzip(_ bytes: [UInt8], limit: Int = maximumOutput) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            start = try gunzipMember(bytes, from: start, into: &output, limit: limit)
        } while start < bytes.count && bytes[start] == 0x1F
        return output
    }

    /// A zlib stream (what `Content-Encoding: deflate` means), or a raw DEFLATE stream, which some
    /// servers send under that name instead.
    package static func zlibOrRawDeflate(_ bytes: [UInt8], limit: Int = maximumOutput) throws(Failure) -> [UInt8] {
        guard isZlibHeader(bytes) else {
            var output: [UInt8] = []
            _ = try inflate(bytes, from: 0, into: &output, limit: limit)
            return output
        }
        guard bytes[1] & 0x20 == 0 else { throw Failure(message: "zlib stream needs a preset dictionary") }
        var output: [UInt8] = []
        let end = try inflate(bytes, from: 2, into: &output, limit: limit)
        guard end + 4 <= bytes.count else { throw Failure(message: "zlib stream ends before its Adler-32 checksum") }
        let stored = bytes[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == adler32(output) else { throw Failure(message: "zlib Adler-32 checksum does not match") }
        return output
    }

    /// True when `bytes` start with a gzip member's magic number.
    package static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// True when `bytes` start with a valid zlib header (deflate method, check bits right).
    package static func isZlibHeader(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] & 0x0F == 8 && bytes[0] >> 4 <= 7
            && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }

    // MARK: - gzip

    private static func gunzipMember(_ bytes: [UInt8], from start: Int, into output: inout [UInt8], limit: Int)
        throws(Failure) -> Int
    {
        guard bytes.count - start >= 18, bytes[start] == 0x1F, bytes[start + 1] == 0x8B else {
            throw Failure(message: "not gzip data (no 1f 8b magic number)")
        }
        guard bytes[start + 2] == 8 else {
            throw Failure(message: "gzip compression method \(bytes[start + 2]) is not deflate")
        }
        let flags = bytes[start + 3]
        var index = start + 10
        func skipZeroTerminated() throws(Failure) {
            while index < bytes.count, bytes[index] != 0 { index += 1 }
            guard index < bytes.count else { throw Failure(message: "gzip header ends inside a name or comment") }
            index += 1
        }
        if flags & 0x04 != 0 {
            guard index + 2 <= bytes.count else { throw Failure(message: "gzip header ends inside its extra field") }
            index += 2 + (Int(bytes[index]) | Int(bytes[index + 1]) << 8)
        }
        if flags & 0x08 != 0 { try skipZeroTerminated() }
        if flags & 0x10 != 0 { try skipZeroTerminated() }
        if flags & 0x02 != 0 { index += 2 }
        guard index < bytes.count else { throw Failure(message: "gzip member has no compressed data") }
        let memberStart = output.count
        let end = try inflate(bytes, from: index, into: &output, limit: limit)
        guard end + 8 <= bytes.count else { throw Failure(message: "gzip member ends before its CRC-32 and length") }
        func littleEndian(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
        }
        let member = output[memberStart...]
        guard littleEndian(end) == crc32(member) else { throw Failure(message: "gzip CRC-32 does not match") }
        guard littleEndian(end + 4) == UInt32(truncatingIfNeeded: member.count) else {
            throw Failure(message: "gzip length does not match")
        }
        return end + 8
    }

    // MARK: - DEFLATE

    /// Decodes the DEFLATE stream starting at byte `start`, appending to `output`; returns the index of
    /// the first byte after the stream.
    private static func inflate(_ bytes: [UInt8], from start: Int, into output: inout [UInt8], limit: Int)
        throws(Failure) -> Int
    {
        var bits = BitReader(bytes: bytes, index: start)
        var isFinal = false
        while !isFinal {
            isFinal = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0: try storedBlock(&bits, into: &output, limit: limit)
            case 1:
                try huffmanBlock(&bits, literals: fixedLiterals, distances: fixedDistances, into: &output, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try huffmanBlock(&bits, literals: literals, distances: distances, into: &output, limit: limit)
            default: throw Failure(message: "invalid DEFLATE block type 3")
            }
        }
        return bits.byteIndexAfterAlignment
    }

    private static func storedBlock(_ bits: inout BitReader, into output: inout [UInt8], limit: Int) throws(Failure) {
        bits.alignToByte()
        let length = try bits.read(16)
        let complement = try bits.read(16)
        guard length == ~complement & 0xFFFF else { throw Failure(message: "stored block length check fails") }
        guard output.count + length <= limit else { throw tooLarge(limit) }
        for _ in 0..<length { output.append(UInt8(try bits.read(8))) }
    }

    private static func huffmanBlock(
        _ bits: inout BitReader, literals: Huffman, distances: Huffman, into output: inout [UInt8], limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                guard output.count < limit else { throw tooLarge(limit) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < lengthBases.count else { throw Failure(message: "invalid length symbol \(symbol)") }
            let length = lengthBases[lengthCode] + (try bits.read(lengthExtraBits[lengthCode]))
            let distanceCode = try distances.decode(&bits)
            guard distanceCode < distanceBases.count else {
                throw Failure(message: "invalid distance symbol \(distanceCode)")
            }
            let distance = distanceBases[distanceCode] + (try bits.read(distanceExtraBits[distanceCode]))
            guard distance <= output.count else {
                throw Failure(message: "distance \(distance) reaches before the start")
            }
            guard output.count + length <= limit else { throw tooLarge(limit) }
            let from = output.count - distance
            for offset in 0..<length { output.append(output[from + offset]) }
        }
    }

    private static func dynamicTables(_ bits: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try bits.read(5) + 257
        let distanceCount = try bits.read(5) + 1
        let codeLengthCount = try bits.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(message: "too many DEFLATE codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for position in 0..<codeLengthCount { codeLengthLengths[codeLengthOrder[position]] = try bits.read(3) }
        let codeLengths = try Huffman(lengths: codeLengthLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengths.decode(&bits)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw Failure(message: "length repeat with no previous length")
                }
                lengths += repeatElement(previous, count: 3 + (try bits.read(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try bits.read(3)))
            default: lengths += repeatElement(0, count: 11 + (try bits.read(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(message: "code lengths overrun") }
        guard lengths[256] > 0 else { throw Failure(message: "no end-of-block code") }
        return (
            try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...]))
        )
    }

    /// "decompresses to more than 64 MiB", with the limit kept so a caller can tell its budget was spent.
    private static func tooLarge(_ limit: Int) -> Failure {
        let shown = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return Failure(message: "decompresses to more than \(shown)", exceededLimit: limit)
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed codes' lengths (RFC 1951 §3.2.6).
    private static let fixedLiterals = Huffman(
        completeLengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Huffman(completeLengths: [Int](repeating: 5, count: 30))

    // MARK: - Checksums

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in bytes {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }
}

/// Reads DEFLATE's bit stream: least significant bit first within each byte.
private struct BitReader {
    let bytes: [UInt8]
    var index: Int
    private var buffer = 0
    private var count = 0

    init(bytes: [UInt8], index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// The next `width` bits (at most 16) as a number, first bit lowest.
    mutating func read(_ width: Int) throws(Inflate.Failure) -> Int {
        while count < width {
            guard index < bytes.count else { throw Inflate.Failure(message: "compressed data ends early") }
            buffer |= Int(bytes[index]) << count
            index += 1
            count += 8
        }
        let value = buffer & ((1 << width) - 1)
        buffer >>= width
        count -= width
        return value
    }

    /// Drops the bits left in the current byte (stored blocks start on a byte).
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }

    /// The index of the first byte not (even partly) consumed.
    var byteIndexAfterAlignment: Int { index - count / 8 }
}

/// A canonical Huffman code: how many codes each length has, and the symbols in code order.
private struct Huffman {
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int] = []

    /// A code from a stream's lengths, refused when over-subscribed (incomplete codes are allowed:
    /// a symbol outside them fails when read).
    init(lengths: [Int]) throws(Inflate.Failure) {
        self.init(completeLengths: lengths)
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            if left < 0 { throw Inflate.Failure(message: "over-subscribed Huffman code") }
        }
    }

    /// A code from lengths known to be valid (the fixed codes).
    init(completeLengths lengths: [Int]) {
        for length in lengths { counts[length] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// The next symbol: codes are read most significant bit first, one bit at a time.
    func decode(_ bits: inout BitReader) throws(Inflate.Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits.read(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Inflate.Failure(message: "invalid Huffman code")
    }
}
