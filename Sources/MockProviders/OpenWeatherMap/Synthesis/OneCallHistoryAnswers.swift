import MockEngine
import WeatherWorld

/// One Call's two answers for a chosen time: `/onecall/timemachine?dt=` (the hour-shaped state at
/// `dt`, from the archive's start in 1979 to four days ahead, as the API allows) and
/// `/onecall/day_summary?date=YYYY-MM-DD[&tz=±HH:MM]` (one local day's aggregates, from 1979-01-02 to
/// a year and a half ahead). A time outside those is the recorded 400 `requested time is out of
/// allowed range`; a missing or malformed `dt`, `date` or `tz` a 400 naming it (words chosen here,
/// in the form of air pollution history's recorded `start is required`).
enum OneCallHistoryAnswers {
    static let timeMachineRule = "one call timemachine"
    static let daySummaryRule = "one call day summary"
    /// 1979-01-01 00:00 UTC, where the API's archive begins.
    static let archiveStart: Int64 = 283_996_800
    static let outOfRange = SyntheticRefusal.badRequest("requested time is out of allowed range")

    /// timemachine's body: `lat`, `lon`, `timezone`, `timezone_offset`, `data` with the one item.
    static func timeMachine(
        site: SyntheticSite, world: World, request: SyntheticRequest
    ) throws(SyntheticRefusal) -> [UInt8] {
        guard request.value("dt") != nil else { throw .badRequest("dt is required") }
        guard let time = request.integer("dt") else { throw .badRequest("dt must be a Unix time in seconds") }
        guard time >= archiveStart, time <= request.now + 4 * 86_400 else { throw outOfRange }
        let place = site.worldPlace
        let offset = site.utcOffset(at: time)
        var json = SyntheticJSON(units: request.units, capacity: 700)
        json.beginObject()
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.string("timezone", site.timeZoneIdentifier)
        json.integer("timezone_offset", Int64(offset))
        json.beginArray("data")
        OneCallHour.write(
            world.conditions(at: place, time: time), time: time,
            form: .current(sky: world.sky(at: place, time: time, utcOffset: offset)), korean: request.isKorean,
            into: &json)
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// day_summary's body, in the recorded member order; `afternoon` is 12:00, `morning` 06:00,
    /// `evening` 18:00 and `night` the midnight that ends the day, local time in `tz` (the site's
    /// own offset when `tz` is absent).
    static func daySummary(
        site: SyntheticSite, world: World, request: SyntheticRequest
    ) throws(SyntheticRefusal) -> [UInt8] {
        guard let dateText = request.value("date") else { throw .badRequest("date is required") }
        guard let days = UTCText.days(ofDate: dateText) else { throw .badRequest("date must be YYYY-MM-DD") }
        let offset: Int32
        if let tz = request.parameters["tz"], !tz.isEmpty {
            // A `+` left unencoded in a query reads as a space.
            let written = tz.hasPrefix(" ") ? "+" + tz.dropFirst() : tz
            guard let parsed = UTCText.offset(parsing: written) else { throw .badRequest("tz must be ±HH:MM") }
            offset = parsed
        } else {
            offset = site.utcOffset(at: Int64(days) * 86_400)
        }
        let midnight = Int64(days) * 86_400 - Int64(offset)
        guard midnight >= archiveStart + 86_400, midnight <= request.now + 548 * 86_400 else { throw outOfRange }
        let day = world.day(at: site.worldPlace, localMidnight: midnight)
        var json = SyntheticJSON(units: request.units, capacity: 600)
        json.beginObject()
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.string("tz", UTCText.offset(offset))
        json.string("date", UTCText.date(daysSince1970: days))
        json.string("units", request.units.rawValue)
        json.beginObject("cloud_cover")
        json.integer("afternoon", whole(day.midday.cloudCover))
        json.endObject()
        json.beginObject("humidity")
        json.integer("afternoon", whole(day.midday.humidity))
        json.endObject()
        json.beginObject("precipitation")
        json.decimal("total", day.rainTotal + day.snowTotal)
        json.endObject()
        json.beginObject("temperature")
        json.temperature("min", celsius: day.minimum)
        json.temperature("max", celsius: day.maximum)
        json.temperature("afternoon", celsius: day.midday.temperature)
        json.temperature("night", celsius: day.night.temperature)
        json.temperature("evening", celsius: day.evening.temperature)
        json.temperature("morning", celsius: day.morning.temperature)
        json.endObject()
        json.beginObject("pressure")
        json.integer("afternoon", whole(day.midday.seaLevelPressure))
        json.endObject()
        json.beginObject("wind")
        json.beginObject("max")
        json.windSpeed("speed", metresPerSecond: day.maximumWind)
        json.integer("direction", degrees(day.maximumWindDirection))
        json.endObject()
        json.endObject()
        json.endObject()
        return json.bytes
    }
}
