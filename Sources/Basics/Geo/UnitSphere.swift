#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Points of the Earth as unit vectors from its centre: the form the location simulator's great
/// circles and the world's distances and noise fields both work in, computed here once for both.
package enum UnitSphere {
    /// The unit vector of latitude `phi` and longitude `lambda`, both in radians: x towards 0°N 0°E,
    /// y towards 0°N 90°E, z towards the North Pole. Each caller turns its degrees into radians its
    /// own way, so its figures stay as they were to the last bit.
    package static func vector(latitude phi: Double, longitude lambda: Double) -> (x: Double, y: Double, z: Double) {
        (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
}
