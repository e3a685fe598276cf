/// A growable byte buffer that encoders append to without going through `String`.
///
/// Formatting a fix is on the hot path of `--instant` (a million fixes a second), so numbers and timestamps
/// are written digit by digit here instead of through `String(format:)`, `description` or `JSONEncoder`.
/// Not thread-safe: one buffer belongs to one playback loop.
public final class OutputBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written since the last ``removeAll()``.
    public private(set) var count = 0

    /// Creates an empty buffer that can hold `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(16, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Empties the buffer, keeping its memory.
    public func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// The bytes written so far, as an array.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    /// The bytes written so far, decoded as UTF-8 (invalid sequences become U+FFFD).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Appends bytes.
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer(append)
    }

    /// Appends bytes.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
        count += bytes.count
    }

    /// Appends a string's UTF-8 bytes as they are (no escaping).
    public func append(_ text: String) {
        var text = text
        text.withUTF8(append)
    }

    /// Appends an integer in decimal.
    public func appendInteger(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendUnsigned(value.magnitude)
        } else {
            appendUnsigned(UInt(value))
        }
    }

    /// Appends an unsigned integer in decimal, at least `minimumDigits` digits (zero-padded).
    public func appendUnsigned(_ value: UInt, minimumDigits: Int = 1) {
        var digits = 1
        var limit: UInt = 10
        while digits < 20, value >= limit {
            digits += 1
            let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
            if overflow { break }
            limit = next
        }
        let width = max(digits, minimumDigits)
        reserve(width)
        var remaining = value
        var position = count + width - 1
        while position >= count {
            storage[position] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
            remaining /= 10
            position -= 1
        }
        count += width
    }

    /// Appends `value` in fixed-point notation with exactly `fractionDigits` decimals (0...9), rounding half
    /// away from zero (`37.56631745` with 7 digits is `37.5663175`). Never writes `-0`; a non-finite value
    /// writes `0` followed by the decimals, so output stays parseable.
    public func appendFixed(_ value: Double, fractionDigits: Int) {
        let digits = min(max(fractionDigits, 0), 9)
        let scale = powersOfTen[digits]
        let scaled = (value.magnitude * Double(scale)).rounded()
        guard value.isFinite, scaled < 9.0e18 else {
            if value.isFinite {
                append(String(value))
            } else {
                appendUnsigned(0)
                if digits > 0 {
                    append(UInt8(ascii: "."))
                    appendUnsigned(0, minimumDigits: digits)
                }
            }
            return
        }
        let units = UInt(scaled)
        if value < 0, units != 0 { append(UInt8(ascii: "-")) }
        appendUnsigned(units / scale)
        if digits > 0 {
            append(UInt8(ascii: "."))
            appendUnsigned(units % scale, minimumDigits: digits)
        }
    }
}

private let powersOfTen: [UInt] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
]

/// `value` with exactly `fractionDigits` decimals, as ``OutputBuffer/appendFixed(_:fractionDigits:)`` writes it.
func formatFixed(_ value: Double, fractionDigits: Int) -> String {
    let buffer = OutputBuffer(capacity: 32)
    buffer.appendFixed(value, fractionDigits: fractionDigits)
    return buffer.text
}

/// Seconds as a clock reading, `h:mm:ss` from an hour on and `m:ss` below.
func formatClock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return whole >= 3_600
        ? "\(whole / 3_600):\(twoDigits(whole / 60 % 60)):\(twoDigits(whole % 60))"
        : "\(whole / 60):\(twoDigits(whole % 60))"
}
