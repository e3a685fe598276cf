import Basics
import WeatherWorld

/// The scenario decoder on arbitrary bytes: a scenario whose every value is inside
/// ``ScenarioLimits``, or problems each at a line and column inside the file, never a crash or a hang,
/// and the same answer twice.
enum ScenarioTarget {
    static let target = FuzzTarget(
        name: "scenario",
        summary: "scenario decoder (mockweather-scenario/1): a scenario with every value in range, or located problems"
    ) { bytes in
        let first = outcome(bytes)
        guard outcome(bytes) == first else { return "two decodings of the same bytes differ" }
        switch first {
        case .success(let scenario):
            return brokenLimit(in: scenario)
        case .failure(let error):
            return misplacedProblem(in: error, lineCount: lineCount(bytes))
        }
    }

    private static func outcome(_ bytes: [UInt8]) -> Result<Scenario, ScenarioValidationError> {
        Result { () throws(ScenarioValidationError) in
            try ScenarioDecoder.decode(bytes, name: "fuzz", file: "fuzz.json")
        }
    }

    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private static func misplacedProblem(in error: ScenarioValidationError, lineCount: Int) -> String? {
        guard !error.problems.isEmpty else { return "a refusal with no problem" }
        guard error.problems.count <= ScenarioLimits.problems else { return "more problems than the limit" }
        for problem in error.problems {
            let location = problem.location
            guard let line = location.line, let column = location.column, (1...lineCount).contains(line), column >= 1
            else { return "a problem outside the file: \(problem)" }
            guard location.file == "fuzz.json", location.path.hasPrefix("$"), !problem.message.isEmpty else {
                return "a problem without its file, path or message: \(problem)"
            }
        }
        return nil
    }

    /// The first value of `scenario` outside what the decoder promises, described.
    private static func brokenLimit(in scenario: Scenario) -> String? {
        guard scenario.events.count <= ScenarioLimits.events, !scenario.summary.isEmpty else {
            return "a scenario with \(scenario.events.count) events or no summary"
        }
        for (index, event) in scenario.events.enumerated() {
            if let broken = brokenLimit(in: event) { return "events[\(index)]: \(broken)" }
        }
        return nil
    }

    private static func brokenLimit(in event: ScenarioEvent) -> String? {
        typealias Limits = ScenarioLimits
        var checks: [(String, Double, ScenarioBound)] = []
        switch event.kind {
        case .coldWave(let area, let anomaly), .heatWave(let area, let anomaly):
            checks = areaChecks(area) + [("anomaly", anomaly, Limits.anomaly)]
        case .rainBand(let latitude, let longitude, let orientation, let heading, let speed, let halfWidth, let rate):
            checks = [
                ("lat", latitude, Limits.latitude), ("lon", longitude, Limits.longitude),
                ("orientation", orientation, Limits.direction), ("heading", heading, Limits.direction),
                ("speed", speed, Limits.bandSpeed), ("halfWidth", halfWidth, Limits.halfWidth),
                ("peakRate", rate, Limits.rainRate),
            ]
        case .typhoon(let name, let track):
            guard !name.isEmpty, (2...Limits.trackFixes).contains(track.count) else { return "a bad name or track" }
            for (earlier, later) in zip(track, track.dropFirst())
            where isAfter(later.time, earlier.time) != true {
                return "a track out of time order"
            }
            guard event.start == track.first?.time, event.end == track.last?.time else {
                return "a typhoon whose span is not its track's"
            }
            for fix in track {
                checks += [
                    ("lat", fix.latitude, Limits.latitude), ("lon", fix.longitude, Limits.longitude),
                    ("centralPressure", fix.centralPressure, Limits.centralPressure),
                    ("radiusOfMaximumWind", fix.radiusOfMaximumWind, Limits.radiusOfMaximumWind),
                    ("maximumWind", fix.maximumWind, Limits.maximumWind),
                ]
            }
        case .heavySnow(let area, let rate):
            checks = areaChecks(area) + [("rate", rate, Limits.snowRate)]
        case .fineDust(let area, let pm10, let pm25):
            guard pm25 <= pm10 else { return "pm25 above pm10" }
            checks = areaChecks(area) + [("pm10", pm10, Limits.pm10), ("pm25", pm25, Limits.pm25)]
        case .clearSpell(let area):
            checks = areaChecks(area)
        }
        if let (name, value, bound) = checks.first(where: { !$0.2.contains($0.1) }) {
            return "\(name) \(value) is outside \(bound)"
        }
        guard isAfter(event.end, event.start) == true else {
            return "an event that does not end after it starts"
        }
        for time in [event.start, event.end] {
            if case .afterStart(let seconds) = time, seconds.magnitude > Limits.relativeSeconds {
                return "a relative time beyond the limit"
            }
        }
        return nil
    }

    private static func areaChecks(_ area: ScenarioArea) -> [(String, Double, ScenarioBound)] {
        switch area {
        case .circle(let latitude, let longitude, let radius):
            return [
                ("lat", latitude, ScenarioLimits.latitude), ("lon", longitude, ScenarioLimits.longitude),
                ("radius", radius, ScenarioLimits.radius),
            ]
        case .box(let south, let west, let north, let east):
            // A box's extent as a number that must be above 0: north of south and east of west.
            let extent = ScenarioBound(0, 360, unit: "degrees", excludesLower: true)
            return [
                ("south", south, ScenarioLimits.latitude), ("west", west, ScenarioLimits.longitude),
                ("north", north, ScenarioLimits.latitude), ("east", east, ScenarioLimits.longitude),
                ("north - south", north - south, extent), ("east - west", east - west, extent),
            ]
        }
    }

    private static func isAfter(_ later: ScenarioTime, _ earlier: ScenarioTime) -> Bool? {
        switch (later, earlier) {
        case (.absolute(let later), .absolute(let earlier)), (.afterStart(let later), .afterStart(let earlier)):
            later > earlier
        default:
            nil
        }
    }
}
