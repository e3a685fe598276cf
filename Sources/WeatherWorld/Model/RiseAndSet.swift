/// Rise and set times found by sampling a body's elevation through a day and refining each crossing of
/// its rising altitude by bisection (to about a second): the moon's rule (its position changes too fast
/// through a day for a closed form as simple as the sun's), and it answers nil by itself when the moon
/// stays up or down. The sun has the closed form ``SunriseEquation``; sampling it is kept as its check.
enum RiseAndSet {
    /// The sun's centre is at -0.833° (refraction and half its disc) when its upper edge meets the horizon.
    static let sunAltitude = -0.833

    /// The first rise and first set within `dayStart` ..< `dayStart + 86 400` of a body whose elevation above
    /// its rising altitude is `height`.
    static func events(from dayStart: Int64, height: (Double) -> Double) -> (rise: Int64?, set: Int64?) {
        let step = 3_600.0
        var rise: Int64?
        var set: Int64?
        var previousTime = Double(dayStart)
        var previous = height(previousTime)
        for index in 1...24 {
            let time = Double(dayStart) + Double(index) * step
            let value = height(time)
            if (previous < 0) != (value < 0) {
                var low = previousTime
                var high = time
                let rising = previous < 0
                for _ in 0..<12 {
                    let middle = (low + high) / 2
                    if (height(middle) < 0) == rising { low = middle } else { high = middle }
                }
                let crossing = Int64(((low + high) / 2).rounded())
                if rising, rise == nil { rise = crossing }
                if !rising, set == nil { set = crossing }
            }
            previousTime = time
            previous = value
        }
        return (rise, set)
    }

    /// The sun's rise and set by sampling its elevation: slow (some 35 solar positions a day), kept as the
    /// reference ``SunriseEquation`` is tested against.
    static func sampledSun(latitude: Double, longitude: Double, dayStart: Int64) -> (rise: Int64?, set: Int64?) {
        events(from: dayStart) { time in
            SolarPosition(time: time).elevation(latitude: latitude, longitude: longitude, time: time) - sunAltitude
        }
    }

    /// The sky of the local day starting at `dayStart` (Unix seconds of local midnight): the sun in closed
    /// form (``SunriseEquation``, the same times as sampling to seconds), the moon by sampling.
    static func sky(latitude: Double, longitude: Double, dayStart: Int64) -> SkyEvents {
        let sun = SunriseEquation.events(latitude: latitude, longitude: longitude, dayStart: dayStart)
        let moon = events(from: dayStart) { time in
            let position = LunarPosition(time: time)
            // Meeus' standard altitude for the moon: parallax, semidiameter and refraction together.
            let standard = 0.7275 * position.parallax - 0.5667
            return position.elevation(latitude: latitude, longitude: longitude, time: time) - standard
        }
        return SkyEvents(
            sunrise: sun.rise, sunset: sun.set, moonrise: moon.rise, moonset: moon.set,
            moonPhase: LunarPosition.phase(time: Double(dayStart) + 43_200))
    }
}
