#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast, seedable generator with the same output on
/// every platform, unlike `SystemRandomNumberGenerator`. Good enough for simulation noise; not for secrets.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed always yields the same sequence.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return splitMixFinalizer(state)
    }
}

/// SplitMix64's output function: a bijective mix of 64 bits in which every input bit affects every output bit.
func splitMixFinalizer(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// Horizontal position noise whose size matches the accuracy reported with the fix.
///
/// The error is a two-dimensional isotropic Gaussian. Its distance from the true position then follows a
/// Rayleigh distribution, and the per-axis standard deviation σ is chosen so that the reported accuracy is
/// the radius holding 68% of fixes, which is how CoreLocation defines `horizontalAccuracy`:
/// P(r ≤ a) = 1 − exp(−a²/2σ²) = 0.68, so σ = a / √(−2 ln 0.32) ≈ a / 1.5096. About 99% of fixes fall
/// within twice the accuracy and one in a million beyond 3.5 times it.
///
/// Noise is a pure function of the seed and the trace time (rounded to the millisecond): the same trace
/// played at a 0.1 s or a 5 s interval reports the same noisy position at the times both share, and
/// playing again with the same seed reproduces the output exactly.
public enum PositionNoise {
    /// The fraction of fixes that lie within the reported accuracy.
    public static let confidence = 0.68
    /// σ per metre of reported accuracy: 1 / √(−2 ln(1 − 0.68)).
    public static let sigmaPerAccuracyMeter = 1 / (-2 * log(1 - confidence)).squareRoot()

    /// The noise at `time` for this `seed`, in metres east and north, for a fix reporting `accuracy` metres.
    /// Zero for an accuracy of 0 or less.
    public static func offset(seed: UInt64, time: Double, accuracy: Double) -> (east: Double, north: Double) {
        guard accuracy > 0 else { return (0, 0) }
        let millisecond = UInt64(bitPattern: Int64((time * 1_000).rounded()))
        let key = splitMixFinalizer(seed ^ splitMixFinalizer(millisecond &+ 0x632B_E59B_D9B4_E019))
        // Box–Muller: u1 in (0, 1] keeps the logarithm finite.
        let u1 = (Double(splitMixFinalizer(key &+ 0x9E37_79B9_7F4A_7C15) >> 11) + 1) * 0x1p-53
        let u2 = Double(splitMixFinalizer(key &+ 0x3C6E_F372_FE94_F82A) >> 11) * 0x1p-53
        let radius = (-2 * log(u1)).squareRoot() * accuracy * sigmaPerAccuracyMeter
        let angle = 2 * Double.pi * u2
        return (radius * cos(angle), radius * sin(angle))
    }

    /// `point` moved `east` and `north` metres (small offsets; exact enough below a few kilometres).
    public static func displace(_ point: GeoPoint, east: Double, north: Double) -> GeoPoint {
        let latitude = point.latitude + (north / Geodesy.meanEarthRadius).degrees
        let cosLatitude = max(1e-9, cos(point.latitude.radians))
        let longitude = point.longitude + (east / (Geodesy.meanEarthRadius * cosLatitude)).degrees
        return GeoPoint(latitude: max(-90, min(90, latitude)), longitude: normalizedLongitude(longitude))
    }
}
