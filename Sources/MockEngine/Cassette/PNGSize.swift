/// The size a PNG states in its header (`IHDR`), or nil when the bytes are not a PNG.
package struct PNGSize: Sendable, Equatable {
    package var width: Int
    package var height: Int

    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The size `bytes` state, or nil when they are not a PNG.
    package init?(_ bytes: [UInt8]) {
        // Signature, then the first chunk: length (13), "IHDR", width and height big-endian.
        guard bytes.count >= 24, bytes.starts(with: Self.signature), Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = number(16)
        height = number(20)
    }
}
