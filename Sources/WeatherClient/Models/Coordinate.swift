/// A point on the Earth in WGS84 decimal degrees, latitude first.
///
/// The API's `coord` object (`{"lon": .., "lat": ..}`) decodes into it; key order in JSON does not
/// matter. Range checks happen where a coordinate is sent (``OpenWeatherClient`` rejects an
/// out-of-range or non-finite coordinate before any request), not on decoding, because a
/// response's coordinate is the API's to report.
public struct Coordinate: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    /// A coordinate; no range check (see ``isValid``).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and within -90...90 and -180...180.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// "37.517829, 126.88627": latitude first, as people and GPX write it.
    public var description: String { "\(latitude), \(longitude)" }

    private enum CodingKeys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lon"
    }
}

extension KeyedDecodingContainer {
    /// A coordinate from two sibling fields, as geocoding and One Call bodies carry it (`"lat"`,
    /// `"lon"` beside the other fields rather than in a `coord` object).
    func decodeCoordinate(latitude: Key, longitude: Key) throws -> Coordinate {
        Coordinate(
            latitude: try decode(Double.self, forKey: latitude),
            longitude: try decode(Double.self, forKey: longitude)
        )
    }
}
