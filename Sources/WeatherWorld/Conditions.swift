/// What falls from the sky, in the words every provider maps to its own codes.
package enum PrecipitationKind: String, Sendable, Hashable, CaseIterable {
    /// Nothing falls.
    case none
    /// Fine, light rain from low cloud.
    case drizzle
    case rain
    /// Rain and snow together, near freezing.
    case sleet
    case snow
    /// Rain with thunder and lightning.
    case thunderstorm
}

/// Dust, haze or fog that cuts visibility without anything falling, when the world has one.
package enum Obscuration: String, Sendable, Hashable, CaseIterable {
    case mist
    case fog
    case haze
    /// Windblown dust (a yellow-dust episode).
    case dust
}

/// One consistent state of the atmosphere at a place and instant (docs/ARCHITECTURE.md#the-world):
/// SI and meteorological units, before any provider's rounding or unit system.
///
/// Invariants every state keeps (pinned by tests over sampled place-times): the dew point is never
/// above the temperature; precipitation falls only under cloud of at least 60 %; snow falls only at
/// or below 2 °C and rain never below -2 °C; the gust is at least the wind speed; the UV index is 0
/// while the sun is down.
package struct Conditions: Sendable, Hashable {
    /// Air temperature two metres above the ground, °C.
    package var temperature: Double
    /// What the temperature feels like with wind chill or humidity, °C.
    package var feelsLike: Double
    /// °C, never above ``temperature``.
    package var dewPoint: Double
    /// Relative humidity, percent (0–100).
    package var humidity: Double
    /// Pressure reduced to sea level, hPa.
    package var seaLevelPressure: Double
    /// Pressure at the ground's height, hPa.
    package var groundPressure: Double
    /// Mean wind, metres per second.
    package var windSpeed: Double
    /// Where the wind blows from, degrees clockwise from north (0 ..< 360).
    package var windDirection: Double
    /// Strongest gust, metres per second, at least ``windSpeed``.
    package var windGust: Double
    /// Cloud cover, percent (0–100).
    package var cloudCover: Double
    /// How hard it falls now, millimetres of water per hour (0 when ``precipitationKind`` is `.none`).
    package var precipitationRate: Double
    /// What falls now.
    package var precipitationKind: PrecipitationKind
    /// The probability of measurable precipitation (≥ 0.1 mm) in the hour that starts now, 0–1.
    package var precipitationProbability: Double
    /// Horizontal visibility, metres (at most 10,000, as the APIs cap it).
    package var visibility: Double
    /// What cuts visibility without falling, if anything.
    package var obscuration: Obscuration?
    /// The UV index (0 at night), from the sun's elevation, the ozone and the clouds.
    package var uvIndex: Double
    /// The sun's elevation above the horizon, degrees (negative below it).
    package var sunElevation: Double

    /// Whether the sun is up (its centre above the horizon), as providers pick day or night icons.
    package var isDaytime: Bool { sunElevation > -0.833 }
}

/// The air's composition near the ground, µg/m³, as OpenWeatherMap's air-pollution API reports it.
package struct AirComposition: Sendable, Hashable {
    package var carbonMonoxide: Double
    package var nitrogenMonoxide: Double
    package var nitrogenDioxide: Double
    package var ozone: Double
    package var sulphurDioxide: Double
    /// Fine particles (PM2.5).
    package var fineParticles: Double
    /// Coarse particles (PM10), at least ``fineParticles``.
    package var coarseParticles: Double
    package var ammonia: Double
}

/// The sun's and the moon's events of one local day at a place, Unix seconds; nil when the body does
/// not rise (or set) that day (polar night, midnight sun, a moon that stays up).
package struct SkyEvents: Sendable, Hashable {
    package var sunrise: Int64?
    package var sunset: Int64?
    package var moonrise: Int64?
    package var moonset: Int64?
    /// The moon's phase as One Call gives it: 0 and 1 new moon, 0.25 first quarter, 0.5 full moon,
    /// 0.75 last quarter.
    package var moonPhase: Double
}
