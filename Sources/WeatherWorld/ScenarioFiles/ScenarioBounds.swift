/// A range a scenario's number must lie in, with its unit, as the decoder checks it and its messages
/// and docs/Scenarios.md state it.
package struct ScenarioBound: Sendable, Hashable, CustomStringConvertible {
    /// The smallest value allowed (or, with ``excludesLower``, the value everything must be above).
    package var lower: Double
    /// The largest value allowed.
    package var upper: Double
    /// Whether ``lower`` itself is refused: a radius or a rate of 0 means no event at all.
    package var excludesLower: Bool
    /// The unit the number is in (`km`, `mm/h`, `°C`), or empty for degrees of a circle that say so.
    package var unit: String

    /// A bound from `lower` to `upper` in `unit`.
    package init(_ lower: Double, _ upper: Double, unit: String, excludesLower: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.unit = unit
        self.excludesLower = excludesLower
    }

    /// Whether `value` is inside the bound (NaN never is).
    package func contains(_ value: Double) -> Bool {
        (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    /// `above 0 and at most 40 °C`, `from -90 to 90 degrees`.
    package var description: String {
        let unitText = unit.isEmpty ? "" : " \(unit)"
        return excludesLower
            ? "above \(Self.text(lower)) and at most \(Self.text(upper))\(unitText)"
            : "from \(Self.text(lower)) to \(Self.text(upper))\(unitText)"
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Every limit a `mockweather-scenario/1` file is held to, in one place (docs/Scenarios.md lists them).
/// They refuse what is impossible or absurd, not what is merely rare: a 60 mm/h downpour or a 905 hPa
/// typhoon is allowed, a 900 mm/h downpour or a 850 hPa typhoon is a typo.
package enum ScenarioLimits {
    /// Degrees north.
    package static let latitude = ScenarioBound(-90, 90, unit: "degrees")
    /// Degrees east; a box never crosses the antimeridian.
    package static let longitude = ScenarioBound(-180, 180, unit: "degrees")
    /// A circle's radius: more than a continent is a mistake for "metres".
    package static let radius = ScenarioBound(0, 5_000, unit: "km", excludesLower: true)
    /// A cold or heat wave's departure from normal: 40 °C is beyond any recorded anomaly.
    package static let anomaly = ScenarioBound(0, 40, unit: "°C", excludesLower: true)
    /// A rain band's rate on its line: the world's wettest hour is about 300 mm.
    package static let rainRate = ScenarioBound(0, 500, unit: "mm/h", excludesLower: true)
    /// Snow, as millimetres of water an hour (about a centimetre of snow each).
    package static let snowRate = ScenarioBound(0, 100, unit: "mm/h of water", excludesLower: true)
    /// How far a rain band's rain reaches either side of its line.
    package static let halfWidth = ScenarioBound(0, 1_000, unit: "km", excludesLower: true)
    /// How fast a rain band moves (0: it stays where it is).
    package static let bandSpeed = ScenarioBound(0, 200, unit: "km/h")
    /// A compass direction, clockwise from north.
    package static let direction = ScenarioBound(0, 360, unit: "degrees")
    /// A typhoon's central pressure: the record low is 870 hPa; above 1020 is no cyclone.
    package static let centralPressure = ScenarioBound(870, 1_020, unit: "hPa")
    /// A typhoon's radius of maximum wind.
    package static let radiusOfMaximumWind = ScenarioBound(0, 500, unit: "km", excludesLower: true)
    /// A typhoon's strongest 10-minute mean wind; the strongest measured are under 90 m/s.
    package static let maximumWind = ScenarioBound(0, 100, unit: "m/s", excludesLower: true)
    /// How fast a typhoon's centre may move between two fixes.
    package static let trackSpeed = ScenarioBound(0, 200, unit: "km/h")
    /// PM10 in a fine-dust episode; the worst Korean hours on record are about 2,000 µg/m³.
    package static let pm10 = ScenarioBound(0, 3_000, unit: "µg/m³", excludesLower: true)
    /// PM2.5 in a fine-dust episode; never above the episode's PM10, which includes it.
    package static let pm25 = ScenarioBound(0, 3_000, unit: "µg/m³", excludesLower: true)

    /// How far from the clock's start a relative time may be: a year and a day either way.
    package static let relativeSeconds: Int64 = 366 * 86_400
    /// Events in one scenario: the world weighs every event for every answer.
    package static let events = 100
    /// Fixes in one typhoon's track.
    package static let trackFixes = 200
    /// Characters of a name (a typhoon's, an alert's title, a sender).
    package static let nameCharacters = 100
    /// Characters of a summary, a description or notes.
    package static let textCharacters = 4_000
    /// Problems reported for one file; past this the file is far from a scenario and more would not help.
    package static let problems = 100
    /// The largest scenario file read: 1 MiB, hundreds of times the largest preset.
    package static let fileBytes = 1_048_576
}
