import Basics

/// A GeoJSON (RFC 7946) FeatureCollection: one Point feature per fix, its properties the fix's time,
/// accuracy, speed, course, permission and nearest waypoint (and `nx`, `ny` with the KMA grid), followed by
/// a LineString feature through all fixes (when there are at least two).
///
/// Positions are `[longitude, latitude]`, longitude first, as RFC 7946 §3.1.1 requires: the most common
/// axis-order bug in this field, pinned by a test.
public struct GeoJSONEncoder: FixEncoder {
    private let context: FixEncodingContext
    private let fields: JSONFixFields
    private var track: [GeoPoint] = []

    /// Creates an encoder.
    public init(context: FixEncodingContext) {
        self.context = context
        fields = JSONFixFields(context: context)
    }

    /// Opens the FeatureCollection.
    public mutating func begin(into buffer: OutputBuffer) {
        buffer.append(#"{"type":"FeatureCollection","name":"#)
        buffer.append(text: JSONValue.quoted(context.traceName))
        buffer.append(#","features":["#)
    }

    /// Writes one Point feature.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        if !track.isEmpty { buffer.append(UInt8(ascii: ",")) }
        track.append(fix.coordinate)
        buffer.append("\n")
        buffer.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":"#)
        appendPosition(fix.coordinate, to: buffer)
        buffer.append(#"},"properties":"#)
        fields.appendObject(for: fix, includingCoordinates: false, to: buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// Writes the track LineString and closes the collection.
    public mutating func end(into buffer: OutputBuffer) {
        if track.count >= 2 {
            buffer.append(",\n")
            buffer.append(#"{"type":"Feature","geometry":{"type":"LineString","coordinates":["#)
            for (index, point) in track.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                appendPosition(point, to: buffer)
            }
            buffer.append(#"]},"properties":{"name":"#)
            buffer.append(text: JSONValue.quoted(context.traceName))
            buffer.append(#","role":"track"}}"#)
        }
        buffer.append("\n]}\n")
    }

    private func appendPosition(_ point: GeoPoint, to buffer: OutputBuffer) {
        buffer.append(UInt8(ascii: "["))
        buffer.appendFixed(point.longitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: ","))
        buffer.appendFixed(point.latitude, fractionDigits: 7)
        buffer.append(UInt8(ascii: "]"))
    }
}
