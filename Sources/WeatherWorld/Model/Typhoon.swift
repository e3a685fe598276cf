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
        guard track.count >= 2 else { return nil }
        var index = 0
        while index < track.count - 1 {
            let start = track[index].time.instant(clockStart: clockStart)
            let end = track[index + 1].time.instant(clockStart: clockStart)
            if time >= start, time <= end, end > start {
                let a = track[index]
                let b = track[index + 1]
                let t = Double(time - start) / Double(end - start)
                latitude = ModelMath.lerp(a.latitude, b.latitude, t)
                longitude = ModelMath.lerp(a.longitude, b.longitude, t)
                centralPressure = ModelMath.lerp(a.centralPressure, b.centralPressure, t)
                radiusOfMaximumWind = max(ModelMath.lerp(a.radiusOfMaximumWind, b.radiusOfMaximumWind, t), 5)
                maximumWind = max(ModelMath.lerp(a.maximumWind, b.maximumWind, t), 1)
                let hours = Double(end - start) / 3_600
                let leg = LocalOffset(
                    from: (a.latitude, a.longitude), to: WorldPlace(latitude: b.latitude, longitude: b.longitude))
                motionEast = leg.east / hours
                motionNorth = leg.north / hours
                return
            }
            index += 1
        }
        return nil
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
