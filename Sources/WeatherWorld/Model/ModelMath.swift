import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small numeric helpers the model shares: every blend in the world is one of these, so edges are soft
/// in the same way everywhere.
enum ModelMath {
    static let degree = Double.pi / 180
    /// The Earth's mean radius, kilometres.
    static let earthRadius = 6_371.0

    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }

    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// 0 at or below `edge0`, 1 at or above `edge1`, a cubic step between (no kink at either end).
    static func smoothstep(_ edge0: Double, _ edge1: Double, _ value: Double) -> Double {
        let t = clamp((value - edge0) / (edge1 - edge0), 0, 1)
        return t * t * (3 - 2 * t)
    }

    /// Piecewise-linear interpolation in a table sampled every `step` from 0 (the last value holds beyond).
    static func table(_ values: [Double], step: Double, at x: Double) -> Double {
        let position = clamp(x / step, 0, Double(values.count - 1))
        let index = min(Int(position), values.count - 2)
        return lerp(values[index], values[index + 1], position - Double(index))
    }

    /// The angle in degrees brought into 0 ..< 360.
    static func normalizedDegrees(_ angle: Double) -> Double {
        let wrapped = fmod(angle, 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}

/// A point on the unit sphere, for distances without trigonometry per pair.
struct UnitVector: Sendable {
    var x: Double
    var y: Double
    var z: Double

    /// The straight-line (chord) distance to `other`, kilometres: within 0.5 % of the great-circle
    /// distance up to 1,500 km, which is all the model's weights need.
    func chordKilometres(to other: UnitVector) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        let dz = z - other.z
        return (dx * dx + dy * dy + dz * dz).squareRoot() * ModelMath.earthRadius
    }
}

// In an extension, so the struct keeps its memberwise `init(x:y:z:)`.
extension UnitVector {
    /// The point at `latitude` and `longitude` (degrees).
    init(latitude: Double, longitude: Double) {
        (x, y, z) = UnitSphere.vector(latitude: latitude * ModelMath.degree, longitude: longitude * ModelMath.degree)
    }
}

/// A local east/north offset in kilometres from a reference point (an equirectangular tangent plane,
/// good to a few per cent within a thousand kilometres away from the poles).
struct LocalOffset: Sendable {
    var east: Double
    var north: Double

    init(from origin: (latitude: Double, longitude: Double), to place: WorldPlace) {
        var deltaLongitude = place.longitude - origin.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 }
        if deltaLongitude < -180 { deltaLongitude += 360 }
        let meanLatitude = (place.latitude + origin.latitude) / 2 * ModelMath.degree
        east = deltaLongitude * ModelMath.degree * ModelMath.earthRadius * cos(meanLatitude)
        north = (place.latitude - origin.latitude) * ModelMath.degree * ModelMath.earthRadius
    }

    var distance: Double { (east * east + north * north).squareRoot() }
}
