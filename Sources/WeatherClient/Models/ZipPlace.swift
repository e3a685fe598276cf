/// The place a zip or post code belongs to: the body of `GET /geo/1.0/zip`, a single object
/// (unlike direct and reverse geocoding, which answer arrays).
public struct ZipPlace: Sendable, Hashable, Decodable {
    /// The code as the API writes it (`zip`), e.g. "04524".
    public var zip: String
    /// The place name (`name`), e.g. "Jung-gu".
    public var name: String
    /// Where the area's centre is (`lat`, `lon`).
    public var coordinate: Coordinate
    /// ISO 3166 country code (`country`), e.g. "KR".
    public var country: String

    private enum CodingKeys: String, CodingKey {
        case zip, name
        case latitude = "lat"
        case longitude = "lon"
        case country
    }

    /// Decodes the body.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zip = try container.decode(String.self, forKey: .zip)
        name = try container.decode(String.self, forKey: .name)
        coordinate = try container.decodeCoordinate(latitude: .latitude, longitude: .longitude)
        country = try container.decode(String.self, forKey: .country)
    }
}
