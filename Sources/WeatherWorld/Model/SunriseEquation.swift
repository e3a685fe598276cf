#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sunrise and sunset in closed form: the sunrise equation's hour angle from the latitude and the sun's
/// declination at -0.833°, placed around the day's solar noon by the equation of time. Current weather
/// and the forecast need only these two times, and sampling the sun's elevation through the day
/// (``RiseAndSet/events(from:height:)``) costs some 50 solar positions where this needs three
/// (five near polar day and night).
///
/// It finds the same crossings as that sampling does, with the same ``SolarPosition``: each event's
/// declination and equation of time are taken at the event itself (re-evaluated from a guess made with
/// noon's), so the two agree to seconds, and within a minute near polar day and night. Both say nil when
/// the sun stays up or down all day.
enum SunriseEquation {
    /// The first sunrise and first sunset within `dayStart` ..< `dayStart + 86 400` (Unix seconds) at
    /// `latitude`, `longitude` (degrees).
    static func events(latitude: Double, longitude: Double, dayStart: Int64) -> (rise: Int64?, set: Int64?) {
        let phi = ModelMath.clamp(latitude, -90, 90) * ModelMath.degree
        let site = Site(sinLatitude: sin(phi), cosLatitude: cos(phi), longitude: longitude)
        let start = Double(dayStart)
        // The UTC day whose solar noon is nearest the window's middle, and one either side: a rise or set
        // is within 12 hours of its noon, and the window's edges within 12 hours of its middle, so a
        // local day's events belong to these three whatever the time zone's distance from solar time.
        let nearest = ((start + longitude * 240) / 86_400).rounded()
        // The sun at that noon serves all three days' guesses: the declination moves at most 0.4° a day.
        let noon = SolarPosition(time: nearest * 86_400 + 43_200 - longitude * 240)
        func first(sign: Double) -> Int64? {
            for offset in -1...1 {
                let day = nearest + Double(offset)
                // The guess is within minutes of the event (tens of minutes only where the day is nearly
                // 0 or 24 hours long): refine only an event that can fall in the window.
                let guess = site.event(day: day, sign: sign, sun: noon).time
                if guess < start - 7_200 { continue }
                if guess >= start + 86_400 + 7_200 { break }
                guard let time = site.refined(day: day, sign: sign, from: guess) else { continue }
                let rounded = time.rounded()
                if rounded >= start, rounded < start + 86_400 { return Int64(rounded) }
            }
            return nil
        }
        return (first(sign: -1), first(sign: 1))
    }

    /// A place's latitude as the equation uses it.
    private struct Site {
        var sinLatitude: Double
        var cosLatitude: Double
        var longitude: Double

        /// The sun's centre at -0.833° (refraction and half its disc), as ``RiseAndSet/sunAltitude``.
        static let sinAltitude = sin(RiseAndSet.sunAltitude * ModelMath.degree)

        /// The rise (`sign` -1) or set (+1) on UTC day `day` (days since 1970) for the sun `sun`, Unix
        /// seconds, and whether the sun does cross the altitude (with the hour angle clamped when not).
        func event(day: Double, sign: Double, sun: SolarPosition) -> (time: Double, crosses: Bool) {
            let cosine =
                (Site.sinAltitude - sinLatitude * sin(sun.declination))
                / max(cosLatitude * cos(sun.declination), 1e-12)
            let hourAngle = acos(ModelMath.clamp(cosine, -1, 1)) / ModelMath.degree
            // SolarPosition.elevation's hour angle is (true solar minutes / 4 - 180)°, true solar time
            // being UTC plus the equation of time plus 4 minutes per degree east.
            let minutes = 720 + sign * 4 * hourAngle - sun.equationOfTime - 4 * longitude
            return (day * 86_400 + minutes * 60, abs(cosine) <= 1)
        }

        /// The event with the declination and equation of time at the event itself, taken at `guess`. Where
        /// the guess is within minutes (all but the polar edges), one pass leaves about a second (the
        /// guess's error times the declination's rate, 0.017° an hour at most); where it was off by more
        /// than ten minutes, a second pass brings it within a minute of the sampled times. Nil when the sun
        /// does not reach the altitude then.
        func refined(day: Double, sign: Double, from guess: Double) -> Double? {
            var event = event(day: day, sign: sign, sun: SolarPosition(time: guess))
            if abs(event.time - guess) > 600 {
                event = self.event(day: day, sign: sign, sun: SolarPosition(time: event.time))
            }
            return event.crosses ? event.time : nil
        }
    }
}
