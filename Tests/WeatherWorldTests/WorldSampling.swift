import Basics
import WeatherWorld

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deterministic place-times for the world's tests: a fixed linear congruential sequence, so every run
/// samples the same points.
struct WorldSampler {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    /// 0 ..< 1.
    mutating func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / 9_007_199_254_740_992
    }

    /// A place uniform over the sphere, at sea level or up to 3,000 m.
    mutating func place() -> WorldPlace {
        let latitude = asin(unit() * 2 - 1) * 180 / Double.pi
        let longitude = unit() * 360 - 180
        let elevation = unit() < 0.5 ? nil : unit() * 3_000
        return WorldPlace(latitude: latitude, longitude: longitude, elevation: elevation)
    }

    /// An instant between 2000 and 2040.
    mutating func time() -> Int64 { 946_684_800 + Int64(unit() * 1_262_304_000) }

    /// A place within `kilometres` of a centre.
    mutating func place(near latitude: Double, _ longitude: Double, within kilometres: Double) -> WorldPlace {
        let distance = unit().squareRoot() * kilometres
        let bearing = unit() * 2 * Double.pi
        let north = distance * cos(bearing) / 111.2
        let east = distance * sin(bearing) / (111.2 * cos(latitude * Double.pi / 180))
        return WorldPlace(latitude: latitude + north, longitude: longitude + east)
    }
}

/// Unix seconds of a UTC civil date and time.
func unixTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
    Int64(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Int64(hour) * 3_600
        + Int64(minute) * 60
}

/// The invariants every state keeps (Conditions' doc), as a list of what was broken.
func brokenInvariants(_ c: Conditions, _ air: AirComposition) -> [String] {
    var broken: [String] = []
    let numbers = [
        c.temperature, c.feelsLike, c.dewPoint, c.humidity, c.seaLevelPressure, c.groundPressure, c.windSpeed,
        c.windDirection, c.windGust, c.cloudCover, c.precipitationRate, c.precipitationProbability, c.visibility,
        c.uvIndex, c.sunElevation, air.carbonMonoxide, air.nitrogenMonoxide, air.nitrogenDioxide, air.ozone,
        air.sulphurDioxide, air.fineParticles, air.coarseParticles, air.ammonia,
    ]
    if !numbers.allSatisfy(\.isFinite) { broken.append("a value is not finite") }
    if c.dewPoint > c.temperature { broken.append("dew point \(c.dewPoint) above temperature \(c.temperature)") }
    if !(0...100).contains(c.humidity) { broken.append("humidity \(c.humidity)") }
    if !(0...100).contains(c.cloudCover) { broken.append("cloud \(c.cloudCover)") }
    if c.precipitationRate > 0, c.cloudCover < 60 { broken.append("rain under cloud \(c.cloudCover)") }
    if (c.precipitationRate > 0) != (c.precipitationKind != .none) { broken.append("rate and kind disagree") }
    if c.precipitationKind == .snow, c.temperature > 2 { broken.append("snow at \(c.temperature)") }
    if [.rain, .drizzle, .thunderstorm].contains(c.precipitationKind), c.temperature < -2 {
        broken.append("rain at \(c.temperature)")
    }
    if c.windGust < c.windSpeed { broken.append("gust \(c.windGust) below wind \(c.windSpeed)") }
    if !(0..<360).contains(c.windDirection) { broken.append("direction \(c.windDirection)") }
    if c.sunElevation <= 0, c.uvIndex != 0 { broken.append("UV \(c.uvIndex) at night") }
    if c.uvIndex < 0 { broken.append("UV below 0") }
    if !(0...10_000).contains(c.visibility) { broken.append("visibility \(c.visibility)") }
    if !(0...1).contains(c.precipitationProbability) { broken.append("probability \(c.precipitationProbability)") }
    if air.coarseParticles < air.fineParticles { broken.append("PM10 below PM2.5") }
    if [air.carbonMonoxide, air.nitrogenMonoxide, air.nitrogenDioxide, air.ozone, air.sulphurDioxide, air.ammonia]
        .contains(where: { $0 < 0 })
    {
        broken.append("a negative concentration")
    }
    return broken
}
