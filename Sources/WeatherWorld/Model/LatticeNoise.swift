#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Smooth space-time noise from seeded integer hashing: value noise on a 4-D lattice (the three
/// coordinates of a point on the sphere, and time), interpolated with a quintic fade so the field and its
/// first two derivatives are continuous. Nothing here is random: a lattice corner's value is a pure
/// function of (seed, field, corner), so every machine computes the same field.
enum LatticeNoise {
    /// One scale of a field: the lattice spacing in kilometres and hours, and its weight.
    struct Octave: Sendable {
        var kilometres: Double
        var hours: Double
        var amplitude: Double
    }

    /// A 64-bit finalizer (the SplitMix64 mix): every input bit reaches every output bit.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One coordinate folded into a partial hash: a cheap multiply-rotate step; the full mix is applied
    /// once per corner, at the end.
    @inline(__always)
    private static func step(_ hash: UInt64, _ coordinate: Int64) -> UInt64 {
        let folded = (hash ^ UInt64(bitPattern: coordinate)) &* 0x9E37_79B9_7F4A_7C15
        return (folded << 27) | (folded >> 37)
    }

    /// -1 ..< 1 from the top 53 bits.
    @inline(__always)
    private static func unit(_ hash: UInt64) -> Double {
        Double(hash >> 11) * (2.0 / 9_007_199_254_740_992.0) - 1
    }

    @inline(__always)
    private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    /// The field's value at lattice coordinates (x, y, z, w), in -1 ... 1 (mostly within ±0.6).
    static func value(key: UInt64, _ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double {
        let fx = floor(x)
        let fy = floor(y)
        let fz = floor(z)
        let fw = floor(w)
        let ix = Int64(fx)
        let iy = Int64(fy)
        let iz = Int64(fz)
        let iw = Int64(fw)
        let tx = fade(x - fx)
        let ty = fade(y - fy)
        let tz = fade(z - fz)
        let tw = fade(w - fw)
        var total = 0.0
        for cx in 0..<2 {
            let hx = step(key, ix + Int64(cx))
            let wx = cx == 0 ? 1 - tx : tx
            for cy in 0..<2 {
                let hy = step(hx, iy + Int64(cy))
                let wxy = wx * (cy == 0 ? 1 - ty : ty)
                for cz in 0..<2 {
                    let hz = step(hy, iz + Int64(cz))
                    let wxyz = wxy * (cz == 0 ? 1 - tz : tz)
                    let h0 = mix(step(hz, iw))
                    let h1 = mix(step(hz, iw + 1))
                    total += wxyz * ((1 - tw) * unit(h0) + tw * unit(h1))
                }
            }
        }
        return total
    }

    /// The key of one field under one seed: fields never share lattice values.
    static func key(seed: UInt64, field: UInt64) -> UInt64 {
        mix(mix(seed ^ 0x5157_4541_5448_4552) ^ (field &* 0xD6E8_FEB8_6659_FD93))
    }
}
