#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tropical cyclone at one instant: its track interpolated linearly between fixes, and the wind,
/// pressure and rain field around its centre.
struct TyphoonField: Sendable {
    var latitude: Double
    var longitude: Double
    var centralPressure: Double
    /// Kilometres.
    var radiusOfMaximumWind: Double
    var maximumWind: Double
    /// The centre's motion, km/h toward east and north.
    var motionEast: Double
    var motionNorth: Double

    /// The pressure far from the centre the profile rises to, hPa.
    static let environmentPressure = 1_010.0

    /// The typhoon at `time`, or nil before its first fix and after its last.
    init?(track: [TyphoonFix], clockStart: Int64, time: Int64) {
        guard let leg = TyphoonFix.leg(of: track, clockStart: clockStart, at: time) else { return nil }
        let centre = leg.centre
        latitude = centre.latitude
        longitude = centre.longitude
        centralPressure = centre.centralPressure
        radiusOfMaximumWind = centre.radiusOfMaximumWind
        maximumWind = centre.maximumWind
        let offset = LocalOffset(
            from: (leg.from.latitude, leg.from.longitude),
            to: WorldPlace(latitude: leg.to.latitude, longitude: leg.to.longitude))
        motionEast = offset.east / leg.hours
        motionNorth = offset.north / leg.hours
    }

    /// Holland's shape parameter B from the pressure drop and the maximum wind (ρ e Vmax² / Δp).
    private var hollandB: Double {
        let drop = max(TyphoonField.environmentPressure - centralPressure, 1) * 100
        return ModelMath.clamp(1.15 * 2.71828 * maximumWind * maximumWind / drop, 0.8, 2.5)
    }

    /// Sea-level pressure `distance` km from the centre (Holland 1980), hPa.
    func pressure(atDistance distance: Double) -> Double {
        let drop = max(TyphoonField.environmentPressure - centralPressure, 0)
        let ratio = pow(radiusOfMaximumWind / max(distance, 0.1), hollandB)
        return centralPressure + drop * exp(-ratio)
    }

    /// The 10-minute wind speed `distance` km from the centre, normalized so the profile peaks at the
    /// maximum wind at the radius of maximum wind, m/s.
    func windSpeed(atDistance distance: Double) -> Double {
        let ratio = pow(radiusOfMaximumWind / max(distance, 0.1), hollandB)
        return maximumWind * (ratio * exp(1 - ratio)).squareRoot()
    }

    /// The wind vector (m/s toward east and north) at `offset` from the centre: cyclonic (anticlockwise
    /// in the northern hemisphere, clockwise in the southern), 20° inflow, stronger on the side the
    /// storm's motion adds to.
    ///
    /// A track's maximum wind is the strongest anywhere in the storm, its motion included (as best tracks
    /// give it), so the circular part is lowered by the share the motion adds: the side it adds to peaks
    /// at the maximum wind (less translation² / maximum wind), not above it.
    func wind(at offset: LocalOffset) -> (east: Double, north: Double) {
        let distance = max(offset.distance, 0.1)
        let translation = min(
            0.5 / 3.6 * (motionEast * motionEast + motionNorth * motionNorth).squareRoot(), 0.3 * maximumWind)
        let speed = windSpeed(atDistance: distance) * (1 - translation / maximumWind)
        let outwardEast = offset.east / distance
        let outwardNorth = offset.north / distance
        let sense = latitude >= 0 ? 1.0 : -1.0
        let tangentEast = -outwardNorth * sense
        let tangentNorth = outwardEast * sense
        let inflowCosine = 0.9397
        let inflowSine = 0.3420
        let share = speed / maximumWind * 0.5 / 3.6
        return (
            speed * (inflowCosine * tangentEast - inflowSine * outwardEast) + share * motionEast,
            speed * (inflowCosine * tangentNorth - inflowSine * outwardNorth) + share * motionNorth
        )
    }

    /// How strongly the rain shield acts, 0 ... 1: most in the eyewall, less in the eye, fading outward
    /// over ~300 km. Rain falls where it exceeds ½ (to ~250 km beyond the eyewall), cloud is total to ~330 km.
    func rainStrength(atDistance distance: Double) -> Double {
        if distance < radiusOfMaximumWind {
            let inner = distance / radiusOfMaximumWind
            return 0.55 + 0.45 * inner * inner
        }
        let outer = (distance - radiusOfMaximumWind) / 300
        return exp(-outer * outer)
    }

    /// The rain rate in the eyewall, mm/h: deeper storms rain harder.
    var peakRain: Double { ModelMath.clamp(20 + 0.5 * (TyphoonField.environmentPressure - centralPressure), 20, 80) }

    /// Whether the storm acts at `distance` km: within three radii of maximum wind, or where its own wind
    /// reaches 15 m/s (the strong-wind radius weather services draw).
    func acts(atDistance distance: Double) -> Bool {
        distance <= 3 * radiusOfMaximumWind || windSpeed(atDistance: distance) >= 15
    }
}

extension TyphoonFix {
    /// The storm on `track` at `time`: its centre, pressure, radius and wind interpolated linearly
    /// between the fixes around it (the radius at least 5 km, the wind at least 1 m/s), as the world
    /// lays it over the weather and the dashboard's map draws it; nil before the first fix, after the
    /// last, or with fewer than two.
    package static func interpolated(on track: [TyphoonFix], clockStart: Int64, at time: Int64) -> TyphoonFix? {
        leg(of: track, clockStart: clockStart, at: time)?.centre
    }

    /// The leg of `track` that `time` falls on: its two fixes, their span in hours, and the centre.
    static func leg(of track: [TyphoonFix], clockStart: Int64, at time: Int64)
        -> (from: TyphoonFix, to: TyphoonFix, hours: Double, centre: TyphoonFix)?
    {
        guard track.count >= 2 else { return nil }
        for (a, b) in zip(track, track.dropFirst()) {
            let start = a.time.instant(clockStart: clockStart)
            let end = b.time.instant(clockStart: clockStart)
            guard time >= start, time <= end, end > start else { continue }
            let t = Double(time - start) / Double(end - start)
            let centre = TyphoonFix(
                time: .absolute(time), latitude: ModelMath.lerp(a.latitude, b.latitude, t),
                longitude: ModelMath.lerp(a.longitude, b.longitude, t),
                centralPressure: ModelMath.lerp(a.centralPressure, b.centralPressure, t),
                radiusOfMaximumWind: max(ModelMath.lerp(a.radiusOfMaximumWind, b.radiusOfMaximumWind, t), 5),
                maximumWind: max(ModelMath.lerp(a.maximumWind, b.maximumWind, t), 1))
            return (a, b, Double(end - start) / 3_600, centre)
        }
        return nil
    }
}
