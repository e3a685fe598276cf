/// NMEA 0183 sentences, a `$GPRMC` and a `$GPGGA` per fix, each ending in `*` and its checksum (the XOR of
/// every byte between `$` and `*`, two upper-case hex digits) and CRLF, as the standard and `adb emu geo
/// nmea` expect.
///
/// Positions are `ddmm.mmmm` (latitude) and `dddmm.mmmm` (longitude), about 0.2 m resolution; times are UTC
/// with hundredths. The simulator has no altitude, so GGA reports 0 m. GGA's HDOP is derived from the
/// accuracy assuming a 5 m user range error (HDOP = accuracy / 5, at least 0.5); it is an approximation,
/// since NMEA has no field for a 68% radius.
public struct NMEAEncoder: FixEncoder {
    private let context: FixEncodingContext
    private let timestamps = TimestampWriter()
    private let sentence = OutputBuffer(capacity: 128)

    /// Creates an encoder.
    public init(context: FixEncodingContext) {
        self.context = context
    }

    /// Writes nothing: NMEA streams have no header.
    public mutating func begin(into buffer: OutputBuffer) {}

    /// Writes `$GPRMC` then `$GPGGA` for the fix.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        let (date, millisecondOfDay) = timestamps.split(context.epochMilliseconds(of: fix))

        sentence.removeAll()
        sentence.append("GPRMC,")
        timestamps.appendClock(millisecondOfDay, separator: nil, fractionDigits: 2, to: sentence)
        sentence.append(fix.isValid ? ",A," : ",V,")
        appendCoordinates(fix.coordinate)
        sentence.append(UInt8(ascii: ","))
        sentence.appendFixed(max(0, fix.speed) * knotsPerMetrePerSecond, fractionDigits: 1)
        sentence.append(UInt8(ascii: ","))
        if fix.course >= 0 { sentence.appendFixed(fix.course, fractionDigits: 1) }
        sentence.append(UInt8(ascii: ","))
        sentence.appendUnsigned(UInt(date.day), minimumDigits: 2)
        sentence.appendUnsigned(UInt(date.month), minimumDigits: 2)
        sentence.appendUnsigned(UInt(max(0, date.year) % 100), minimumDigits: 2)
        sentence.append(fix.isValid ? ",,,A" : ",,,N")
        Self.appendSentence(sentence, to: buffer)

        sentence.removeAll()
        sentence.append("GPGGA,")
        timestamps.appendClock(millisecondOfDay, separator: nil, fractionDigits: 2, to: sentence)
        sentence.append(UInt8(ascii: ","))
        appendCoordinates(fix.coordinate)
        sentence.append(fix.isValid ? ",1,08," : ",0,00,")
        sentence.appendFixed(max(0.5, fix.horizontalAccuracy / 5), fractionDigits: 1)
        sentence.append(",0.0,M,0.0,M,,")
        Self.appendSentence(sentence, to: buffer)
    }

    /// Writes nothing.
    public mutating func end(into buffer: OutputBuffer) {}

    private func appendCoordinates(_ point: GeoPoint) {
        appendAngle(point.latitude, degreeDigits: 2)
        sentence.append(point.latitude < 0 ? ",S," : ",N,")
        appendAngle(point.longitude, degreeDigits: 3)
        sentence.append(point.longitude < 0 ? ",W" : ",E")
    }

    /// Degrees and decimal minutes, `ddmm.mmmm`, rounded as a whole so that 59.99995' carries into a degree.
    private func appendAngle(_ degrees: Double, degreeDigits: Int) {
        let tenThousandthsOfMinute = UInt((degrees.magnitude * 600_000).rounded())
        sentence.appendUnsigned(tenThousandthsOfMinute / 600_000, minimumDigits: degreeDigits)
        let minutes = tenThousandthsOfMinute % 600_000
        sentence.appendUnsigned(minutes / 10_000, minimumDigits: 2)
        sentence.append(UInt8(ascii: "."))
        sentence.appendUnsigned(minutes % 10_000, minimumDigits: 4)
    }

    private static func appendSentence(_ body: OutputBuffer, to buffer: OutputBuffer) {
        let checksum = body.withUnsafeBytes { bytes in bytes.reduce(UInt8(0), ^) }
        buffer.append(UInt8(ascii: "$"))
        body.withUnsafeBytes { buffer.append($0.bindMemory(to: UInt8.self)) }
        buffer.append(UInt8(ascii: "*"))
        buffer.append(hexDigits[Int(checksum >> 4)])
        buffer.append(hexDigits[Int(checksum & 0x0F)])
        buffer.append("\r\n")
    }
}

private let knotsPerMetrePerSecond = 3_600.0 / 1_852.0
private let hexDigits = Array("0123456789ABCDEF".utf8)
