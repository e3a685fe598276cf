/// The API's `wind` object. Speeds are in the response's ``Units/speedUnit`` (m/s, or mph for
/// imperial).
public struct Wind: Sendable, Hashable, Decodable {
    /// Wind speed (`speed`).
    public var speed: Double
    /// Direction the wind comes from, in meteorological degrees (`deg`), when sent.
    public var direction: Double?
    /// Gust speed (`gust`), when sent.
    public var gust: Double?

    /// A wind reading, e.g. for previews; speeds in the units of the weather it belongs to.
    public init(speed: Double, direction: Double? = nil, gust: Double? = nil) {
        self.speed = speed
        self.direction = direction
        self.gust = gust
    }

    private enum CodingKeys: String, CodingKey {
        case speed
        case direction = "deg"
        case gust
    }
}

/// The API's `clouds` object.
public struct Clouds: Sendable, Hashable, Decodable {
    /// Cloud cover in percent (`all`).
    public var cover: Int

    /// A cloud-cover reading in percent.
    public init(cover: Int) {
        self.cover = cover
    }

    private enum CodingKeys: String, CodingKey {
        case cover = "all"
    }
}

/// The API's `rain` or `snow` object: precipitation volume in millimetres. Either period may be
/// absent; both absent is an empty object, which decodes.
public struct Precipitation: Sendable, Hashable, Decodable {
    /// Volume over the last hour (`1h`).
    public var lastHour: Double?
    /// Volume over the last three hours, or the forecast period (`3h`).
    public var lastThreeHours: Double?

    /// A precipitation reading in millimetres.
    public init(lastHour: Double? = nil, lastThreeHours: Double? = nil) {
        self.lastHour = lastHour
        self.lastThreeHours = lastThreeHours
    }

    private enum CodingKeys: String, CodingKey {
        case lastHour = "1h"
        case lastThreeHours = "3h"
    }
}
