import Gazetteer
import WeatherWorld

/// `/data/2.5/weather` from the world: the state at the site now, in the shape of the recorded
/// answers (`coord`, `weather`, `base`, `main`, `visibility`, `wind`, `rain`/`snow` with `1h`, `clouds`,
/// `dt`, `sys`, `timezone`, `id`, `name`, `cod`).
///
/// The world has one temperature per point, so `temp_min` and `temp_max` (the spread between a city's
/// stations at the API) equal `temp`; `sys` has no station `type` or `id`, and `country` only where a
/// place is named (as the API answers remote coordinates).
enum CurrentWeatherAnswer {
    static let rule = "current weather"

    /// The answer's body for `site` under `world` at the request's instant.
    static func body(site: SyntheticSite, world: World, request: SyntheticRequest) -> [UInt8] {
        let now = request.now
        let state = world.conditions(at: site.worldPlace, time: now)
        let offset = site.utcOffset(at: now)
        let sun = world.sun(at: site.worldPlace, time: now, utcOffset: offset)
        var json = SyntheticJSON(units: request.units, capacity: 640)
        json.beginObject()
        json.beginObject("coord")
        json.coordinate("lon", site.longitude)
        json.coordinate("lat", site.latitude)
        json.endObject()
        json.weather(state, korean: request.isKorean, daytime: state.isDaytime)
        json.string("base", "stations")
        json.beginObject("main")
        json.mainTemperatures(state)
        json.integer("pressure", whole(state.seaLevelPressure))
        json.integer("humidity", whole(state.humidity))
        json.integer("sea_level", whole(state.seaLevelPressure))
        json.integer("grnd_level", whole(state.groundPressure))
        json.endObject()
        json.integer("visibility", whole(state.visibility))
        json.wind(state)
        json.precipitation(PrecipitationAmounts(state, hours: 1), period: "1h")
        json.beginObject("clouds")
        json.integer("all", whole(state.cloudCover))
        json.endObject()
        json.integer("dt", now)
        json.beginObject("sys")
        if let place = site.place { json.string("country", place.countryCode) }
        json.integer("sunrise", sun.sunrise ?? 0)
        json.integer("sunset", sun.sunset ?? 0)
        json.endObject()
        json.integer("timezone", Int64(offset))
        json.integer("id", site.cityID)
        json.string("name", site.name)
        json.integer("cod", 200)
        json.endObject()
        return json.bytes
    }
}

/// A quantity the API prints as a whole number (pressure, humidity, cloud cover, visibility).
func whole(_ value: Double) -> Int64 {
    value.isFinite ? Int64(value.rounded(.toNearestOrAwayFromZero)) : 0
}

/// A direction as a whole number of degrees, 0 ..< 360.
func degrees(_ value: Double) -> Int64 {
    let rounded = whole(value) % 360
    return rounded < 0 ? rounded + 360 : rounded
}
