/// The unit system a request asks the API for, sent as the `units` query parameter.
///
/// Every model decoded by ``OpenWeatherClient`` remembers the units it was requested in, so a
/// ``Temperature`` or a wind speed taken from it is never ambiguous.
public enum Units: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Kelvin and metres per second: the API's default when `units` is absent.
    case standard
    /// Degrees Celsius and metres per second.
    case metric
    /// Degrees Fahrenheit and miles per hour.
    case imperial

    /// The unit the API uses for temperatures in these units.
    public var temperatureUnit: TemperatureUnit {
        switch self {
        case .standard: .kelvin
        case .metric: .celsius
        case .imperial: .fahrenheit
        }
    }

    /// The unit the API uses for wind speeds in these units.
    public var speedUnit: SpeedUnit {
        switch self {
        case .standard, .metric: .metersPerSecond
        case .imperial: .milesPerHour
        }
    }

    /// The query-parameter value, e.g. `metric`.
    public var description: String { rawValue }
}

/// A unit of wind speed as the API reports it.
public enum SpeedUnit: String, Sendable, Hashable, CaseIterable {
    /// Metres per second (`standard` and `metric` units).
    case metersPerSecond = "m/s"
    /// Miles per hour (`imperial` units).
    case milesPerHour = "mph"

    /// The symbol shown after a value, `m/s` or `mph`.
    public var symbol: String { rawValue }
}
