import MockEngine

/// The OpenWeatherMap answers whose times the provider knows, with where each keeps them and which one
/// is its anchor (what time shifting moves to the clock's now, docs/ARCHITECTURE.md#the-mock-clock;
/// Cassettes/README.md lists them). A case rather than the list itself, so a shifted variant's key
/// hashes a byte, not a dozen paths.
///
/// Air pollution history is left out on purpose: its `start`/`end` range selects recorded items by
/// their `dt`, so shifted items would no longer be the ones the request asked for.
enum OpenWeatherMapTimes: Hashable, Sendable {
    /// Current weather (`/data/2.5/weather`): anchored at `dt`.
    case current
    /// The 5-day forecast (`/data/2.5/forecast`): anchored at the first item's `dt`.
    case forecast
    /// One Call 3.0 (`/data/3.0/onecall`): anchored at `current.dt`.
    case oneCall
    /// Air pollution now and its forecast: anchored at the first item's `dt`.
    case air
    /// One Call 4.0's current and timelines: anchored at `data[0].dt` (a timeline moves by whole
    /// steps from its own now instead, ``OneCall4RecordedTimeline``). Alert detail is not shifted.
    case oneCall4

    /// Answers never shifted, whatever their cassette says: air pollution history (see above).
    static let neverShifted: Set<String> = ["/data/2.5/air_pollution/history"]

    /// The answer on `path`, nil for one whose times are not known (geocoding, icons, the One Call
    /// time machine, day_summary, overview, air pollution history).
    init?(path: String) {
        switch path {
        case "/data/2.5/weather": self = .current
        case "/data/2.5/forecast": self = .forecast
        case "/data/3.0/onecall": self = .oneCall
        case "/data/2.5/air_pollution", "/data/2.5/air_pollution/forecast": self = .air
        default:
            switch OneCall4Endpoint(path: path) {
            case .current?, .timeline?: self = .oneCall4
            case .alert?, nil: return nil
            }
        }
    }

    /// Its time fields, the anchor first.
    var fields: [TimeField] {
        switch self {
        case .current: Self.currentFields
        case .forecast: Self.forecastFields
        case .oneCall: Self.oneCallFields
        case .air: Self.airFields
        case .oneCall4: Self.oneCall4Fields
        }
    }

    private static let currentFields = fields("dt", "sys.sunrise", "sys.sunset")
    private static let forecastFields = fields("list[].dt", "list[].dt_txt", "city.sunrise", "city.sunset")
    private static let oneCallFields = fields(
        "current.dt", "current.sunrise", "current.sunset", "minutely[].dt", "hourly[].dt", "daily[].dt",
        "daily[].sunrise", "daily[].sunset", "daily[].moonrise", "daily[].moonset", "alerts[].start",
        "alerts[].end")
    private static let airFields = fields("list[].dt")
    private static let oneCall4Fields = fields(
        "data[].dt", "data[].sunrise", "data[].sunset", "data[].moonrise", "data[].moonset")

    private static func fields(_ paths: String...) -> [TimeField] {
        paths.map { TimeField($0)! }
    }
}

extension OpenWeatherMap {
    /// The fields ``OpenWeatherMapTimes`` knows for `path` (none for air pollution history, which is
    /// never shifted), so the cassette decoder can check their times are in the clock's range.
    func timeFields(forPath path: String) -> [TimeField]? {
        guard !OpenWeatherMapTimes.neverShifted.contains(path) else { return nil }
        return OpenWeatherMapTimes(path: path)?.fields
    }
}
