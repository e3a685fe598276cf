public import Foundation

/// Current weather, minute-by-minute precipitation, hourly and daily forecasts and weather alerts
/// for one coordinate: the body of `GET /data/3.0/onecall`.
///
/// Every block is optional: a block named in the request's `exclude` is simply absent, as is
/// `alerts` when there are none and `minutely` where the API has no minute forecast. Temperatures
/// carry ``units`` and wind speeds are in its ``Units/speedUnit``.
public struct OneCall: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`lat`, `lon`).
    public var coordinate: Coordinate
    /// The IANA time zone of the place (`timezone`), e.g. "Asia/Seoul".
    public var timeZone: String
    /// The place's offset from UTC in seconds (`timezone_offset`).
    public var timeZoneOffset: Int
    /// The weather now (`current`), unless excluded.
    public var current: WeatherSnapshot?
    /// Precipitation for each of the next 60 minutes (`minutely`), unless excluded or unavailable.
    public var minutely: [MinutelyPrecipitation]?
    /// The next 48 hours (`hourly`), unless excluded.
    public var hourly: [WeatherSnapshot]?
    /// Today and the next 7 days (`daily`), unless excluded.
    public var daily: [DailyForecast]?
    /// Government weather alerts (`alerts`); absent when there are none or when excluded.
    public var alerts: [WeatherAlert]?
    /// The units the response was requested in.
    public var units: Units

    private enum CodingKeys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lon"
        case timeZone = "timezone"
        case timeZoneOffset = "timezone_offset"
        case current, minutely, hourly, daily, alerts
    }

    /// Decodes a response body; units come from the decoder (see ``WeatherResponseDecoder``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decodeCoordinate(latitude: .latitude, longitude: .longitude)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        timeZoneOffset = try container.decode(Int.self, forKey: .timeZoneOffset)
        current = try container.decodeIfPresent(WeatherSnapshot.self, forKey: .current)
        minutely = try container.decodeIfPresent([MinutelyPrecipitation].self, forKey: .minutely)
        hourly = try container.decodeIfPresent([WeatherSnapshot].self, forKey: .hourly)
        daily = try container.decodeIfPresent([DailyForecast].self, forKey: .daily)
        alerts = try container.decodeIfPresent([WeatherAlert].self, forKey: .alerts)
        units = decoder.requestedUnits
    }
}

/// A block of a One Call answer, as named in its `exclude` parameter.
public enum OneCallBlock: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// `current`.
    case current
    /// `minutely`.
    case minutely
    /// `hourly`.
    case hourly
    /// `daily`.
    case daily
    /// `alerts`.
    case alerts

    /// The API's order: current, minutely, hourly, daily, alerts.
    public static func < (lhs: OneCallBlock, rhs: OneCallBlock) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The parameter value, e.g. `minutely`.
    public var description: String { rawValue }
}

/// One minute of One Call's `minutely` block.
public struct MinutelyPrecipitation: Sendable, Hashable, Decodable {
    /// The minute (`dt`, Unix seconds).
    public var time: Date
    /// Precipitation intensity in mm/h (`precipitation`).
    public var precipitation: Double

    private enum CodingKeys: String, CodingKey {
        case time = "dt"
        case precipitation
    }

    /// Decodes one `minutely` element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeUnixTime(forKey: .time)
        precipitation = try container.decode(Double.self, forKey: .precipitation)
    }
}

/// A national weather alert (`alerts[]`), in the issuing agency's own language.
public struct WeatherAlert: Sendable, Hashable, Decodable {
    /// The agency that issued it (`sender_name`), e.g. "Korea Meteorological Administration".
    public var sender: String
    /// The alert's name (`event`), e.g. "Cold wave warning".
    public var event: String
    /// When it starts (`start`, Unix seconds).
    public var start: Date
    /// When it ends (`end`, Unix seconds).
    public var end: Date
    /// The agency's text (`description`).
    public var description: String
    /// The kinds of severe weather it is about (`tags`), e.g. `["Extreme low temperature"]`; empty
    /// when not sent.
    public var tags: [String]

    private enum CodingKeys: String, CodingKey {
        case sender = "sender_name"
        case event, start, end, description, tags
    }

    /// Decodes one `alerts` element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sender = try container.decode(String.self, forKey: .sender)
        event = try container.decode(String.self, forKey: .event)
        start = try container.decodeUnixTime(forKey: .start)
        end = try container.decodeUnixTime(forKey: .end)
        description = try container.decode(String.self, forKey: .description)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }
}
