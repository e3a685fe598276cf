import MockEngine
import WeatherWorld

/// `/data/3.0/onecall` from the world, in the recorded shape: `lat`, `lon`, `timezone`,
/// `timezone_offset`, then `current` (the state now), `minutely` (60 minutes of precipitation from
/// this minute), `hourly` (48 hours from this hour), `daily` (8 local days from today, each dated at
/// local noon) and `alerts` (the scenario's warnings in force at the place from now to the end of the
/// daily range; absent when there are none), each left out when `exclude` names it
/// (``ExcludedBlocks``).
///
/// `minutely` interpolates the world's rate linearly between states ten minutes apart: the world
/// varies smoothly over minutes, and 7 states instead of 60 keep the answer under a millisecond.
enum OneCallAnswer {
    static let rule = "one call"

    /// The answer's body.
    static func body(site: SyntheticSite, world: World, request: SyntheticRequest) -> [UInt8] {
        let excluded = ExcludedBlocks(requestValue: request.parameters["exclude"])
        let now = request.now
        let place = site.worldPlace
        let offset = site.utcOffset(at: now)
        var json = SyntheticJSON(units: request.units, capacity: 24_000)
        json.beginObject()
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.string("timezone", site.timeZoneIdentifier)
        json.integer("timezone_offset", Int64(offset))
        // The days first: today's carries the sky `current` needs, which costs the world as much as
        // a tenth of a day.
        let days =
            excluded.contains(.daily)
            ? []
            : LocalDays.midnights(from: now, count: 8, site: site).map { (world.day(at: place, localMidnight: $0), $0) }
        if !excluded.contains(.current) {
            json.key("current")
            let sky = days.first?.0.sky ?? world.sky(at: place, time: now, utcOffset: offset)
            OneCallHour.write(
                world.conditions(at: place, time: now), time: now, form: .current(sky: sky), korean: request.isKorean,
                into: &json)
        }
        if !excluded.contains(.minutely) { minutely(at: place, world: world, now: now, into: &json) }
        if !excluded.contains(.hourly) {
            json.beginArray("hourly")
            let firstHour = now - ((now % 3_600) + 3_600) % 3_600
            for hour in 0..<48 {
                let time = firstHour + Int64(hour) * 3_600
                OneCallHour.write(
                    world.conditions(at: place, time: time), time: time, form: .hourly, korean: request.isKorean,
                    into: &json)
            }
            json.endArray()
        }
        if !excluded.contains(.daily) {
            json.beginArray("daily")
            for (day, midnight) in days {
                OneCallDay.write(day, date: midnight + 43_200, korean: request.isKorean, into: &json)
            }
            json.endArray()
        }
        if !excluded.contains(.alerts) {
            let alerts = world.alerts(at: place, from: now, to: now + 8 * 86_400)
            if !alerts.isEmpty { OneCallAlerts.write(alerts, into: &json) }
        }
        json.endObject()
        return json.bytes
    }

    private static func minutely(at place: WorldPlace, world: World, now: Int64, into json: inout SyntheticJSON) {
        let firstMinute = now - ((now % 60) + 60) % 60
        let rates = minuteRates(at: place, world: world, from: firstMinute)
        json.beginArray("minutely")
        for (minute, rate) in rates.enumerated() {
            json.beginObject()
            json.integer("dt", firstMinute + Int64(minute) * 60)
            json.decimal("precipitation", rate)
            json.endObject()
        }
        json.endArray()
    }

    /// The precipitation rates (mm/h) of the 60 minutes from `firstMinute`, interpolated linearly
    /// between the world's states ten minutes apart.
    static func minuteRates(at place: WorldPlace, world: World, from firstMinute: Int64) -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(7)
        for sample in 0...6 {
            samples.append(world.conditions(at: place, time: firstMinute + Int64(sample) * 600).precipitationRate)
        }
        return (0..<60).map { minute in
            let (sample, within) = minute.quotientAndRemainder(dividingBy: 10)
            let fraction = Double(within) / 10
            return samples[sample] * (1 - fraction) + samples[sample + 1] * fraction
        }
    }
}

/// Local days at a site: their midnights in Unix seconds, from the site's time zone rule.
enum LocalDays {
    /// The midnights of `count` local days from the one holding `now`.
    static func midnights(from now: Int64, count: Int, site: SyntheticSite) -> [Int64] {
        let today = UTCText.floorDivision(now + Int64(site.utcOffset(at: now)), 86_400)
        return (0..<Int64(count)).map { midnight(ofDay: today + $0, site: site) }
    }

    /// Unix seconds of 00:00 local time on the day `days` after 1970-01-01.
    static func midnight(ofDay days: Int64, site: SyntheticSite) -> Int64 {
        let utcMidnight = days * 86_400
        // The offset in force near that midnight (a DST change at 02:00 moves only later hours).
        return utcMidnight - Int64(site.utcOffset(at: utcMidnight - Int64(site.utcOffset(at: utcMidnight))))
    }
}
