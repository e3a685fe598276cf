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
        /// One Call 4.0's record (``OneCall4Answers``): `sunrise`/`sunset` when `sun` is given (each
        /// left out when the sun does not rise or set), `wind_gust` and `pop` when asked, and the ids
        /// of the alerts in force.
        case record4(sun: (sunrise: Int64?, sunset: Int64?)?, gust: Bool, pop: Bool, alerts: [String])
    }

    /// Writes the item for `state` at `time` as the next value of `json`.
    static func write(
        _ state: Conditions, time: Int64, form: Form, korean: Bool, into json: inout SyntheticJSON
    ) {
        json.beginObject()
        json.integer("dt", time)
        switch form {
        case .current(let sky):
            json.integer("sunrise", sky.sunrise ?? 0)
            json.integer("sunset", sky.sunset ?? 0)
        case .record4(let sun?, _, _, _):
            if let sunrise = sun.sunrise { json.integer("sunrise", sunrise) }
            if let sunset = sun.sunset { json.integer("sunset", sunset) }
        default: break
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
        if case .record4(_, false, _, _) = form {
        } else {
            json.windSpeed("wind_gust", metresPerSecond: state.windGust)
        }
        json.weather(state, korean: korean, daytime: state.isDaytime)
        switch form {
        case .hourly, .record4(_, _, true, _): json.decimal("pop", state.precipitationProbability)
        default: break
        }
        json.oneCallPrecipitation(state)
        if case .record4(_, _, _, let alerts) = form, !alerts.isEmpty { json.alertIDs(alerts) }
        json.endObject()
    }
}
