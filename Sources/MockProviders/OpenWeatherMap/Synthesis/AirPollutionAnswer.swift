import WeatherWorld

/// `/data/2.5/air_pollution`, `/forecast` and `/history` from the world, in the recorded shape:
/// `coord` then `list` of `{"main":{"aqi"},"components":{co,no,no2,o3,so2,pm2_5,pm10,nh3},"dt"}`, the
/// components in µg/m³ with 2 decimals and `aqi` from them by the API's bands (``AirQualityIndex``).
/// Air pollution has no units and no language.
///
/// Now is this hour's reading; the forecast 96 hourly readings from this hour (4 days, as recorded);
/// history the whole hours in `[start, end)` from the archive's start (2020-11-27) up to now, at most
/// ``historyLimit`` of them (the first year of a longer range), with the recorded 400s for a missing,
/// malformed or reversed range.
enum AirPollutionAnswer {
    /// What the request asks for.
    enum Span {
        case now
        case forecast
        case history
    }

    /// 2020-11-27 00:00 UTC, where the API's history begins.
    static let archiveStart: Int64 = 1_606_435_200
    /// The most readings a history answer holds: a year of hours.
    static let historyLimit = 8_784

    /// The journal's rule for `span`.
    static func rule(_ span: Span) -> String {
        switch span {
        case .now: "air pollution"
        case .forecast: "air pollution forecast"
        case .history: "air pollution history"
        }
    }

    /// The answer's body for `span`.
    static func body(
        _ span: Span, site: SyntheticSite, world: World, request: SyntheticRequest
    ) throws(SyntheticRefusal) -> [UInt8] {
        let thisHour = request.now - ((request.now % 3_600) + 3_600) % 3_600
        let hours: StrideTo<Int64>
        switch span {
        case .now: hours = stride(from: thisHour, to: thisHour + 1, by: 3_600)
        case .forecast: hours = stride(from: thisHour, to: thisHour + 96 * 3_600, by: 3_600)
        case .history: hours = try historyHours(request: request, thisHour: thisHour)
        }
        let place = site.worldPlace
        var json = SyntheticJSON(units: .standard, capacity: 220 * hours.underestimatedCount + 80)
        json.beginObject()
        json.beginObject("coord")
        json.coordinate("lon", site.longitude)
        json.coordinate("lat", site.latitude)
        json.endObject()
        json.beginArray("list")
        for time in hours {
            let air = world.air(at: place, time: time)
            json.beginObject()
            json.beginObject("main")
            json.integer("aqi", Int64(AirQualityIndex.index(of: air)))
            json.endObject()
            json.beginObject("components")
            json.decimal("co", air.carbonMonoxide)
            json.decimal("no", air.nitrogenMonoxide)
            json.decimal("no2", air.nitrogenDioxide)
            json.decimal("o3", air.ozone)
            json.decimal("so2", air.sulphurDioxide)
            json.decimal("pm2_5", air.fineParticles)
            json.decimal("pm10", air.coarseParticles)
            json.decimal("nh3", air.ammonia)
            json.endObject()
            json.integer("dt", time)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    private static func historyHours(
        request: SyntheticRequest, thisHour: Int64
    ) throws(SyntheticRefusal) -> StrideTo<Int64> {
        guard request.value("start") != nil else { throw .badRequest("start is required") }
        guard request.value("end") != nil else { throw .badRequest("end is required") }
        guard let start = request.integer("start"), let end = request.integer("end") else {
            throw .badRequest("start and end must be Unix times in seconds")
        }
        guard start <= end else { throw .badRequest("start must not be later than end") }
        let from = max(start, archiveStart)
        // `from` is after the archive's start, so positive: rounding up is plain division.
        let firstHour = (from + 3_599) / 3_600 * 3_600
        let last = min(end, thisHour + 1, firstHour + Int64(historyLimit) * 3_600)
        return stride(from: firstHour, to: max(firstHour, last), by: 3_600)
    }
}

/// OpenWeatherMap's air quality index (1 Good … 5 Very Poor) from the components, by the API's
/// concentration bands (climate-and-codes.md §3.7, S22): each of SO2, NO2, PM10, PM2.5, O3 and CO
/// falls in a band, lower bound inclusive, and the index is the worst of them (NH3 and NO are not used).
enum AirQualityIndex {
    /// The lower bounds of bands 2 to 5, µg/m³.
    private static let sulphurDioxide = [20.0, 80, 250, 350]
    private static let nitrogenDioxide = [40.0, 70, 150, 200]
    private static let coarseParticles = [20.0, 50, 100, 200]
    private static let fineParticles = [10.0, 25, 50, 75]
    private static let ozone = [60.0, 100, 140, 180]
    private static let carbonMonoxide = [4_400.0, 9_400, 12_400, 15_400]

    /// The index, 1–5.
    static func index(of air: AirComposition) -> Int {
        max(
            band(air.sulphurDioxide, sulphurDioxide), band(air.nitrogenDioxide, nitrogenDioxide),
            band(air.coarseParticles, coarseParticles), band(air.fineParticles, fineParticles),
            band(air.ozone, ozone), band(air.carbonMonoxide, carbonMonoxide))
    }

    private static func band(_ value: Double, _ bounds: [Double]) -> Int {
        1 + bounds.count(where: { value >= $0 })
    }
}
