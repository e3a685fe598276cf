internal import Foundation

/// One answer of One Call 4.0's current or timeline endpoints: the envelope `{lat, lon, timezone,
/// timezone_offset, data, prev?, next?}` with its records.
///
/// A timeline page links to the records before (``previous``) and after (``next``) it when there are
/// more; follow them with ``OpenWeatherClient/nextPage(after:)`` and
/// ``OpenWeatherClient/previousPage(before:)``, or walk them with
/// ``OpenWeatherClient/oneCall4Pages(_:at:start:count:direction:)``. Every page request is billed as
/// a call. The links never hold the API key (see ``OneCall4Link``).
public struct OneCall4Page<Record: OneCall4Record>: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`lat`, `lon`), as the API rounds it.
    public var coordinate: Coordinate
    /// The IANA time zone of the place (`timezone`), e.g. "Asia/Seoul".
    public var timeZone: String
    /// The place's offset from UTC in seconds (`timezone_offset`).
    public var timeZoneOffset: Int
    /// The records (`data`), earliest first: one for current, up to the timeline's page size otherwise.
    public var records: [Record]
    /// The page before this one (`prev`), when there is one.
    public var previous: OneCall4Link?
    /// The page after this one (`next`), when there is one.
    public var next: OneCall4Link?
    /// The units the page was requested in; every temperature and wind speed is in them.
    public var units: Units
    /// What was asked for, so the links can be followed with the same coordinate and path; `nil` for a
    /// page decoded outside the client.
    var origin: Origin?

    /// The endpoint and the coordinate a page was requested for.
    struct Origin: Sendable, Hashable {
        var path: String
        var coordinate: Coordinate
    }

    /// The first record, or `nil` when `data` is empty.
    public var first: Record? { records.first }

    private enum CodingKeys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lon"
        case timeZone = "timezone"
        case timeZoneOffset = "timezone_offset"
        case records = "data"
        case previous = "prev"
        case next
    }

    /// Decodes a response body; units come from the decoder (see ``WeatherResponseDecoder``). A page
    /// decoded this way has no request behind it, so the client cannot follow its links.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decodeCoordinate(latitude: .latitude, longitude: .longitude)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        timeZoneOffset = try container.decode(Int.self, forKey: .timeZoneOffset)
        records = try container.decode([Record].self, forKey: .records)
        previous = try container.decodeIfPresent(OneCall4Link.self, forKey: .previous)
        next = try container.decodeIfPresent(OneCall4Link.self, forKey: .next)
        units = decoder.requestedUnits
        origin = nil
    }
}
