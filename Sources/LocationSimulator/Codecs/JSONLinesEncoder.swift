import Basics

/// JSON lines: one object per fix, keys in a fixed order, for example
///
///     {"time":"2026-11-29T00:00:01.000Z","elapsed":1.000,"lat":37.5660712,"lon":126.9780212,
///      "accuracy":0.0,"speed":27.78,"course":171.3,"authorization":"authorizedWhenInUse",
///      "waypoint":"Seoul City Hall","nx":60,"ny":127}
///
/// (on one line). `elapsed` is seconds since the trace start; `speed` is m/s and `course` degrees, both -1
/// when undefined; `waypoint` is the nearest named waypoint or `null`; `nx`/`ny` only with the KMA grid.
/// Coordinates have 7 decimals (about 1 cm).
public struct JSONLinesEncoder: FixEncoder {
    private let fields: JSONFixFields

    /// Creates an encoder.
    public init(context: FixEncodingContext) {
        fields = JSONFixFields(context: context)
    }

    /// Writes nothing: JSON lines have no header.
    public mutating func begin(into buffer: OutputBuffer) {}

    /// Writes one line.
    public mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer) {
        fields.appendObject(for: fix, includingCoordinates: true, to: buffer)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes nothing.
    public mutating func end(into buffer: OutputBuffer) {}
}

/// A fix as a JSON object, shared by JSON lines (with `lat` and `lon`) and GeoJSON properties (without,
/// since the geometry holds the position): `{"time":"...","elapsed":1.000,...,"waypoint":"Suwon"}`.
struct JSONFixFields {
    private let context: FixEncodingContext
    private let names: EscapedNames
    private let timestamps = TimestampWriter()

    init(context: FixEncodingContext) {
        self.context = context
        names = EscapedNames(context, escape: JSONValue.quoted)
    }

    func appendObject(for fix: LocationFix, includingCoordinates: Bool, to buffer: OutputBuffer) {
        buffer.append(#"{"time":""#)
        timestamps.appendISO8601(context.epochMilliseconds(of: fix), to: buffer)
        buffer.append(#"","elapsed":"#)
        buffer.appendFixed(fix.time, fractionDigits: 3)
        if includingCoordinates {
            buffer.append(#","lat":"#)
            buffer.appendFixed(fix.coordinate.latitude, fractionDigits: 7)
            buffer.append(#","lon":"#)
            buffer.appendFixed(fix.coordinate.longitude, fractionDigits: 7)
        }
        buffer.append(#","accuracy":"#)
        buffer.appendFixed(fix.horizontalAccuracy, fractionDigits: 1)
        buffer.append(#","speed":"#)
        buffer.appendFixed(fix.speed, fractionDigits: 2)
        buffer.append(#","course":"#)
        buffer.appendFixed(fix.course, fractionDigits: 1)
        buffer.append(#","authorization":"#)
        names.appendAuthorization(of: fix, to: buffer)
        buffer.append(#","waypoint":"#)
        names.appendWaypoint(of: fix, to: buffer, fallback: "null")
        if context.includesKMAGrid {
            let cell = KMAGrid.gridPoint(for: fix.coordinate)
            buffer.append(#","nx":"#)
            buffer.appendInteger(cell.x)
            buffer.append(#","ny":"#)
            buffer.appendInteger(cell.y)
        }
        buffer.append(UInt8(ascii: "}"))
    }
}
