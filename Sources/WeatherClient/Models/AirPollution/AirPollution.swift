public import Foundation

/// Air quality at one coordinate: the body of `GET /data/2.5/air_pollution` (one reading, now),
/// `/air_pollution/forecast` (hourly, 4 days ahead) and `/air_pollution/history` (hourly, a range).
public struct AirPollution: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`coord`).
    public var coordinate: Coordinate
    /// The readings in time order (`list`); one for the current air, empty for a history range
    /// the archive does not cover.
    public var readings: [AirQualityReading]

    /// The first reading: the current air for `/air_pollution`, the earliest hour otherwise.
    public var first: AirQualityReading? { readings.first }

    private enum CodingKeys: String, CodingKey {
        case coordinate = "coord"
        case readings = "list"
    }
}

/// One hour's air quality (`list[]`): the index and the concentrations behind it.
public struct AirQualityReading: Sendable, Hashable, Decodable {
    /// The hour (`dt`, Unix seconds).
    public var time: Date
    /// The air quality index, Good to Very Poor (`main.aqi`).
    public var index: AirQualityIndex
    /// Pollutant concentrations (`components`).
    public var components: PollutantConcentrations

    private enum CodingKeys: String, CodingKey {
        case time = "dt"
        case main, components
    }

    private enum MainKeys: String, CodingKey {
        case index = "aqi"
    }

    /// Decodes one `list` element; an index outside 1...5 fails with its path (`list[0].main.aqi`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeUnixTime(forKey: .time)
        index = try container.nestedContainer(keyedBy: MainKeys.self, forKey: .main)
            .decode(AirQualityIndex.self, forKey: .index)
        components = try container.decode(PollutantConcentrations.self, forKey: .components)
    }
}

/// Concentrations of the pollutants the API reports, in µg/m³ (`components`).
public struct PollutantConcentrations: Sendable, Hashable, Decodable {
    /// Carbon monoxide, CO (`co`).
    public var carbonMonoxide: Double
    /// Nitrogen monoxide, NO (`no`).
    public var nitrogenMonoxide: Double
    /// Nitrogen dioxide, NO₂ (`no2`).
    public var nitrogenDioxide: Double
    /// Ozone, O₃ (`o3`).
    public var ozone: Double
    /// Sulphur dioxide, SO₂ (`so2`).
    public var sulphurDioxide: Double
    /// Fine particulate matter, PM2.5 (`pm2_5`).
    public var fineParticles: Double
    /// Coarse particulate matter, PM10 (`pm10`).
    public var coarseParticles: Double
    /// Ammonia, NH₃ (`nh3`).
    public var ammonia: Double

    /// Concentrations in µg/m³, e.g. for previews.
    public init(
        carbonMonoxide: Double, nitrogenMonoxide: Double, nitrogenDioxide: Double, ozone: Double,
        sulphurDioxide: Double, fineParticles: Double, coarseParticles: Double, ammonia: Double
    ) {
        self.carbonMonoxide = carbonMonoxide
        self.nitrogenMonoxide = nitrogenMonoxide
        self.nitrogenDioxide = nitrogenDioxide
        self.ozone = ozone
        self.sulphurDioxide = sulphurDioxide
        self.fineParticles = fineParticles
        self.coarseParticles = coarseParticles
        self.ammonia = ammonia
    }

    private enum CodingKeys: String, CodingKey {
        case carbonMonoxide = "co"
        case nitrogenMonoxide = "no"
        case nitrogenDioxide = "no2"
        case ozone = "o3"
        case sulphurDioxide = "so2"
        case fineParticles = "pm2_5"
        case coarseParticles = "pm10"
        case ammonia = "nh3"
    }
}
