public import Foundation

/// The current weather at one place: the body of `GET /data/2.5/weather`.
///
/// Field names follow Swift conventions; each property's documentation names the JSON field it
/// comes from. Fields the API omits in some responses are optional; a missing required field or a
/// wrong type fails decoding with ``WeatherError/decoding(path:expected:found:)`` naming the JSON path.
public struct CurrentWeather: Sendable, Hashable, Decodable {
    /// The location of the place the API answered with (`coord`). For a coordinate query this is
    /// the nearest known place, not the coordinate asked for.
    public var coordinate: Coordinate
    /// The conditions (`weather`), primary first; may hold several, e.g. Snow then Mist.
    public var conditions: [WeatherCondition]
    /// The API's internal data source (`base`), e.g. "stations", when sent.
    public var base: String?
    /// Temperatures, pressure and humidity (`main`).
    public var main: Readings
    /// Visibility in metres (`visibility`; at most 10 000), when sent.
    public var visibility: Int?
    /// Wind (`wind`), when sent; speeds in ``units``' speed unit.
    public var wind: Wind?
    /// Cloud cover (`clouds`), when sent.
    public var clouds: Clouds?
    /// Rain volume (`rain`), present only when it rains.
    public var rain: Precipitation?
    /// Snow volume (`snow`), present only when it snows.
    public var snow: Precipitation?
    /// When the data was calculated (`dt`, Unix seconds).
    public var observedAt: Date
    /// Country, sunrise and sunset (`sys`).
    public var system: SystemInfo
    /// Offset from UTC in seconds (`timezone`); absent in legacy responses.
    public var timezoneOffset: Int?
    /// The city id (`id`); 0 for remote coordinates.
    public var cityID: Int
    /// The place name (`name`); may be empty for remote coordinates.
    public var name: String
    /// The response code (`cod`), normally 200; `nil` when absent.
    public var code: ResponseCode?
    /// The units the response was requested in; every temperature and wind speed is in them.
    public var units: Units

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    private enum CodingKeys: String, CodingKey {
        case coordinate = "coord"
        case conditions = "weather"
        case base, main, visibility, wind, clouds, rain, snow
        case observedAt = "dt"
        case system = "sys"
        case timezoneOffset = "timezone"
        case cityID = "id"
        case name
        case code = "cod"
    }

    /// Decodes a response body; units come from the decoder (see ``WeatherResponseDecoder``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        conditions = try container.decode([WeatherCondition].self, forKey: .conditions)
        base = try container.decodeIfPresent(String.self, forKey: .base)
        main = try container.decode(Readings.self, forKey: .main)
        visibility = try container.decodeIfPresent(Int.self, forKey: .visibility)
        wind = try container.decodeIfPresent(Wind.self, forKey: .wind)
        clouds = try container.decodeIfPresent(Clouds.self, forKey: .clouds)
        rain = try container.decodeIfPresent(Precipitation.self, forKey: .rain)
        snow = try container.decodeIfPresent(Precipitation.self, forKey: .snow)
        observedAt = try container.decodeUnixTime(forKey: .observedAt)
        system = try container.decode(SystemInfo.self, forKey: .system)
        timezoneOffset = try container.decodeIfPresent(Int.self, forKey: .timezoneOffset)
        cityID = try container.decode(Int.self, forKey: .cityID)
        name = try container.decode(String.self, forKey: .name)
        code = try container.decodeIfPresent(ResponseCode.self, forKey: .code)
        units = decoder.requestedUnits
    }
}

/// The API's `sys` object in a current-weather response.
public struct SystemInfo: Sendable, Hashable, Decodable {
    /// Internal parameter (`type`), when sent.
    public var type: Int?
    /// Internal parameter (`id`), when sent.
    public var id: Int?
    /// Internal parameter of legacy responses (`message`), when sent.
    public var message: Double?
    /// ISO 3166 country code (`country`), e.g. "KR"; absent for remote coordinates.
    public var country: String?
    /// Sunrise (`sunrise`, Unix seconds), when sent.
    public var sunrise: Date?
    /// Sunset (`sunset`, Unix seconds), when sent.
    public var sunset: Date?

    private enum CodingKeys: String, CodingKey {
        case type, id, message, country, sunrise, sunset
    }

    /// Decodes `sys`; every field is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(Int.self, forKey: .type)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        message = try container.decodeIfPresent(Double.self, forKey: .message)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        sunrise = try container.decodeUnixTimeIfPresent(forKey: .sunrise)
        sunset = try container.decodeUnixTimeIfPresent(forKey: .sunset)
    }
}
