/// OpenWeatherMap's `units` parameter.
enum Units: String, Sendable, CaseIterable {
    case standard
    case metric
    case imperial

    /// The API serves `standard` for a missing or unknown `units` value; so do we.
    init(requestValue: String?) {
        guard let requestValue else {
            self = .standard
            return
        }
        self = Units(rawValue: requestValue) ?? Units(rawValue: requestValue.lowercased()) ?? .standard
    }

    /// The temperature unit as the dashboard shows it.
    var temperatureSymbol: String {
        switch self {
        case .standard: "K"
        case .metric: "°C"
        case .imperial: "°F"
        }
    }
}
