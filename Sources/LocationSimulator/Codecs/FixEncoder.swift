public import Foundation

/// Turns delivered fixes into the bytes of one output format.
///
/// An encoder is used as `begin`, then `encode` once per fix in time order, then `end`; the bytes written
/// between them form one complete document (a GPX file, a GeoJSON feature collection, lines of JSON),
/// also when playback stops early and `end` is called after fewer fixes than planned.
public protocol FixEncoder {
    /// Writes whatever precedes the first fix (a header, an opening tag).
    mutating func begin(into buffer: OutputBuffer)
    /// Writes one fix.
    mutating func encode(_ fix: LocationFix, into buffer: OutputBuffer)
    /// Writes whatever closes the document.
    mutating func end(into buffer: OutputBuffer)
}

/// What every encoder needs besides the fixes: the clock and names of the trace being played.
public struct FixEncodingContext: Sendable {
    /// The wall-clock time of trace time 0; a fix's timestamp is this plus its ``LocationFix/time``.
    public var startDate: Date
    /// The trace's name, used as the document name where a format has one.
    public var traceName: String
    /// The waypoints' names by index (to print a fix's nearest waypoint without re-escaping it per fix).
    public var waypointNames: [String?]
    /// Whether to add the KMA grid cell (`nx`, `ny`) of each fix, for formats that can carry it.
    public var includesKMAGrid: Bool

    /// Creates an encoding context.
    public init(startDate: Date, traceName: String, waypointNames: [String?], includesKMAGrid: Bool = false) {
        self.startDate = startDate
        self.traceName = traceName
        self.waypointNames = waypointNames
        self.includesKMAGrid = includesKMAGrid
    }

    /// The context for playing `trace` from `startDate`.
    public init(trace: Trace, startDate: Date, includesKMAGrid: Bool = false) {
        self.init(
            startDate: startDate, traceName: trace.name, waypointNames: trace.waypoints.map(\.name),
            includesKMAGrid: includesKMAGrid)
    }

    /// Milliseconds since 1970 at the fix's moment, rounded to the nearest millisecond.
    func epochMilliseconds(of fix: LocationFix) -> Int64 {
        Int64(((startDate.timeIntervalSince1970 + fix.time) * 1_000).rounded())
    }
}

/// The output formats `replay-location --format` offers.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line (the default).
    case jsonl
    /// GPX 1.1 with one `<wpt>` per fix, in time order, as Xcode's location simulation reads it.
    case gpx
    /// A GeoJSON FeatureCollection (longitude first): one Point per fix and the track as a LineString.
    case geojson
    /// NMEA 0183 `$GPRMC` and `$GPGGA` sentences with checksums, as `adb emu geo nmea` takes them.
    case nmea
    /// `lat,lon` per line, as `xcrun simctl location <device> start -` reads from standard input.
    case simctl
    /// Comma-separated values with a header row (RFC 4180 quoting).
    case csv

    /// Whether the format has room for the KMA grid cell of each fix (`--grid kma`).
    public var carriesKMAGrid: Bool {
        self == .jsonl || self == .csv || self == .geojson
    }

    /// A fresh encoder for this format.
    public func makeEncoder(context: FixEncodingContext) -> any FixEncoder {
        switch self {
        case .jsonl: JSONLinesEncoder(context: context)
        case .gpx: GPXEncoder(context: context)
        case .geojson: GeoJSONEncoder(context: context)
        case .nmea: NMEAEncoder(context: context)
        case .simctl: SimctlEncoder()
        case .csv: CSVEncoder(context: context)
        }
    }
}

/// Names and permission states already escaped for one output syntax, looked up per fix instead of
/// escaped again each time. The bytes live in one array, so appending a name costs no reference counting.
struct EscapedNames {
    private let bytes: [UInt8]
    private let waypointRanges: [Range<Int>?]
    private let authorizationRanges: [Range<Int>]

    init(_ context: FixEncodingContext, escape: (String) -> String) {
        var bytes: [UInt8] = []
        func store(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes += Array(escape(text).utf8)
            return start..<bytes.count
        }
        waypointRanges = context.waypointNames.map { $0.map(store) }
        authorizationRanges = LocationAuthorization.allCases.map { store($0.rawValue) }
        self.bytes = bytes
    }

    /// Appends the fix's nearest waypoint name, or `fallback` when it has none.
    func appendWaypoint(of fix: LocationFix, to buffer: OutputBuffer, fallback: StaticString = "") {
        guard let index = fix.nearestWaypointIndex, waypointRanges.indices.contains(index),
            let range = waypointRanges[index]
        else {
            buffer.append(fallback)
            return
        }
        append(range, to: buffer)
    }

    /// Appends the fix's permission state.
    func appendAuthorization(of fix: LocationFix, to buffer: OutputBuffer) {
        append(authorizationRanges[fix.authorization.ordinal], to: buffer)
    }

    private func append(_ range: Range<Int>, to buffer: OutputBuffer) {
        bytes.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

extension LocationAuthorization {
    /// The position in `allCases`, without searching.
    var ordinal: Int {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .authorizedAlways: 3
        case .authorizedWhenInUse: 4
        }
    }
}

/// Text escaped for XML character data and attribute values.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": continue
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
