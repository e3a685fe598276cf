/// The fields that open One Call's answers about one day, `day_summary` (``DaySummary``) and
/// `overview` (``WeatherOverview``), read alike for both: where (`lat`, `lon`), in which offset
/// (`tz`), which day (`date`) and in which units the numbers are (`units`).
enum DayAnswerHeader {
    private enum Keys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lon"
        case utcOffset = "tz"
        case date, units
    }

    /// The header of the body `decoder` reads; `units` falls back to the requested units when the
    /// body states none.
    static func decode(
        from decoder: any Decoder
    ) throws -> (coordinate: Coordinate, utcOffset: UTCOffset, date: CalendarDate, units: Units) {
        let container = try decoder.container(keyedBy: Keys.self)
        return (
            try container.decodeCoordinate(latitude: .latitude, longitude: .longitude),
            try container.decode(UTCOffset.self, forKey: .utcOffset),
            try container.decode(CalendarDate.self, forKey: .date),
            try container.decodeReportedUnits(forKey: .units, requested: decoder.requestedUnits)
        )
    }
}
