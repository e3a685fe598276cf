import WeatherWorld

/// One scenario per event kind around southern Korea, two days from the clock's start, for the tests.
enum WorldScenarios {
    static let clockStart = unixTime(2026, 1, 10)
    static let kinds = ["coldWave", "heatWave", "rainBand", "typhoon", "heavySnow", "fineDust", "clearSpell"]
    static let area = ScenarioArea.circle(latitude: 35, longitude: 128, radiusKilometres: 400)
    static let alert = ScenarioAlert(event: "Warning", senderName: "Test", description: "test")

    /// A typhoon moving north from 31° N to 39° N along 128.5° E over 24 hours from six hours after the start.
    static let track = [
        TyphoonFix(
            time: .afterStart(6 * 3_600), latitude: 31, longitude: 128.5, centralPressure: 950,
            radiusOfMaximumWind: 40, maximumWind: 40),
        TyphoonFix(
            time: .afterStart(30 * 3_600), latitude: 39, longitude: 128.5, centralPressure: 970,
            radiusOfMaximumWind: 50, maximumWind: 30),
    ]

    static func event(_ kind: String) -> ScenarioEventKind {
        switch kind {
        case "coldWave": .coldWave(area: area, anomaly: 10)
        case "heatWave": .heatWave(area: area, anomaly: 8)
        case "rainBand":
            .rainBand(
                latitude: 33, longitude: 128, orientation: 90, heading: 0, speed: 20, halfWidth: 60, peakRate: 25)
        case "typhoon": .typhoon(name: "Test", track: track)
        case "heavySnow": .heavySnow(area: area, rate: 3)
        case "fineDust": .fineDust(area: area, pm10: 400, pm25: 120)
        default: .clearSpell(area: area)
        }
    }

    static func scenario(_ kind: String) -> Scenario {
        Scenario(
            name: kind,
            events: [
                ScenarioEvent(kind: event(kind), start: .afterStart(0), end: .afterStart(48 * 3_600), alert: alert)
            ])
    }
}
