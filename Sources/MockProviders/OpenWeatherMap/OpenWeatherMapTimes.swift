import MockEngine

/// Where each OpenWeatherMap answer keeps its times, and which one is its anchor (what time shifting
/// moves to the clock's now, docs/ARCHITECTURE.md#the-mock-clock; Cassettes/README.md lists them).
///
/// Air pollution history is left out on purpose: its `start`/`end` range selects recorded items by
/// their `dt`, so shifted items would no longer be the ones the request asked for.
enum OpenWeatherMapTimes {
    /// Current weather (`/data/2.5/weather`): anchored at `dt`.
    static let current = fields("dt", "sys.sunrise", "sys.sunset")
    /// The 5-day forecast (`/data/2.5/forecast`): anchored at the first item's `dt`.
    static let forecast = fields("list[].dt", "list[].dt_txt", "city.sunrise", "city.sunset")
    /// One Call 3.0 (`/data/3.0/onecall`): anchored at `current.dt`.
    static let oneCall = fields(
        "current.dt", "current.sunrise", "current.sunset", "minutely[].dt", "hourly[].dt", "daily[].dt",
        "daily[].sunrise", "daily[].sunset", "daily[].moonrise", "daily[].moonset", "alerts[].start",
        "alerts[].end")
    /// Air pollution now and its forecast: anchored at the first item's `dt`.
    static let air = fields("list[].dt")

    /// Answers never shifted, whatever their cassette says: air pollution history (see above).
    static let neverShifted: Set<String> = ["/data/2.5/air_pollution/history"]

    /// The time fields of an answer on `path`, the anchor first; nil for an answer whose times are
    /// not known (geocoding, icons, the One Call time machine, air pollution history).
    static func fields(forPath path: String) -> [TimeField]? {
        switch path {
        case "/data/2.5/weather": current
        case "/data/2.5/forecast": forecast
        case "/data/3.0/onecall": oneCall
        case "/data/2.5/air_pollution", "/data/2.5/air_pollution/forecast": air
        default: nil
        }
    }

    private static func fields(_ paths: String...) -> [TimeField] {
        paths.map { TimeField($0)! }
    }
}
