import Gazetteer
import MockEngine
import WeatherWorld

/// `/data/2.5/forecast` from the world: 40 three-hourly items at 00, 03, …, 21 UTC from the first
/// slot at or after now (`cnt` keeps the first N, as ``ForecastCount`` reads it), then the `city`
/// block, in the recorded shape (`cod` the String `"200"`, `message` 0).
///
/// Each item is the world's state at its instant, so the forecast made now for 15:00 is the current
/// weather at 15:00 when the clock gets there (a perfect forecast). `pop` is the state's probability
/// for the hour then, `rain.3h`/`snow.3h` its rate kept up for the three hours, `sys.pod` `d` or `n`
/// by the sun; `temp_kf` is 0 (no forecast correction); at sea the city has id 0, name `""`, country
/// `""` and population 0.
enum ForecastAnswer {
    static let rule = "forecast"
    /// Three hours, seconds.
    static let step: Int64 = 10_800

    /// The instant of the first item for a forecast made at `now`.
    static func firstSlot(after now: Int64) -> Int64 {
        let floor = now - ((now % step) + step) % step
        return floor == now ? now : floor + step
    }

    /// The answer's body.
    static func body(site: SyntheticSite, world: World, request: SyntheticRequest) -> [UInt8] {
        let count = ForecastCount.limit(requestValue: request.parameters["cnt"]) ?? ForecastCount.maximumItems
        let place = site.worldPlace
        let korean = request.isKorean
        var json = SyntheticJSON(units: request.units, capacity: 600 * count + 400)
        json.beginObject()
        json.string("cod", "200")
        json.integer("message", 0)
        json.integer("cnt", Int64(count))
        json.beginArray("list")
        var time = firstSlot(after: request.now)
        for _ in 0..<count {
            let state = world.conditions(at: place, time: time)
            json.beginObject()
            json.integer("dt", time)
            json.beginObject("main")
            json.mainTemperatures(state)
            json.integer("pressure", whole(state.seaLevelPressure))
            json.integer("sea_level", whole(state.seaLevelPressure))
            json.integer("grnd_level", whole(state.groundPressure))
            json.integer("humidity", whole(state.humidity))
            json.integer("temp_kf", 0)
            json.endObject()
            json.weather(state, korean: korean, daytime: state.isDaytime)
            json.beginObject("clouds")
            json.integer("all", whole(state.cloudCover))
            json.endObject()
            json.wind(state)
            json.integer("visibility", whole(state.visibility))
            json.decimal("pop", state.precipitationProbability)
            json.precipitation(PrecipitationAmounts(state, hours: 3), period: "3h")
            json.beginObject("sys")
            json.string("pod", state.isDaytime ? "d" : "n")
            json.endObject()
            json.string("dt_txt", UTCText.dateTime(time))
            json.endObject()
            time += step
        }
        json.endArray()
        city(site: site, world: world, now: request.now, into: &json)
        json.endObject()
        return json.bytes
    }

    private static func city(site: SyntheticSite, world: World, now: Int64, into json: inout SyntheticJSON) {
        let offset = site.utcOffset(at: now)
        let sun = world.sun(at: site.worldPlace, time: now, utcOffset: offset)
        json.beginObject("city")
        json.integer("id", site.cityID)
        json.string("name", site.name)
        json.beginObject("coord")
        json.coordinate("lat", site.latitude)
        json.coordinate("lon", site.longitude)
        json.endObject()
        json.string("country", site.place?.countryCode ?? "")
        json.integer("population", Int64(site.place?.population ?? 0))
        json.integer("timezone", Int64(offset))
        json.integer("sunrise", sun.sunrise ?? 0)
        json.integer("sunset", sun.sunset ?? 0)
        json.endObject()
    }
}
