/// The synthetic world (docs/ARCHITECTURE.md#the-world): a pure, deterministic model of the atmosphere
/// that gives, for a seed, a scenario, a place and an instant, one consistent state. It knows no HTTP
/// and no API: providers turn its states into their own answers.
///
/// The same seed, scenario, clock start, place and instant give the same values on every run and every
/// machine: the noise is seeded integer hashing, never a random generator or the system's time.
package struct World: Sendable {
    /// Chooses which weather passes: a different seed gives different weather over the same climate.
    package var seed: UInt64
    /// The events laid over the climatology.
    package var scenario: Scenario
    /// Unix seconds the scenario's relative times count from: the mock clock's reading when the server
    /// started.
    package var clockStart: Int64

    /// A world of `scenario` under `seed`, its relative times counted from `clockStart`.
    package init(seed: UInt64, scenario: Scenario = .climatology, clockStart: Int64) {
        self.seed = seed
        self.scenario = scenario
        self.clockStart = clockStart
    }

    /// How answers name this world: `typhoon-landfall, seed 7`.
    package var label: String { "\(scenario.name), seed \(seed)" }
}

/// A warning in force at a place, from the scenario's events (One Call's `alerts`).
package struct ActiveAlert: Sendable, Hashable {
    package var alert: ScenarioAlert
    /// Unix seconds.
    package var start: Int64
    /// Unix seconds.
    package var end: Int64
}

extension World {
    /// The state of the atmosphere at `place` at `time` (Unix seconds).
    package func conditions(at place: WorldPlace, time: Int64) -> Conditions {
        WorldState(world: self, place: place, time: time).conditions
    }

    /// The air's composition at `place` at `time`.
    package func air(at place: WorldPlace, time: Int64) -> AirComposition {
        WorldState(world: self, place: place, time: time).air
    }

    /// The sun's and moon's events of the local day (UTC offset `utcOffset` seconds) holding `time`.
    /// The moon is sampled through the day (~12 µs in release); an answer that needs only the sun asks
    /// ``sun(at:time:utcOffset:)``, whose times are the same.
    package func sky(at place: WorldPlace, time: Int64, utcOffset: Int32) -> SkyEvents {
        RiseAndSet.sky(
            latitude: place.latitude, longitude: place.longitude,
            dayStart: World.localMidnight(of: time, utcOffset: utcOffset))
    }

    /// Sunrise and sunset of the local day (UTC offset `utcOffset` seconds) holding `time`, Unix seconds;
    /// nil when the sun does not rise (or set) that day. The same times as ``sky(at:time:utcOffset:)``'s,
    /// in closed form (well under a microsecond), for answers that need no moon.
    package func sun(at place: WorldPlace, time: Int64, utcOffset: Int32) -> (sunrise: Int64?, sunset: Int64?) {
        let sun = SunriseEquation.events(
            latitude: place.latitude, longitude: place.longitude,
            dayStart: World.localMidnight(of: time, utcOffset: utcOffset))
        return (sun.rise, sun.set)
    }

    /// Unix seconds of the local midnight (UTC offset `utcOffset` seconds) that begins the day of `time`.
    private static func localMidnight(of time: Int64, utcOffset: Int32) -> Int64 {
        let local = time &+ Int64(utcOffset)
        return (local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) * 86_400 - Int64(utcOffset)
    }

    /// One local day at `place` from `localMidnight` (Unix seconds of 00:00 local time), sampled hourly.
    package func day(at place: WorldPlace, localMidnight: Int64) -> DaySummary {
        DaySampler.summary(world: self, place: place, localMidnight: localMidnight)
    }

    /// The warnings in force at `place` at any time from `start` to `end` (Unix seconds): each event with
    /// an alert that acts at the place at some instant of the range (sampled every 30 minutes at most):
    /// inside its area; under a rain band's rain; within three radii of maximum wind of a typhoon's centre
    /// or where its wind reaches 15 m/s. An alert runs from its event's start to its end.
    package func alerts(at place: WorldPlace, from start: Int64, to end: Int64) -> [ActiveAlert] {
        var found: [ActiveAlert] = []
        for event in scenario.events {
            guard let alert = event.alert else { continue }
            let eventStart = event.start.instant(clockStart: clockStart)
            let eventEnd = event.end.instant(clockStart: clockStart)
            let from = max(start, eventStart)
            let to = min(end, eventEnd)
            guard from <= to else { continue }
            let step = max(1_800, (to - from) / 400)
            var time = from
            var acting = false
            while !acting {
                acting = ScenarioOverlay.acts(event, clockStart: clockStart, place: place, time: time)
                if time >= to { break }
                time = min(time + step, to)
            }
            if acting { found.append(ActiveAlert(alert: alert, start: eventStart, end: eventEnd)) }
        }
        return found
    }
}

/// One local day at a place, as One Call's `daily` and the forecast's extremes need it.
package struct DaySummary: Sendable, Hashable {
    /// The lowest and highest temperature of the day, °C.
    package var minimum: Double
    package var maximum: Double
    /// The states at 06:00 (morning), 12:00 (day), 18:00 (evening) and 00:00 of the next day (night),
    /// local time.
    package var morning: Conditions
    package var midday: Conditions
    package var evening: Conditions
    package var night: Conditions
    /// Precipitation over the day, millimetres of water: rain (drizzle, thunderstorms and half of sleet
    /// included) and snow.
    package var rainTotal: Double
    package var snowTotal: Double
    /// The probability of measurable precipitation during the day, 0–1.
    package var precipitationProbability: Double
    /// The strongest mean wind and gust of the day, m/s, and the wind's direction then.
    package var maximumWind: Double
    package var maximumGust: Double
    package var maximumWindDirection: Double
    /// The greatest UV index of the day.
    package var maximumUVIndex: Double
    /// The state that stands for the day's weather (its wettest hour, or midday when dry).
    package var representative: Conditions
    /// Sun and moon.
    package var sky: SkyEvents
}
