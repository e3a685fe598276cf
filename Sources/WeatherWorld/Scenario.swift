/// Weather events laid over the climatology (a `mockweather-scenario/1` file, docs/Scenarios.md):
/// what makes the world a typhoon landfall or a cold wave instead of an ordinary day.
package struct Scenario: Sendable, Hashable {
    /// How the scenario is named (`typhoon-landfall`): the file's name without `.json` for a preset
    /// or a user's file, and what answers say ("synthetic: typhoon-landfall, seed 7").
    package var name: String
    /// One line for people.
    package var summary: String
    /// The events, in the file's order.
    package var events: [ScenarioEvent]

    /// A scenario named `name` with `events`.
    package init(name: String, summary: String = "", events: [ScenarioEvent] = []) {
        self.name = name
        self.summary = summary
        self.events = events
    }

    /// The climatology alone: no events.
    package static let climatology = Scenario(
        name: "climatology", summary: "The seasons and passing weather, no events")
}

/// When an event starts or ends: an absolute instant, or a time after the mock clock's start (the
/// instant the server started at, fixed by `--clock`), so a preset happens in whatever week it is run.
package enum ScenarioTime: Sendable, Hashable {
    /// Unix seconds.
    case absolute(Int64)
    /// Seconds after the clock's start (may be negative: an event already under way).
    case afterStart(Int64)

    /// The instant, for a clock that started at `start` (Unix seconds).
    package func instant(clockStart start: Int64) -> Int64 {
        switch self {
        case .absolute(let seconds): seconds
        case .afterStart(let offset): start &+ offset
        }
    }
}

/// Where an event acts: a circle or a latitude-longitude box. Its edge is soft: an event fades out
/// over the outer fifth of its area, so no place sees a step.
package enum ScenarioArea: Sendable, Hashable {
    /// Around a centre, `radius` kilometres.
    case circle(latitude: Double, longitude: Double, radiusKilometres: Double)
    /// Between two latitudes and two longitudes (west to east, never across the antimeridian).
    case box(south: Double, west: Double, north: Double, east: Double)
}

/// One point of a typhoon's track.
package struct TyphoonFix: Sendable, Hashable {
    package var time: ScenarioTime
    package var latitude: Double
    package var longitude: Double
    /// Central pressure, hPa.
    package var centralPressure: Double
    /// Radius of maximum wind, kilometres.
    package var radiusOfMaximumWind: Double
    /// The greatest 10-minute mean wind, metres per second.
    package var maximumWind: Double

    /// A fix at `time`.
    package init(
        time: ScenarioTime, latitude: Double, longitude: Double, centralPressure: Double,
        radiusOfMaximumWind: Double, maximumWind: Double
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.centralPressure = centralPressure
        self.radiusOfMaximumWind = radiusOfMaximumWind
        self.maximumWind = maximumWind
    }
}

/// What an event does.
package enum ScenarioEventKind: Sendable, Hashable {
    /// Temperatures `anomaly` °C below normal (a positive number), drier air, a northwesterly.
    case coldWave(area: ScenarioArea, anomaly: Double)
    /// Temperatures `anomaly` °C above normal, humid, light wind.
    case heatWave(area: ScenarioArea, anomaly: Double)
    /// A band of rain along a line that moves: the line through `latitude`,`longitude` at the start,
    /// lying along `orientation` degrees (clockwise from north), moving toward `heading` degrees at
    /// `speed` km/h; rain `peakRate` mm/h on the line, fading to nothing `halfWidth` km away. The band is
    /// 2,000 km long, centred on the moving point, and fades over its last 200 km at each end; its cloud
    /// reaches about 1.8 × `halfWidth` from the line.
    case rainBand(
        latitude: Double, longitude: Double, orientation: Double, heading: Double, speed: Double,
        halfWidth: Double, peakRate: Double)
    /// A tropical cyclone moving along its track (at least two fixes, in time order): the pressure,
    /// wind and rain field around its centre, interpolated between fixes.
    case typhoon(name: String, track: [TyphoonFix])
    /// Snow at `rate` mm/h of water over the area, with the temperature held at or below 0 °C.
    case heavySnow(area: ScenarioArea, rate: Double)
    /// Fine dust (yellow dust): PM10 and PM2.5 raised to these µg/m³, visibility cut, haze.
    case fineDust(area: ScenarioArea, pm10: Double, pm25: Double)
    /// High pressure: no cloud, no precipitation, light wind.
    case clearSpell(area: ScenarioArea)
}

/// One event of a scenario: what, and from when to when. It ramps in over its first hours and out over
/// its last (at most three hours each, at most a quarter of its length), so no instant sees a step.
package struct ScenarioEvent: Sendable, Hashable {
    package var kind: ScenarioEventKind
    package var start: ScenarioTime
    package var end: ScenarioTime
    /// The warning a weather service would issue for it (One Call's `alerts`), if any: its title
    /// (`Typhoon warning`) and who issues it.
    package var alert: ScenarioAlert?

    /// An event of `kind` from `start` to `end`.
    package init(kind: ScenarioEventKind, start: ScenarioTime, end: ScenarioTime, alert: ScenarioAlert? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.alert = alert
    }
}

/// A warning an event raises where it acts.
package struct ScenarioAlert: Sendable, Hashable {
    /// Short title: `Typhoon warning`.
    package var event: String
    /// Who issues it: `Korea Meteorological Administration`.
    package var senderName: String
    /// What it says.
    package var description: String

    /// An alert titled `event`.
    package init(event: String, senderName: String, description: String) {
        self.event = event
        self.senderName = senderName
        self.description = description
    }
}
