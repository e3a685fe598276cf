/// One named place of the gazetteer (a GeoNames city): what OpenWeatherMap's answers name.
package struct GazetteerPlace: Sendable, Hashable {
    /// The GeoNames id, which is OpenWeatherMap's city id (`id=1838524` is Busan).
    package var id: Int
    /// The name in its usual Latin spelling (`Busan`, `Jeju City`).
    package var name: String
    /// The Korean name (`부산`) when GeoNames has one.
    package var koreanName: String?
    package var latitude: Double
    package var longitude: Double
    /// ISO 3166-1 alpha-2 (`KR`).
    package var countryCode: String
    package var population: Int
    /// The IANA time zone (`Asia/Seoul`) and its offsets.
    package var timeZone: TimeZoneRule
}

/// A time zone as the gazetteer keeps it: its name and its offsets from UTC in standard and in summer
/// time. Which applies when is the one rule in ``utcOffset(at:latitude:)``.
package struct TimeZoneRule: Sendable, Hashable {
    /// `Asia/Seoul`.
    package var identifier: String
    /// Seconds east of UTC in standard time.
    package var standardOffset: Int32
    /// Seconds east of UTC in summer time (the standard offset where there is none).
    package var summerOffset: Int32
}
