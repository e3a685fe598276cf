/// Rise and set times found by sampling a body's elevation through a day and refining each crossing of
/// its rising altitude by bisection (to about a second): one rule for the sun and the moon, and it
/// answers nil by itself when a body stays up or down (polar day and night, a moon that does not rise).
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

    /// The sky of the local day starting at `dayStart` (Unix seconds of local midnight).
    static func sky(latitude: Double, longitude: Double, dayStart: Int64) -> SkyEvents {
        let sun = events(from: dayStart) { time in
            SolarPosition(time: time).elevation(latitude: latitude, longitude: longitude, time: time) - sunAltitude
        }
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
