/// A position on the WGS84 ellipsoid in decimal degrees, latitude first.
///
/// Latitude and longitude are kept exactly as given; range checks belong to whoever reads them from a file
/// (``TraceLoader`` rejects a latitude outside -90...90 with the JSON path). Every function in this module
/// that takes a `GeoPoint` treats the Earth as a sphere (see ``Geodesy``).
public struct GeoPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    /// Creates a point from latitude and longitude in decimal degrees (latitude first, as GPX and simctl).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `lat,lon` with seven decimals (about a centimetre), the order simctl and GPX use.
    public var description: String {
        "\(formatFixed(latitude, fractionDigits: 7)),\(formatFixed(longitude, fractionDigits: 7))"
    }
}
