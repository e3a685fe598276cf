#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The passing weather at a place and instant: the fields the weather systems make, before they are
/// turned into temperature, cloud and rain.
struct SynopticState: Sendable {
    /// Sea-level pressure departure from normal, hPa.
    var pressureAnomaly: Double
    /// The same in standard deviations (for effects that do not scale with latitude).
    var pressureIndex: Double
    /// Wind from the pressure field and the general circulation, m/s toward east and north.
    var windEast: Double
    var windNorth: Double
    /// How wet the weather is, as a quantile: uniform in 0 ... 1 over time at any place, so the top
    /// fraction f of it is the place's wet fraction f.
    var wetness: Double
    /// Temperature departure from normal, °C.
    var temperatureAnomaly: Double
    /// The standard deviation of that departure here and now, °C.
    var temperatureScale: Double
    /// Small-scale turbulence for gusts, 0 ... 1.
    var turbulence: Double
    /// Small-scale convection (showers, thunder), about -1 ... 1.
    var convection: Double
    /// Slow variation of the air's pollution, in standard deviations.
    var pollution: Double
}

/// Weather systems: smooth space-time noise fields (``LatticeNoise``) on a lattice of ~1,000 km and
/// ~30 h with finer octaves, carried eastward with the whole atmosphere (a rigid rotation: 30 km/h at
/// 45°), so a pattern passes a place every two to four days and neighbouring places see the same system.
/// The pressure anomaly field drives the wind (geostrophic balance turned toward low pressure by
/// friction) and the wetness (low pressure is cloudy and wet).
enum WeatherSystems {
    /// The eastward drift, radians of longitude per hour (30 km/h at 45°).
    static let drift = 30 / (ModelMath.earthRadius * 0.70711)

    private static let pressureOctaves: [LatticeNoise.Octave] = [
        .init(kilometres: 1_000, hours: 30, amplitude: 1), .init(kilometres: 500, hours: 15, amplitude: 0.5),
    ]
    private static let moistureOctaves: [LatticeNoise.Octave] = [
        .init(kilometres: 800, hours: 20, amplitude: 1), .init(kilometres: 250, hours: 6, amplitude: 0.5),
    ]
    private static let temperatureOctaves: [LatticeNoise.Octave] = [
        .init(kilometres: 1_500, hours: 48, amplitude: 1), .init(kilometres: 700, hours: 24, amplitude: 0.3),
    ]
    private static let convectionOctaves: [LatticeNoise.Octave] = [.init(kilometres: 80, hours: 3, amplitude: 1)]
    /// The pressure gradient is taken from the largest scale alone: it carries most of it, at a third of
    /// the cost.
    private static let gradientOctaves: [LatticeNoise.Octave] = [.init(kilometres: 1_000, hours: 30, amplitude: 1)]

    /// The standard deviation of one octave of value noise with the quintic fade (derived: (E[w²]⁴/3)^½).
    private static let octaveDeviation = 0.354
    /// The wetness index's standard deviation, measured over sampled place-times (1.03–1.12 by latitude).
    static let wetnessDeviation = 1.1

    /// The field `octaves` of field number `field` at a point, in standard deviations.
    private static func field(
        _ field: UInt64, _ octaves: [LatticeNoise.Octave], seed: UInt64, point: UnitVector, hours: Double
    ) -> Double {
        let key = LatticeNoise.key(seed: seed, field: field)
        var total = 0.0
        var power = 0.0
        for (index, octave) in octaves.enumerated() {
            let scale = ModelMath.earthRadius / octave.kilometres
            // Each octave is offset in the lattice so octaves do not share corners.
            let offset = Double(index) * 17.31
            total +=
                octave.amplitude
                * LatticeNoise.value(
                    key: key &+ UInt64(index), point.x * scale + offset, point.y * scale, point.z * scale,
                    hours / octave.hours)
            power += octave.amplitude * octave.amplitude
        }
        return total / (power.squareRoot() * octaveDeviation)
    }

