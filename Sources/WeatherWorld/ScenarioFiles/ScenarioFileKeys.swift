/// The `kind` of a scenario event as files write it, and the keys an event of that kind has besides
/// the ones every event has.
package enum ScenarioEventKindName: String, Sendable, CaseIterable {
    case coldWave = "cold-wave"
    case heatWave = "heat-wave"
    case rainBand = "rain-band"
    case typhoon
    case heavySnow = "heavy-snow"
    case fineDust = "fine-dust"
    case clearSpell = "clear-spell"

    /// Every kind, in the order docs/Scenarios.md describes them.
    package static let allNames = allCases.map(\.rawValue)

    /// The kind of `kind`, as a file names it.
    package init(_ kind: ScenarioEventKind) {
        self =
            switch kind {
            case .coldWave: .coldWave
            case .heatWave: .heatWave
            case .rainBand: .rainBand
            case .typhoon: .typhoon
            case .heavySnow: .heavySnow
            case .fineDust: .fineDust
            case .clearSpell: .clearSpell
            }
    }

    /// The keys only this kind has.
    var ownKeys: [String] {
        switch self {
        case .coldWave, .heatWave: ["area", "anomaly"]
        case .rainBand: ["lat", "lon", "orientation", "heading", "speed", "halfWidth", "peakRate"]
        case .typhoon: ["name", "track"]
        case .heavySnow: ["area", "rate"]
        case .fineDust: ["area", "pm10", "pm25"]
        case .clearSpell: ["area"]
        }
    }

    /// Every key an event of this kind may have. A typhoon's times are its track's, so it has no
    /// `start` and `end` of its own.
    var allowedKeys: [String] {
        let times = self == .typhoon ? [] : ["start", "end"]
        return ["kind"] + times + ownKeys + ["alert", "notes"]
    }
}

/// The keys of the other objects of a scenario file.
enum ScenarioFileKeys {
    static let document = ["format", "summary", "notes", "events"]
    static let circle = ["lat", "lon", "radius"]
    static let box = ["south", "west", "north", "east"]
    static let fix = ["time", "lat", "lon", "centralPressure", "radiusOfMaximumWind", "maximumWind"]
    static let alert = ["event", "senderName", "description"]
}
