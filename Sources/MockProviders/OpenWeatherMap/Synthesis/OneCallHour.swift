import WeatherWorld

/// One Call's hour-shaped item (`current`, `hourly[]`, timemachine's `data[]`) from one state: the
/// same values current weather prints for that instant, under One Call's names (`wind_speed`,
/// `dew_point`, `uvi`, `clouds` a number).
enum OneCallHour {
    /// Which form of the item: `current` and timemachine's carry the day's `sunrise`/`sunset`,
    /// `hourly[]` carries `pop` instead.
    enum Form {
        case current(sky: SkyEvents)
        case hourly
    }

    /// Writes the item for `state` at `time` as the next value of `json`.
    static func write(
        _ state: Conditions, time: Int64, form: Form, korean: Bool, into json: inout SyntheticJSON
    ) {
        json.beginObject()
        json.integer("dt", time)
        if case .current(let sky) = form {
            json.integer("sunrise", sky.sunrise ?? 0)
            json.integer("sunset", sky.sunset ?? 0)
        }
        json.temperature("temp", celsius: state.temperature)
        json.temperature("feels_like", celsius: state.feelsLike)
        json.integer("pressure", whole(state.seaLevelPressure))
        json.integer("humidity", whole(state.humidity))
        json.temperature("dew_point", celsius: state.dewPoint)
        json.decimal("uvi", state.uvIndex)
        json.integer("clouds", whole(state.cloudCover))
        json.integer("visibility", whole(state.visibility))
        json.windSpeed("wind_speed", metresPerSecond: state.windSpeed)
        json.integer("wind_deg", degrees(state.windDirection))
        json.windSpeed("wind_gust", metresPerSecond: state.windGust)
        json.weather(state, korean: korean, daytime: state.isDaytime)
        if case .hourly = form { json.decimal("pop", state.precipitationProbability) }
        json.oneCallPrecipitation(state)
        json.endObject()
    }
}