    /// The weather systems at `latitude`, `longitude` at Unix seconds `time` for `seed`.
    static func sample(
        seed: UInt64, latitude: Double, longitude: Double, time: Int64, continentality: Double, yearAngle: Double
    ) -> SynopticState {
        let hours = Double(time) / 3_600
        let shift = drift * hours / ModelMath.degree
        let here = UnitVector(latitude: latitude, longitude: longitude - shift)
        let band = abs(latitude)

        // Pressure and its gradient (finite differences over 50 km east and north).
        let step = 50.0
        // The neighbours along the local east and north tangents (off the sphere by 0.003 %, immaterial).
        let horizontal = (here.x * here.x + here.y * here.y).squareRoot()
        let angle = step / ModelMath.earthRadius
        let cosLambda = horizontal > 1e-9 ? here.x / horizontal : 1
        let sinLambda = horizontal > 1e-9 ? here.y / horizontal : 0
        let east = UnitVector(x: here.x - angle * sinLambda, y: here.y + angle * cosLambda, z: here.z)
        let north = UnitVector(
            x: here.x - angle * here.z * cosLambda, y: here.y - angle * here.z * sinLambda,
            z: here.z + angle * horizontal)
        let pressureScale = 1.5 + 9 * ModelMath.smoothstep(10, 50, band)
        let index = field(1, pressureOctaves, seed: seed, point: here, hours: hours)
        let anomaly = pressureScale * index
        let coarse = field(1, gradientOctaves, seed: seed, point: here, hours: hours)
        let gradientEast =
            pressureScale * (field(1, gradientOctaves, seed: seed, point: east, hours: hours) - coarse) / step
        let gradientNorth =
            pressureScale * (field(1, gradientOctaves, seed: seed, point: north, hours: hours) - coarse) / step
        let wind = surfaceWind(
            latitude: latitude, gradientEast: gradientEast * 0.1, gradientNorth: gradientNorth * 0.1,
            continentality: continentality)

        let moisture = field(2, moistureOctaves, seed: seed, point: here, hours: hours)
        let wetIndex = (0.65 * -index + 0.75 * moisture) / (0.65 * 0.65 + 0.75 * 0.75).squareRoot()
        let wetness = 0.5 * (1 + erf(wetIndex / (wetnessDeviation * 2.0.squareRoot())))

        let winter = cos(yearAngle - (latitude >= 0 ? 0.35 : 0.35 + Double.pi))
        let temperatureScale =
            (0.5 + 2.5 * ModelMath.smoothstep(10, 45, band)) * (1 + 0.2 * continentality) * (1 + 0.2 * winter)
        let temperatureIndex = field(3, temperatureOctaves, seed: seed, point: here, hours: hours)
        let temperature = temperatureScale * temperatureIndex
        // One small-scale field serves both showers (its sign) and gusts (its size).
        let convection = field(5, convectionOctaves, seed: seed, point: here, hours: hours)
        let turbulence = ModelMath.clamp(abs(convection) / 1.5, 0, 1)
        // Polluted air goes with warm, stagnant spells: the temperature field's pattern, scaled.
        let pollution = temperatureIndex
        return SynopticState(
            pressureAnomaly: anomaly, pressureIndex: index, windEast: wind.east, windNorth: wind.north,
            wetness: wetness, temperatureAnomaly: temperature, temperatureScale: temperatureScale,
            turbulence: turbulence, convection: convection,
            pollution: pollution)
    }

    /// The wind near the ground from a pressure gradient in Pa/m: geostrophic away from the equator
    /// (1/f smoothed through zero), turned 25° toward low pressure and slowed by friction (more over land),
    /// with a down-gradient flow near the equator, plus the mean westerlies and trade winds.
    private static func surfaceWind(
        latitude: Double, gradientEast: Double, gradientNorth: Double, continentality: Double
    ) -> (east: Double, north: Double) {
        let density = 1.2
        let rotation = 2 * 7.292e-5
        let s = sin(latitude * ModelMath.degree)
        let s0 = 0.1736
        let inverseCoriolis = s / (s * s + s0 * s0) / (rotation * density)
        let geostrophicEast = -gradientNorth * inverseCoriolis
        let geostrophicNorth = gradientEast * inverseCoriolis
        let turning = 0.4663  // tan 25°
        let equatorial = 0.3 / (rotation * density * s0) * exp(-(s * s) / (s0 * s0))
        let downGradient = abs(inverseCoriolis) * turning + equatorial
        let friction = 0.22 - 0.1 * continentality
        var east = friction * (geostrophicEast - gradientEast * downGradient)
        var north = friction * (geostrophicNorth - gradientNorth * downGradient)
        let band = abs(latitude)
        let westerlies = 2.0 * ModelMath.smoothstep(25, 40, band) * (1 - ModelMath.smoothstep(60, 72, band))
        let trades = 4.0 * (1 - ModelMath.smoothstep(20, 32, band)) * ModelMath.smoothstep(0, 8, band)
        let calming = 1 - 0.5 * continentality
        east += (westerlies - trades) * calming
        north += (latitude >= 0 ? -1.5 : 1.5) * trades / 4 * calming
        return (east, north)
    }
}
