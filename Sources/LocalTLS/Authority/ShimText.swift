extension CText {
    /// The `length` bytes at `pointer` (a buffer the shim handed out), decoded as UTF-8.
    static func string(pointer: UnsafePointer<CChar>, length: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
