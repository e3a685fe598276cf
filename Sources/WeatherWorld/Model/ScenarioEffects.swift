#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a scenario's events do to one place at one instant, gathered before the state is assembled.
/// Events that remove weather (a clear spell, a cold or heat wave) lower the wetness quantile, so cloud and
/// rain stay consistent by construction; events that add weather (a rain band, a typhoon, heavy snow)
/// bring a cloud and rain floor in which rain falls only where the cloud is already total.
struct ScenarioOverlay: Sendable {
    var temperatureShift = 0.0
    /// Added to the dew point beyond what the temperature shift brings (negative: drier).
    var dewPointShift = 0.0
    var diurnalScale = 1.0
    var pressureShift = 0.0
    /// A wind added to the weather systems', m/s toward east and north.
    var windEast = 0.0
    var windNorth = 0.0
    /// Multiplies the weather systems' wind.
    var windScale = 1.0
    /// Multiplies the wetness quantile (1: unchanged, 0: no cloud at all).
    var wetnessScale = 1.0
    /// Cloud cover at least this, %.
    var cloudFloor = 0.0
    /// Precipitation at least this, mm/h (only where ``cloudFloor`` is 100).
    var rateFloor = 0.0
    /// 0 ... 1: how firmly the temperature is held at or below 0 °C (heavy snow).
    var freezing = 0.0
    /// Added to the gust factor.
    var gustBoost = 0.0
    /// Particles raised toward these, µg/m³, with this weight.
    var coarseParticles = 0.0
    var fineParticles = 0.0
    var dust = 0.0

    /// No event acting.
    init() {}

    /// The events of `scenario` at `place` and `time`.
    init(scenario: Scenario, clockStart: Int64, place: WorldPlace, time: Int64) {
        for event in scenario.events {
            let timing = ScenarioOverlay.timeWeight(event, clockStart: clockStart, time: time)
            guard timing > 0 else { continue }
            apply(event.kind, timing: timing, clockStart: clockStart, place: place, time: time, start: event.start)
        }
    }

    private mutating func apply(
        _ kind: ScenarioEventKind, timing: Double, clockStart: Int64, place: WorldPlace, time: Int64,
        start: ScenarioTime
    ) {
        switch kind {
        case .coldWave(let area, let anomaly):
            let w = timing * ScenarioOverlay.areaWeight(area, place: place)
            temperatureShift -= anomaly * w
            dewPointShift -= 0.3 * anomaly * w
            // A northwesterly: blowing toward the southeast.
            windEast += 4 * 0.70711 * w
            windNorth -= 4 * 0.70711 * w
            wetnessScale *= 1 - 0.5 * w
            pressureShift += 6 * w
        case .heatWave(let area, let anomaly):
            let w = timing * ScenarioOverlay.areaWeight(area, place: place)
            temperatureShift += anomaly * w
            dewPointShift += 0.3 * anomaly * w
            diurnalScale *= 1 + 0.15 * w
            windScale *= 1 - 0.5 * w
            wetnessScale *= 1 - 0.4 * w
        case .rainBand(let latitude, let longitude, let orientation, let heading, let speed, let halfWidth, let peak):
            let hours = Double(time - start.instant(clockStart: clockStart)) / 3_600
            let offset = LocalOffset(from: (latitude, longitude), to: place)
            let d = ModelMath.degree
            let east = offset.east - speed * hours * sin(heading * d)
            let north = offset.north - speed * hours * cos(heading * d)
            let along = east * sin(orientation * d) + north * cos(orientation * d)
            let across = east * cos(orientation * d) - north * sin(orientation * d)
            // Rain where the strength exceeds ½, which (1 - (x/W)²)² does at x = 0.541 W = halfWidth.
            let width = max(halfWidth, 1) / 0.541
            guard abs(across) < width else { return }
            let shape = 1 - (across / width) * (across / width)
            let strength = timing * shape * shape * (1 - ModelMath.smoothstep(800, 1_000, abs(along)))
            addShield(strength: strength, peak: peak)
        case .typhoon(_, let track):
            guard let storm = TyphoonField(track: track, clockStart: clockStart, time: time) else { return }
            let offset = LocalOffset(from: (storm.latitude, storm.longitude), to: place)
            let distance = offset.distance
            pressureShift += (storm.pressure(atDistance: distance) - TyphoonField.environmentPressure) * timing
            let wind = storm.wind(at: offset)
            windEast += wind.east * timing
            windNorth += wind.north * timing
            gustBoost += 0.25 * timing * min(storm.windSpeed(atDistance: distance) / storm.maximumWind, 1)
            addShield(strength: timing * storm.rainStrength(atDistance: distance), peak: storm.peakRain)
        case .heavySnow(let area, let rate):
            let w = timing * ScenarioOverlay.areaWeight(area, place: place)
            freezing = max(freezing, w)
            addShield(strength: w, peak: rate)
        case .fineDust(let area, let pm10, let pm25):
            let w = timing * ScenarioOverlay.areaWeight(area, place: place)
            if w > dust {
                dust = w
                coarseParticles = max(pm10, pm25)
                fineParticles = pm25
            }
        case .clearSpell(let area):
            let w = timing * ScenarioOverlay.areaWeight(area, place: place)
            wetnessScale *= 1 - w
            windScale *= 1 - 0.6 * w
            pressureShift += 5 * w
        }
    }

