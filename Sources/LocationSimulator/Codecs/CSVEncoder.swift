/// Comma-separated values with a header row:
/// `time,elapsed,latitude,longitude,accuracy,speed,course,authorization,waypoint` (plus `nx,ny` with the KMA
/// grid). Fields are quoted per RFC 4180 only when they contain a comma, quote or line break; lines end
/// with CRLF as RFC 4180 asks.
public struct CSVEncoder: FixEncoder {
    private let context: FixEncodingContext
    private let names: EscapedNames
    private let timestamps = TimestampWriter()

    /// Creates an encoder.
    public init(context: FixEncodingContext) {
        self.context = context
        names = EscapedNames(context, escape: csvField)
    }

    /// Writes the header row.
    public mutating func begin(into buffer: OutputBuffer) {
        buffer.append("time,elapsed,latitude,longitude,accuracy,speed,course,authorization,waypoint")
        buffer.append(context.includesKMAGrid ? ",nx,ny\r\n" : "\r\n")
    }

    /// Writes one row.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        timestamps.appendISO8601(context.epochMilliseconds(of: fix), to: buffer)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.time, fractionDigits: 3)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.coordinate.latitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.coordinate.longitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.horizontalAccuracy, fractionDigits: 1)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.speed, fractionDigits: 2)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(fix.course, fractionDigits: 1)
        buffer.append(UInt8(ascii: ","))
        names.appendAuthorization(of: fix, to: buffer)
        buffer.append(UInt8(ascii: ","))
        names.appendWaypoint(of: fix, to: buffer)
        if context.includesKMAGrid {
            let cell = KMAGrid.gridPoint(for: fix.coordinate)
            buffer.append(UInt8(ascii: ","))
            buffer.appendInteger(cell.x)
            buffer.append(UInt8(ascii: ","))
            buffer.appendInteger(cell.y)
        }
        buffer.append("\r\n")
    }

    /// Writes nothing.
    public mutating func end(into buffer: OutputBuffer) {}
}

/// A CSV field, quoted when it contains a comma, a quote or a line break.
func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
}
