/// A growable byte buffer that encoders append to without going through `String`.
///
/// Formatting a fix is on the hot path of `--instant` (a million fixes a second), so numbers and timestamps
/// are written digit by digit here instead of through `String(format:)`, `description` or `JSONEncoder`.
/// Not thread-safe: one buffer belongs to one playback loop.
public final class OutputBuffer {
    // The buffer belongs to one loop and is never reached from two threads or re-entered, so the dynamic
    // exclusivity checks Swift would otherwise run on each access to these class properties (a quarter of
    // the time of encoding a fix) buy nothing.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var length = 0
    // Digit tables held by each buffer rather than in globals, whose lazy initialisation check (swift_once)
    // would otherwise run on every number written.
    private let powersOfTen: UnsafeMutablePointer<UInt>
    private let digitPairs: UnsafeMutablePointer<UInt8>

    /// Creates an empty buffer that can hold `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(32, capacity)
        storage = .allocate(capacity: self.capacity)
        powersOfTen = .allocate(capacity: 20)
        var power: UInt = 1
        for exponent in 0..<20 {
            powersOfTen[exponent] = power
            power = power &* 10
        }
        digitPairs = .allocate(capacity: 200)
        for pair in 0..<100 {
            digitPairs[2 * pair] = UInt8(truncatingIfNeeded: 48 + pair / 10)
            digitPairs[2 * pair + 1] = UInt8(truncatingIfNeeded: 48 + pair % 10)
        }
    }

    deinit {
        storage.deallocate()
        powersOfTen.deallocate()
        digitPairs.deallocate()
    }

    /// The number of bytes written since the last ``removeAll()``.
    public var count: Int {
        length
    }

    /// Empties the buffer, keeping its memory.
    public func removeAll() {
        length = 0
    }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: length))
    }

    /// The bytes written so far, as an array.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: length))
    }

    /// The bytes written so far, decoded as UTF-8 (invalid sequences become U+FFFD).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: length), as: UTF8.self)
    }

    /// Makes room for `extra` more bytes and returns where they go.
    @inline(__always)
    private func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if length + extra > capacity { grow(to: length + extra) }
        return storage + length
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: length)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        length += 1
    }

    /// Appends bytes.
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends bytes.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let target = reserve(bytes.count)
        if bytes.count <= 24 {
            // Keys and punctuation are a few bytes; a loop beats calling memmove for them.
            for index in 0..<bytes.count { target[index] = base[index] }
        } else {
            target.update(from: base, count: bytes.count)
        }
        length += bytes.count
    }

    /// Appends a literal's UTF-8 bytes (no escaping); literals cost no allocation or reference counting.
    public func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends a string's UTF-8 bytes as they are (no escaping).
    public func append(text: String) {
        var text = text
        text.withUTF8 { append($0) }
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

    /// Appends an unsigned integer in decimal, at least `minimumDigits` digits (zero-padded, at most 20).
    public func appendUnsigned(_ value: UInt, minimumDigits: Int = 1) {
        var digits = 1
        while digits < 20, value >= powersOfTen[digits] { digits += 1 }
        appendDigits(value, width: Swift.min(Swift.max(digits, minimumDigits), 20))
    }

    /// Appends exactly `width` digits of `value` (its last `width` digits, zero-padded on the left).
    @inline(__always)
    func appendDigits(_ value: UInt, width: Int) {
        let start = reserve(width)
        // Two digits per division, from the right.
        var remaining = value
        var position = width
        while position >= 2 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            start[position - 1] = digitPairs[pair + 1]
            start[position - 2] = digitPairs[pair]
            position -= 2
        }
        if position == 1 { start[0] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0") }
        length += width
    }

    /// Appends `value` in fixed-point notation with exactly `fractionDigits` decimals (0...9), rounding half
    /// away from zero (`37.56631745` with 7 digits is `37.5663175`). Never writes `-0`; a non-finite value
    /// writes `0` followed by the decimals, so output stays parseable.
    public func appendFixed(_ value: Double, fractionDigits: Int) {
        let digits = Swift.min(Swift.max(fractionDigits, 0), 9)
        let scale = powersOfTen[digits]
        let scaled = value.magnitude * Double(scale) + 0.5
        guard value.isFinite, scaled < 9.0e18 else {
            if value.isFinite {
                append(text: String(value))
            } else {
                appendUnsigned(0)
                if digits > 0 {
                    append(UInt8(ascii: "."))
                    appendUnsigned(0, minimumDigits: digits)
                }
            }
            return
        }
        let units = UInt(scaled)  // truncation of a non-negative number: the floor, so this rounds half up
        if value < 0, units != 0 { append(UInt8(ascii: "-")) }
        appendUnsigned(units / scale)
        if digits > 0 {
            append(UInt8(ascii: "."))
            appendDigits(units % scale, width: digits)
        }
    }
}

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
