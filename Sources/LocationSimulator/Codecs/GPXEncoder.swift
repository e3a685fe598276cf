/// GPX 1.1 with one `<wpt>` per fix, each with its `<time>`, in time order.
///
/// Waypoints rather than a track because Xcode's location simulation (a GPX file in the scheme) reads
/// `<wpt>` elements and interpolates between them by their times; ``GPXImporter`` reads the result back as
/// a trace. Coordinates have 7 decimals.
public struct GPXEncoder: FixEncoder {
    private let context: FixEncodingContext
    private let timestamps = TimestampWriter()

    /// Creates an encoder.
    public init(context: FixEncodingContext) {
        self.context = context
    }

    /// Writes the XML declaration, the `<gpx>` element and the trace's name.
    public mutating func begin(into buffer: OutputBuffer) {
        buffer.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        buffer.append("\n")
        buffer.append(
            #"<gpx version="1.1" creator="mockweather replay-location" xmlns="http://www.topografix.com/GPX/1/1">"#)
        buffer.append(text: "\n  <metadata><name>\(xmlEscaped(context.traceName))</name></metadata>\n")
    }

    /// Writes one `<wpt>`.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        buffer.append(#"  <wpt lat=""#)
        buffer.appendFixed(fix.coordinate.latitude, fractionDigits: 7)
        buffer.append(#"" lon=""#)
        buffer.appendFixed(fix.coordinate.longitude, fractionDigits: 7)
        buffer.append(#""><time>"#)
        timestamps.appendISO8601(context.epochMilliseconds(of: fix), to: buffer)
        buffer.append("</time></wpt>\n")
    }

    /// Closes the `<gpx>` element.
    public mutating func end(into buffer: OutputBuffer) {
        buffer.append("</gpx>\n")
    }
}
