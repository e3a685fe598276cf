#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the sun is: NOAA's low-precision solar equations (Meeus' series for the sun's true longitude,
/// the obliquity with the nutation term, the equation of time), good to about 0.01° in declination and a
/// few seconds in the equation of time over this century.
struct SolarPosition: Sendable {
    /// Declination, radians.
    var declination: Double
    /// Apparent solar time minus mean solar time, minutes.
    var equationOfTime: Double
    /// The sun's apparent ecliptic longitude, degrees (for the moon's phase).
    var longitude: Double

    /// Julian centuries since J2000.0 of Unix seconds `time`.
    static func centuries(_ time: Double) -> Double {
        (time / 86_400 + 2_440_587.5 - 2_451_545) / 36_525
    }

    init(time: Double) {
        let d = ModelMath.degree
        let t = SolarPosition.centuries(time)
        let meanLongitude = ModelMath.normalizedDegrees(280.46646 + t * (36_000.76983 + 0.0003032 * t))
        let anomaly = (357.52911 + t * (35_999.05029 - 0.0001537 * t)) * d
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let center =
            sin(anomaly) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * anomaly) * (0.019993 - 0.000101 * t)
            + sin(3 * anomaly) * 0.000289
        let node = (125.04 - 1_934.136 * t) * d
        let apparent = meanLongitude + center - 0.00569 - 0.00478 * sin(node)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = (meanObliquity + 0.00256 * cos(node)) * d
        declination = asin(sin(obliquity) * sin(apparent * d))
        let y = tan(obliquity / 2) * tan(obliquity / 2)
        let l0 = meanLongitude * d
        let equation =
            y * sin(2 * l0) - 2 * eccentricity * sin(anomaly) + 4 * eccentricity * y * sin(anomaly) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * anomaly)
        equationOfTime = 4 * equation / d
        longitude = ModelMath.normalizedDegrees(apparent)
    }

    /// The sun's geometric elevation above the horizon at `latitude`, `longitude` (degrees) at Unix seconds
    /// `time`, degrees.
    func elevation(latitude: Double, longitude: Double, time: Double) -> Double {
        let d = ModelMath.degree
        let dayMinutes = time / 60 - (time / 86_400).rounded(.down) * 1_440
        let trueSolarMinutes = dayMinutes + equationOfTime + 4 * longitude
        let hourAngle = (trueSolarMinutes / 4 - 180) * d
        let phi = latitude * d
        let sine = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)
        return asin(ModelMath.clamp(sine, -1, 1)) / d
    }

    /// The sun's elevation at a place and instant, degrees.
    static func elevation(latitude: Double, longitude: Double, time: Int64) -> Double {
        SolarPosition(time: Double(time)).elevation(latitude: latitude, longitude: longitude, time: Double(time))
    }
}

/// Where the moon is: the Astronomical Almanac's low-precision series (the six largest terms in longitude,
/// four in latitude and parallax: about 0.3° in position), converted to the equator.
struct LunarPosition: Sendable {
    /// Ecliptic longitude, degrees.
    var longitude: Double
    var rightAscension: Double
    var declination: Double
    /// Horizontal parallax, degrees.
    var parallax: Double

    init(time: Double) {
        let d = ModelMath.degree
        let t = SolarPosition.centuries(time)
        func sine(_ a: Double, _ b: Double) -> Double { sin((a + b * t) * d) }
        func cosine(_ a: Double, _ b: Double) -> Double { cos((a + b * t) * d) }
        let lambda =
            218.32 + 481_267.881 * t + 6.29 * sine(135.0, 477_198.87) - 1.27 * sine(259.3, -413_335.36)
            + 0.66 * sine(235.7, 890_534.22) + 0.21 * sine(269.9, 954_397.74) - 0.19 * sine(357.5, 35_999.05)
            - 0.11 * sine(186.5, 966_404.03)
        let beta =
            5.13 * sine(93.3, 483_202.02) + 0.28 * sine(228.2, 960_400.89) - 0.28 * sine(318.3, 6_003.15)
            - 0.17 * sine(217.6, -407_332.21)
        parallax =
            0.9508 + 0.0518 * cosine(135.0, 477_198.87) + 0.0095 * cosine(259.3, -413_335.36)
            + 0.0078 * cosine(235.7, 890_534.22) + 0.0028 * cosine(269.9, 954_397.74)
        longitude = ModelMath.normalizedDegrees(lambda)
        let obliquity = (23.439291 - 0.0130042 * t) * d
        let l = lambda * d
        let b = beta * d
        declination = asin(sin(b) * cos(obliquity) + cos(b) * sin(obliquity) * sin(l))
        rightAscension = atan2(sin(l) * cos(obliquity) - tan(b) * sin(obliquity), cos(l))
    }

    /// The moon's geocentric elevation, degrees.
    func elevation(latitude: Double, longitude: Double, time: Double) -> Double {
        let d = ModelMath.degree
        let days = time / 86_400 + 2_440_587.5 - 2_451_545
        let siderealDegrees = 280.46061837 + 360.98564736629 * days
        let hourAngle = (siderealDegrees + longitude) * d - rightAscension
        let phi = latitude * d
        let sine = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)
        return asin(ModelMath.clamp(sine, -1, 1)) / d
    }

    /// One Call's phase: 0 new moon, 0.25 first quarter, 0.5 full, 0.75 last quarter (the elongation
    /// from the sun as a fraction of a turn).
    static func phase(time: Double) -> Double {
        let elongation = LunarPosition(time: time).longitude - SolarPosition(time: time).longitude
        return ModelMath.normalizedDegrees(elongation) / 360
    }
}
