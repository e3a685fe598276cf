/// `lat,lon` per line with 7 decimals, latitude first, as `xcrun simctl location <device> start -` reads
/// waypoints from standard input (and as `simctl location set` takes one point).
public struct SimctlEncoder: FixEncoder {
    /// Creates an encoder.
    public init() {}

    /// Writes nothing.
    public mutating func begin(into buffer: OutputBuffer) {}

    /// Writes `lat,lon` and a newline.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        buffer.appendFixed(fix.coordinate.latitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.coordinate.longitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes nothing.
    public mutating func end(into buffer: OutputBuffer) {}
}
