/// One named place of the gazetteer (a GeoNames city): what OpenWeatherMap's answers name.
package struct GazetteerPlace: Sendable, Hashable {
    /// The GeoNames id, which is OpenWeatherMap's city id (`id=1838524` is Busan).
    package var id: Int
    /// The name in its usual Latin spelling (`Busan`, `Jeju City`).
    package var name: String
    /// The Korean name (`부산`) when GeoNames has one.
    package var koreanName: String?
    /// Degrees north (negative south), to four decimals.
    package var latitude: Double
    /// Degrees east (negative west), to four decimals.
    package var longitude: Double
    /// ISO 3166-1 alpha-2 (`KR`).
    package var countryCode: String
    /// GeoNames' first-level division code: the state's postal abbreviation in the US (`NY`), a
    /// number elsewhere (`10` is Busan's metropolitan city); empty when GeoNames has none.
    package var admin1Code: String
    /// People living there by GeoNames' count (0 for some Korean places).
    package var population: Int
    /// The IANA time zone (`Asia/Seoul`) and its offsets.
    package var timeZone: TimeZoneRule

    /// A place as the gazetteer keeps it; for tests and for places the gazetteer does not hold.
    package init(
        id: Int, name: String, koreanName: String? = nil, latitude: Double, longitude: Double, countryCode: String,
        admin1Code: String = "", population: Int, timeZone: TimeZoneRule
    ) {
        self.id = id
        self.name = name
        self.koreanName = koreanName
        self.latitude = latitude
        self.longitude = longitude
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.population = population
        self.timeZone = timeZone
    }

    /// Seconds east of UTC here at `time` (seconds since 1970), by ``TimeZoneRule/utcOffset(at:latitude:)``.
    package func utcOffset(at time: Int64) -> Int32 {
        timeZone.utcOffset(at: time, latitude: latitude)
    }
}
