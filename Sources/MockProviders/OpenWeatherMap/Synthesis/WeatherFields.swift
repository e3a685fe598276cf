import WeatherWorld

/// The pieces every weather answer writes the same way from a state: its `weather` array, its
/// `rain`/`snow` objects, and 2.5's temperatures and wind (current weather and each forecast step).
extension SyntheticJSON {
    /// `"weather":[{"id","main","description","icon"}]`: the primary condition, then an obscuration
    /// that comes with precipitation (Snow, then Mist).
    mutating func weather(_ state: Conditions, korean: Bool, daytime: Bool) {
        beginArray("weather")
        condition(ConditionCode.primary(for: state), korean: korean, daytime: daytime)
        if let secondary = ConditionCode.secondary(for: state) {
            condition(secondary, korean: korean, daytime: daytime)
        }
        endArray()
    }

    private mutating func condition(_ code: ConditionCode, korean: Bool, daytime: Bool) {
        beginObject()
        integer("id", Int64(code.id))
        string("main", code.main)
        string("description", code.description(korean: korean))
        string("icon", code.icon(daytime: daytime))
        endObject()
    }

    /// `"rain":{"1h":…}` and `"snow":{"1h":…}` (or `"3h"`), each only when some falls: the amounts
    /// of `amounts` in millimetres; with no `period`, plain numbers (One Call's `daily[]`).
    mutating func precipitation(_ amounts: PrecipitationAmounts, period: StaticString?) {
        amount("rain", amounts.rain, period: period)
        amount("snow", amounts.snow, period: period)
    }

    private mutating func amount(_ name: StaticString, _ millimetres: Double, period: StaticString?) {
        guard millimetres >= 0.005 else { return }
        guard let period else {
            decimal(name, millimetres)
            return
        }
        beginObject(name)
        decimal(period, millimetres)
        endObject()
    }

    /// 2.5's `temp`, `feels_like`, `temp_min` and `temp_max` inside `main`: the world has one
    /// temperature for a place at an instant, so it is the minimum and the maximum too.
    mutating func mainTemperatures(_ state: Conditions) {
        temperature("temp", celsius: state.temperature)
        temperature("feels_like", celsius: state.feelsLike)
        temperature("temp_min", celsius: state.temperature)
        temperature("temp_max", celsius: state.temperature)
    }

    /// 2.5's `"wind":{"speed","deg","gust"}`.
    mutating func wind(_ state: Conditions) {
        beginObject("wind")
        windSpeed("speed", metresPerSecond: state.windSpeed)
        integer("deg", degrees(state.windDirection))
        windSpeed("gust", metresPerSecond: state.windGust)
        endObject()
    }

    /// One Call's form of the same: `"rain":{"1h":…}` inside an hour.
    mutating func oneCallPrecipitation(_ state: Conditions) {
        precipitation(PrecipitationAmounts(state, hours: 1), period: "1h")
    }

    /// One Call 4.0's `"alerts":["id",…]`: the ids of the alerts in force (reference §5).
    mutating func alertIDs(_ ids: [String]) {
        beginArray("alerts")
        for id in ids { string(id) }
        endArray()
    }
}

/// How much rain and snow a state lets fall over some hours, millimetres of water: rain counts drizzle
/// and thunderstorms, and sleet is half of each (as ``DaySummary`` counts it).
struct PrecipitationAmounts: Equatable, Sendable {
    var rain: Double
    var snow: Double

    /// `state`'s rate kept up for `hours`.
    init(_ state: Conditions, hours: Double) {
        let amount = state.precipitationRate * hours
        switch state.precipitationKind {
        case .none: (rain, snow) = (0, 0)
        case .drizzle, .rain, .thunderstorm: (rain, snow) = (amount, 0)
        case .sleet: (rain, snow) = (amount / 2, amount / 2)
        case .snow: (rain, snow) = (0, amount)
        }
    }

    /// Given amounts.
    init(rain: Double, snow: Double) {
        self.rain = rain
        self.snow = snow
    }
}
