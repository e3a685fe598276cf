import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Great-circle geometry on a spherical Earth.
///
/// The sphere has the mean Earth radius R₁ = 6,371,008.8 m (IUGG). Against the WGS84 ellipsoid the
/// spherical distance is within about 0.3% (worst near the poles and along meridians); for Korea-sized
/// routes that is a few hundred metres over 240 km, well below what a location simulator needs, and it keeps
/// interpolation, bearing and distance consistent with each other (a point interpolated at fraction f lies
/// exactly f of the distance along the path). Inputs are not range-checked: callers validate coordinates.
public enum Geodesy {
    /// The mean Earth radius R₁ in metres (IUGG), the sphere every function here works on.
    public static let meanEarthRadius = 6_371_008.8
}

extension GeoPoint {
    /// The great-circle distance to `other` in metres (haversine, stable for both tiny and long distances).
    public func distance(to other: GeoPoint) -> Double {
        let phi1 = latitude.radians
        let phi2 = other.latitude.radians
        let deltaPhi = phi2 - phi1
        let deltaLambda = (other.longitude - longitude).radians
        let h =
            sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * Geodesy.meanEarthRadius * asin(min(1, h.squareRoot()))
    }

    /// The initial bearing of the great circle from here to `other`, in degrees clockwise from true north,
    /// 0..<360. The bearing to the same point is 0.
    public func initialBearing(to other: GeoPoint) -> Double {
        let phi1 = latitude.radians
        let phi2 = other.latitude.radians
        let deltaLambda = (other.longitude - longitude).radians
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        return normalizedDegrees(atan2(y, x).degrees)
    }

    /// The point `fraction` of the way along the great circle from here to `other` (0 is here, 1 is `other`;
    /// values outside 0...1 extrapolate along the same circle).
    ///
    /// Antipodal points have no unique great circle; for them the result is one of the possible paths.
    public func intermediatePoint(to other: GeoPoint, fraction: Double) -> GeoPoint {
        let arc = GreatCircleArc(from: self, to: other)
        return arc.sample(atAngle: fraction * arc.angle).point
    }

    /// The point reached by travelling `distance` metres from here along the great circle that starts with
    /// `bearing` degrees (clockwise from true north). A negative distance travels backwards.
    public func destination(bearing: Double, distance: Double) -> GeoPoint {
        let delta = distance / Geodesy.meanEarthRadius
        let theta = bearing.radians
        let phi1 = latitude.radians
        let lambda1 = longitude.radians
        let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
        let phi2 = asin(max(-1, min(1, sinPhi2)))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
        return GeoPoint(latitude: phi2.degrees, longitude: normalizedLongitude(lambda2.degrees))
    }
}

/// A point as a unit vector from the Earth's centre, the form interpolation works in.
struct UnitVector: Sendable, Hashable {
    var x: Double
    var y: Double
    var z: Double

    func dot(_ other: UnitVector) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    var point: GeoPoint {
        GeoPoint(latitude: atan2(z, (x * x + y * y).squareRoot()).degrees, longitude: atan2(y, x).degrees)
    }

    static func * (vector: UnitVector, scale: Double) -> UnitVector {
        UnitVector(x: vector.x * scale, y: vector.y * scale, z: vector.z * scale)
    }

    static func + (lhs: UnitVector, rhs: UnitVector) -> UnitVector {
        UnitVector(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    static func - (lhs: UnitVector, rhs: UnitVector) -> UnitVector {
        UnitVector(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }
}

// In an extension, so the struct keeps its memberwise `init(x:y:z:)`.
extension UnitVector {
    /// `point` as a unit vector.
    init(_ point: GeoPoint) {
        (x, y, z) = UnitSphere.vector(latitude: point.latitude.radians, longitude: point.longitude.radians)
    }
}

/// The great-circle arc between two points, precomputed so that sampling it costs two sines, two cosines
/// and three arctangents: the point at angle θ is `start·cos θ + tangent·sin θ`, where `tangent` is the
/// unit vector at `start` pointing along the arc.
struct GreatCircleArc: Sendable {
    /// The central angle between the ends, in radians (0...π).
    let angle: Double
    let start: UnitVector
    let tangent: UnitVector

    init(from: GeoPoint, to: GeoPoint) {
        let a = UnitVector(from)
        let b = UnitVector(to)
        // atan2 of the cross and dot products keeps the angle accurate for both tiny and near-π arcs,
        // where acos of the dot product loses precision.
        let cross = UnitVector(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
        let sinAngle = cross.dot(cross).squareRoot()
        angle = atan2(sinAngle, a.dot(b))
        start = a
        if sinAngle > 1e-15 {
            tangent = (b - a * cos(angle)) * (1 / sinAngle)
        } else {
            // Coincident (or antipodal) ends: any direction works for a zero-length arc; pick east, or north
            // at a pole, so that the course is still defined.
            let east = UnitVector(x: -a.y, y: a.x, z: 0)
            let length = east.dot(east).squareRoot()
            tangent = length > 1e-12 ? east * (1 / length) : UnitVector(x: 1, y: 0, z: 0)
        }
    }

    /// The point at central angle `theta` from the start (also as a unit vector), and the course (degrees
    /// from true north, 0..<360) of travel along the arc there.
    func sample(atAngle theta: Double) -> (point: GeoPoint, course: Double, vector: UnitVector) {
        let cosTheta = cos(theta)
        let sinTheta = sin(theta)
        let p = start * cosTheta + tangent * sinTheta
        let velocity = tangent * cosTheta - start * sinTheta
        let horizontal = (p.x * p.x + p.y * p.y).squareRoot()
        let latitude = atan2(p.z, horizontal)
        let longitude = atan2(p.y, p.x)
        // Local east and north unit vectors at p, without evaluating trigonometric functions again:
        // east = (-sin λ, cos λ, 0), north = (-sin φ cos λ, -sin φ sin λ, cos φ).
        let course: Double
        if horizontal > 1e-12 {
            let cosLambda = p.x / horizontal
            let sinLambda = p.y / horizontal
            let east = -sinLambda * velocity.x + cosLambda * velocity.y
            let north = -p.z * (cosLambda * velocity.x + sinLambda * velocity.y) + horizontal * velocity.z
            course = normalizedDegrees(atan2(east, north).degrees)
        } else {
            course = p.z > 0 ? 180 : 0
        }
        return (GeoPoint(latitude: latitude.degrees, longitude: longitude.degrees), course, p)
    }
}

extension Double {
    var radians: Double { self * .pi / 180 }
    var degrees: Double { self * 180 / .pi }
}

/// An angle in degrees folded into 0..<360.
func normalizedDegrees(_ degrees: Double) -> Double {
    let folded = degrees.truncatingRemainder(dividingBy: 360)
    let positive = folded < 0 ? folded + 360 : folded
    return positive >= 360 ? 0 : positive
}

/// A longitude in degrees folded into -180..<180.
func normalizedLongitude(_ degrees: Double) -> Double {
    if degrees >= -180, degrees < 180 { return degrees }
    return normalizedDegrees(degrees + 180) - 180
}
