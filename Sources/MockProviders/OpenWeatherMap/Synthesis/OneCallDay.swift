import WeatherWorld

/// One Call's `daily[]` item from the world's ``DaySummary``, in the recorded member order. `temp`
/// and `feels_like` come from the states at 06:00 (`morn`), 12:00 (`day`), 18:00 (`eve`) and
/// midnight (`night`); pressure, humidity and dew point from midday; wind from the day's strongest;
/// `weather` and `clouds` from the state standing for the day (its icon always `d`, as the API's
/// daily icons are); `rain`/`snow` the day's totals, only when some falls.
///
/// One Call 4.0's day record (reference: openweathermap-onecall4.md §5, as the live API answers) is
/// the same day without `summary`, `dew_point` and `wind_gust`, with `pop` on forecast days only and
/// `rain`/`snow` as plain numbers (the day's totals).
enum OneCallDay {
    /// Which API's day item.
    enum Edition {
        /// One Call 3.0's `daily[]`.
        case oneCall3
        /// One Call 4.0's `1day` record; `forecast` is false for a day before today (no `pop`).
        case oneCall4(forecast: Bool, alerts: [String])
    }

    /// Writes the item for `day`, dated `date` (Unix seconds: local noon for 3.0, 00:00 UTC for 4.0),
    /// as the next value of `json`.
    static func write(
        _ day: DaySummary, date: Int64, edition: Edition = .oneCall3, korean: Bool, into json: inout SyntheticJSON
    ) {
        let representative = day.representative
        var isOneCall3 = true
        var hasPop = true
        var alerts: [String] = []
        if case .oneCall4(let forecast, let ids) = edition { (isOneCall3, hasPop, alerts) = (false, forecast, ids) }
        json.beginObject()
        json.integer("dt", date)
        json.integer("sunrise", day.sky.sunrise ?? 0)
        json.integer("sunset", day.sky.sunset ?? 0)
        json.integer("moonrise", day.sky.moonrise ?? 0)
        json.integer("moonset", day.sky.moonset ?? 0)
        json.decimal("moon_phase", day.sky.moonPhase)
        if isOneCall3 { json.string("summary", summary(of: day)) }
        json.beginObject("temp")
        json.temperature("day", celsius: day.midday.temperature)
        json.temperature("min", celsius: day.minimum)
        json.temperature("max", celsius: day.maximum)
        json.temperature("night", celsius: day.night.temperature)
        json.temperature("eve", celsius: day.evening.temperature)
        json.temperature("morn", celsius: day.morning.temperature)
        json.endObject()
        json.beginObject("feels_like")
        json.temperature("day", celsius: day.midday.feelsLike)
        json.temperature("night", celsius: day.night.feelsLike)
        json.temperature("eve", celsius: day.evening.feelsLike)
        json.temperature("morn", celsius: day.morning.feelsLike)
        json.endObject()
        json.integer("pressure", whole(day.midday.seaLevelPressure))
        json.integer("humidity", whole(day.midday.humidity))
        if isOneCall3 { json.temperature("dew_point", celsius: day.midday.dewPoint) }
        json.windSpeed("wind_speed", metresPerSecond: day.maximumWind)
        json.integer("wind_deg", degrees(day.maximumWindDirection))
        if isOneCall3 { json.windSpeed("wind_gust", metresPerSecond: day.maximumGust) }
        json.weather(representative, korean: korean, daytime: true)
        json.integer("clouds", whole(representative.cloudCover))
        if hasPop { json.decimal("pop", day.precipitationProbability) }
        json.precipitation(PrecipitationAmounts(rain: day.rainTotal, snow: day.snowTotal), period: nil)
        json.decimal("uvi", day.maximumUVIndex)
        if !alerts.isEmpty { json.alertIDs(alerts) }
        json.endObject()
    }

    /// The day in one English sentence, as the API's `summary` (`You can expect overcast clouds today`,
    /// `There will be light rain today`).
    static func summary(of day: DaySummary) -> String {
        let words = ConditionCode.primary(for: day.representative).english
        return day.representative.precipitationKind == .none
            ? "You can expect \(words) today" : "There will be \(words) today"
    }
}

/// One Call's `alerts`: each warning in force, with the sender, title, times, text and the API's
/// tags for its kind.
enum OneCallAlerts {
    /// Writes `"alerts":[…]` into `json`.
    static func write(_ alerts: [ActiveAlert], into json: inout SyntheticJSON) {
        json.beginArray("alerts")
        for active in alerts {
            json.beginObject()
            json.string("sender_name", active.alert.senderName)
            json.string("event", active.alert.event)
            json.integer("start", active.start)
            json.integer("end", active.end)
            json.string("description", active.alert.description)
            json.beginArray("tags")
            for tag in tags(forEvent: active.alert.event) { json.string(tag) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }

    /// The API's tags for a warning, from the words of its title (`Cold wave advisory` → `Extreme low
    /// temperature`, as the bundled Seoul answer tags it); none for a title no word of which is known.
    static func tags(forEvent event: String) -> [String] {
        let title = event.lowercased()
        let table: [(word: String, tag: String)] = [
            ("cold", "Extreme low temperature"), ("heat", "Extreme high temperature"), ("typhoon", "Wind"),
            ("typhoon", "Rain"), ("wind", "Wind"), ("rain", "Rain"), ("snow", "Snow/Ice"), ("dust", "Air quality"),
            ("fog", "Fog"), ("thunder", "Thunderstorm"), ("flood", "Flood"),
        ]
        var tags: [String] = []
        for row in table where title.contains(row.word) && !tags.contains(row.tag) { tags.append(row.tag) }
        return tags
    }
}
