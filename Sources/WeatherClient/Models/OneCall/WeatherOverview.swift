/// A human-readable summary of today's or tomorrow's weather at one coordinate: the body of
/// `GET /data/3.0/onecall/overview`.
public struct WeatherOverview: Sendable, Hashable, Decodable {
    /// The coordinate the answer is for (`lat`, `lon`).
    public var coordinate: Coordinate
    /// The place's offset from UTC (`tz`), e.g. `+09:00`.
    public var utcOffset: UTCOffset
    /// The day described (`date`).
    public var date: CalendarDate
    /// The units the text's figures are in (`units`).
    public var units: Units
    /// The summary, in English (`weather_overview`).
    public var text: String

    private enum CodingKeys: String, CodingKey {
        case text = "weather_overview"
    }

    /// Decodes a response body.
    public init(from decoder: any Decoder) throws {
        (coordinate, utcOffset, date, units) = try DayAnswerHeader.decode(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
    }
}
