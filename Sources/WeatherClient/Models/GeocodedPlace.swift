/// One result of direct (`GET /geo/1.0/direct`) or reverse (`GET /geo/1.0/reverse`) geocoding.
/// No match is an empty array, not an error.
public struct GeocodedPlace: Sendable, Hashable, Decodable {
    /// The place name in English or the API's default (`name`).
    public var name: String
    /// The name in other languages keyed by ISO 639 code (`local_names`, e.g. `"ko": "서울"`);
    /// empty when not sent.
    public var localNames: [String: String]
    /// Where the place is (`lat`, `lon`).
    public var coordinate: Coordinate
    /// ISO 3166 country code (`country`), when sent.
    public var country: String?
    /// State or province (`state`), when sent.
    public var state: String?

    /// The name in `language` (e.g. "ko"), falling back to ``name`` when the API has none.
    public func name(in language: String) -> String {
        localNames[language] ?? name
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case localNames = "local_names"
        case latitude = "lat"
        case longitude = "lon"
        case country, state
    }

    /// Decodes one array element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        localNames = try container.decodeIfPresent([String: String].self, forKey: .localNames) ?? [:]
        coordinate = try container.decodeCoordinate(latitude: .latitude, longitude: .longitude)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        state = try container.decodeIfPresent(String.self, forKey: .state)
    }
}
