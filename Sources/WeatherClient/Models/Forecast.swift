public import Foundation

/// The 5-day forecast in 3-hour steps: the body of `GET /data/2.5/forecast`.
public struct Forecast: Sendable, Hashable, Decodable {
    /// The response code (`cod`), the String `"200"` on success; `nil` when absent.
    public var code: ResponseCode?
    /// The number of items the API says it returned (`cnt`).
    public var count: Int
    /// The forecast steps in time order (`list`).
    public var items: [ForecastItem]
    /// The place forecast for (`city`).
    public var city: ForecastCity
    /// The units the response was requested in; every temperature and wind speed is in them.
    public var units: Units

    private enum CodingKeys: String, CodingKey {
        case code = "cod"
        case count = "cnt"
        case items = "list"
        case city
    }

    /// Decodes a response body; units come from the decoder (see ``WeatherResponseDecoder``).
    /// The API's `message` field (always `0` on success) is not kept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decodeIfPresent(ResponseCode.self, forKey: .code)
        count = try container.decode(Int.self, forKey: .count)
        items = try container.decode([ForecastItem].self, forKey: .items)
        city = try container.decode(ForecastCity.self, forKey: .city)
        units = decoder.requestedUnits
    }
}

/// One 3-hour step of a ``Forecast`` (an element of `list`).
public struct ForecastItem: Sendable, Hashable, Decodable {
    /// The time forecast for (`dt`, Unix seconds).
    public var time: Date
    /// Temperatures, pressure and humidity (`main`).
    public var main: Readings
    /// The conditions (`weather`), primary first.
    public var conditions: [WeatherCondition]
    /// Cloud cover (`clouds`), when sent.
    public var clouds: Clouds?
    /// Wind (`wind`), when sent.
    public var wind: Wind?
    /// Visibility in metres (`visibility`), when sent.
    public var visibility: Int?
    /// Probability of precipitation, 0...1 (`pop`), when sent.
    public var precipitationProbability: Double?
    /// Rain volume for the 3 hours (`rain.3h`), when it rains.
    public var rain: Precipitation?
    /// Snow volume for the 3 hours (`snow.3h`), when it snows.
    public var snow: Precipitation?
    /// Part of the day (`sys.pod`): "d" or "n", when sent.
    public var partOfDay: String?
    /// The time as the API writes it in UTC (`dt_txt`), e.g. "2022-08-30 15:00:00", when sent.
    public var timeText: String?

    /// The first, primary condition, or `nil` when `weather` is empty.
    public var primaryCondition: WeatherCondition? { conditions.first }

    private enum CodingKeys: String, CodingKey {
        case time = "dt"
        case main
        case conditions = "weather"
        case clouds, wind, visibility
        case precipitationProbability = "pop"
        case rain, snow
        case system = "sys"
        case timeText = "dt_txt"
    }

    private enum SystemKeys: String, CodingKey {
        case partOfDay = "pod"
    }

    /// Decodes one `list` element.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeUnixTime(forKey: .time)
        main = try container.decode(Readings.self, forKey: .main)
        conditions = try container.decode([WeatherCondition].self, forKey: .conditions)
        clouds = try container.decodeIfPresent(Clouds.self, forKey: .clouds)
        wind = try container.decodeIfPresent(Wind.self, forKey: .wind)
        visibility = try container.decodeIfPresent(Int.self, forKey: .visibility)
        precipitationProbability = try container.decodeIfPresent(Double.self, forKey: .precipitationProbability)
        rain = try container.decodeIfPresent(Precipitation.self, forKey: .rain)
        snow = try container.decodeIfPresent(Precipitation.self, forKey: .snow)
        if container.contains(.system), try !container.decodeNil(forKey: .system) {
            let system = try container.nestedContainer(keyedBy: SystemKeys.self, forKey: .system)
            partOfDay = try system.decodeIfPresent(String.self, forKey: .partOfDay)
        } else {
            partOfDay = nil
        }
        timeText = try container.decodeIfPresent(String.self, forKey: .timeText)
    }
}

/// The place a ``Forecast`` is for (`city`).
public struct ForecastCity: Sendable, Hashable, Decodable {
    /// The city id (`id`).
    public var id: Int
    /// The city name (`name`); may be empty.
    public var name: String
    /// Its location (`coord`).
    public var coordinate: Coordinate
    /// ISO 3166 country code (`country`), when sent.
    public var country: String?
    /// Population (`population`), when sent.
    public var population: Int?
    /// Offset from UTC in seconds (`timezone`), when sent.
    public var timezoneOffset: Int?
    /// Sunrise (`sunrise`, Unix seconds), when sent.
    public var sunrise: Date?
    /// Sunset (`sunset`, Unix seconds), when sent.
    public var sunset: Date?

    private enum CodingKeys: String, CodingKey {
        case id, name
        case coordinate = "coord"
        case country, population
        case timezoneOffset = "timezone"
        case sunrise, sunset
    }

    /// Decodes `city`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        country = try container.decodeIfPresent(String.self, forKey: .country)
        population = try container.decodeIfPresent(Int.self, forKey: .population)
        timezoneOffset = try container.decodeIfPresent(Int.self, forKey: .timezoneOffset)
        sunrise = try container.decodeUnixTimeIfPresent(forKey: .sunrise)
        sunset = try container.decodeUnixTimeIfPresent(forKey: .sunset)
    }
}
