/// The weather at one coordinate at a given moment, past or a few days ahead: the body of
/// `GET /data/3.0/onecall/timemachine`.
public struct HistoricalWeather: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`lat`, `lon`).
    public var coordinate: Coordinate
    /// The IANA time zone of the place (`timezone`), e.g. "Asia/Seoul".
    public var timeZone: String
    /// The place's offset from UTC in seconds (`timezone_offset`), at the requested time.
    public var timeZoneOffset: Int
    /// The readings (`data`): one, for the requested time.
    public var data: [WeatherSnapshot]
    /// The units the response was requested in.
    public var units: Units

    /// The reading for the requested time: the first of ``data``, or `nil` when it is empty.
    public var snapshot: WeatherSnapshot? { data.first }

    private enum CodingKeys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lon"
        case timeZone = "timezone"
        case timeZoneOffset = "timezone_offset"
        case data
    }

    /// Decodes a response body; units come from the decoder (see ``WeatherResponseDecoder``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decodeCoordinate(latitude: .latitude, longitude: .longitude)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        timeZoneOffset = try container.decode(Int.self, forKey: .timeZoneOffset)
        data = try container.decode([WeatherSnapshot].self, forKey: .data)
        units = decoder.requestedUnits
    }
}