    /// Cloud total where `strength` ≥ ½ (thinning to none at 0), rain from 0 at ½ to `peak` at 1.
    private mutating func addShield(strength: Double, peak: Double) {
        guard strength > 0 else { return }
        cloudFloor = max(cloudFloor, 100 * min(1, strength / 0.5))
        if strength > 0.5 {
            rateFloor = max(rateFloor, max(peak, 0) * pow((strength - 0.5) / 0.5, 1.3))
        }
    }

    /// 0 outside the event's time, ramping in over its first hours and out over its last (at most three
    /// hours each, at most a quarter of its length).
    static func timeWeight(_ event: ScenarioEvent, clockStart: Int64, time: Int64) -> Double {
        let start = event.start.instant(clockStart: clockStart)
        let end = event.end.instant(clockStart: clockStart)
        guard time > start, time < end else { return 0 }
        let ramp = min(10_800, Double(end - start) / 4)
        let t = Double(time)
        return ModelMath.smoothstep(Double(start), Double(start) + ramp, t)
            * (1 - ModelMath.smoothstep(Double(end) - ramp, Double(end), t))
    }

    /// 1 well inside the area, fading to 0 over its outer fifth (of the radius, or of each half-extent of
    /// a box), 0 outside.
    static func areaWeight(_ area: ScenarioArea, place: WorldPlace) -> Double {
        switch area {
        case .circle(let latitude, let longitude, let radius):
            let distance = LocalOffset(from: (latitude, longitude), to: place).distance
            return 1 - ModelMath.smoothstep(0.8 * radius, radius, distance)
        case .box(let south, let west, let north, let east):
            let halfHeight = (north - south) / 2
            let halfWidth = (east - west) / 2
            guard halfHeight > 0, halfWidth > 0 else { return 0 }
            let inLatitude = min(place.latitude - south, north - place.latitude) / halfHeight
            let inLongitude = min(place.longitude - west, east - place.longitude) / halfWidth
            return ModelMath.smoothstep(0, 0.2, inLatitude) * ModelMath.smoothstep(0, 0.2, inLongitude)
        }
    }

    /// Whether `event` acts at `place` at `time`: inside its area (or, for a rain band, under its rain;
    /// for a typhoon, within three radii of maximum wind or where its wind reaches 15 m/s).
    static func acts(_ event: ScenarioEvent, clockStart: Int64, place: WorldPlace, time: Int64) -> Bool {
        guard timeWeight(event, clockStart: clockStart, time: time) > 0 else { return false }
        switch event.kind {
        case .coldWave(let area, _), .heatWave(let area, _), .heavySnow(let area, _), .fineDust(let area, _, _),
            .clearSpell(let area):
            return areaWeight(area, place: place) > 0
        case .typhoon(_, let track):
            guard let storm = TyphoonField(track: track, clockStart: clockStart, time: time) else { return false }
            return storm.acts(atDistance: LocalOffset(from: (storm.latitude, storm.longitude), to: place).distance)
        case .rainBand:
            var single = ScenarioOverlay(scenario: .climatology, clockStart: clockStart, place: place, time: time)
            single.apply(event.kind, timing: 1, clockStart: clockStart, place: place, time: time, start: event.start)
            return single.rateFloor > 0
        }
    }
}
