/// Appends the snapshot's primitive values to a byte array: little-endian fixed-width integers,
/// LEB128 variable-length integers (zigzag for signed ones), IEEE doubles by their bits, and strings
/// as a length and their UTF-8 bytes (docs/ARCHITECTURE.md#start-up-snapshots).
struct SnapshotByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func fixed32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) { fixed64(value.bitPattern) }

    mutating func string(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}

/// Reads what ``SnapshotByteWriter`` wrote, checking every length against the bytes left: a damaged
/// or hostile snapshot makes a read return nil, never trap or allocate more than the input holds.
struct SnapshotByteReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool? {
        switch byte() {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func fixed64() -> UInt64? {
        guard remaining >= 8 else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[position + index]) << UInt64(8 * index) }
        position += 8
        return value
    }

    mutating func fixed32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << UInt32(8 * index) }
        position += 4
        return value
    }

    mutating func unsigned() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let next = byte() {
            // The tenth byte may carry only the top bit of a 64-bit value.
            guard shift < 63 || next <= 1 else { return nil }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A count of things that follow, each at least `minimumSize` bytes long: nil when the bytes left
    /// could not hold that many, so a forged count cannot make the reader reserve memory it has not got.
    mutating func count(eachAtLeast minimumSize: Int = 1) -> Int? {
        guard let value = unsigned(), value <= UInt64(remaining / max(1, minimumSize)) else { return nil }
        return Int(value)
    }

    mutating func signed() -> Int64? {
        guard let value = unsigned() else { return nil }
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func double() -> Double? { fixed64().map(Double.init(bitPattern:)) }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(validating: bytes[position..<position + length], as: UTF8.self)
    }
}

/// A 64-bit checksum of bytes, to tell a snapshot damaged on disk (a torn write after a crash, a bit
/// flipped) from a sound one. Not a defence against forgery: snapshots live in a directory only their
/// user can write (``StartupCache``).
enum SnapshotChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }
}
