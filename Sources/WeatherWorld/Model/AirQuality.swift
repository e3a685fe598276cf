#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The air's composition from the place's regional background and the weather: particles highest over
/// the industrial and desert regions (the North China Plain, the Indo-Gangetic Plain, the Sahara's dust),
/// in East Asia most in winter and spring; NO2 with the rush hours, O3 with the afternoon sun; washed out
/// by rain, thinned by wind, trapped by still high pressure.
enum AirQuality {
    /// A regional source: centre, spread in degrees, annual PM2.5 it adds, and how coarse (dusty) it is.
    private struct Source: Sendable {
        var latitude: Double
        var longitude: Double
        var latitudeSpread: Double
        var longitudeSpread: Double
        var fineParticles: Double
        var dustiness: Double
    }

    private static let sources: [Source] = [
        Source(latitude: 36, longitude: 116, latitudeSpread: 8, longitudeSpread: 12, fineParticles: 16, dustiness: 0.3),
        Source(latitude: 27, longitude: 80, latitudeSpread: 7, longitudeSpread: 12, fineParticles: 50, dustiness: 0.3),
        Source(latitude: 24, longitude: 15, latitudeSpread: 10, longitudeSpread: 25, fineParticles: 15, dustiness: 1),
        Source(latitude: 41, longitude: 105, latitudeSpread: 6, longitudeSpread: 12, fineParticles: 10, dustiness: 1),
        Source(latitude: 15, longitude: 104, latitudeSpread: 8, longitudeSpread: 10, fineParticles: 12, dustiness: 0),
        Source(latitude: 50, longitude: 10, latitudeSpread: 8, longitudeSpread: 15, fineParticles: 6, dustiness: 0),
        Source(latitude: 40, longitude: -82, latitudeSpread: 7, longitudeSpread: 12, fineParticles: 4, dustiness: 0),
        Source(latitude: 35.5, longitude: 139, latitudeSpread: 2, longitudeSpread: 3, fineParticles: 5, dustiness: 0),
        Source(latitude: 37.5, longitude: 127, latitudeSpread: 1.5, longitudeSpread: 2, fineParticles: 3, dustiness: 0),
    ]

    /// The inputs the composition reads from the state.
    struct Weather: Sendable {
        var latitude: Double
        var longitude: Double
        var continentality: Double
        var yearAngle: Double
        var solarHour: Double
        var sunElevation: Double
        var temperature: Double
        var windSpeed: Double
        var precipitationRate: Double
        var pressureIndex: Double
        var pollution: Double
    }

    static func composition(_ weather: Weather) -> AirComposition {
        var regional = 0.0
        var dust = 0.0
        for source in sources {
            let a = (weather.latitude - source.latitude) / source.latitudeSpread
            var deltaLongitude = weather.longitude - source.longitude
            if deltaLongitude > 180 { deltaLongitude -= 360 }
            if deltaLongitude < -180 { deltaLongitude += 360 }
            let b = deltaLongitude / source.longitudeSpread
            let share = source.fineParticles * exp(-0.5 * (a * a + b * b))
            regional += share
            dust += share * source.dustiness
        }
        let dustiness = regional > 0 ? dust / regional : 0
        // Winter and spring in the northern hemisphere's pollution belt (peak in late February).
        let season =
            weather.latitude >= 0
            ? 1 + 0.35 * cos(weather.yearAngle - 0.95) : 1 + 0.2 * cos(weather.yearAngle - 0.95 - Double.pi)
        let background = 4 + 5 * weather.continentality
        let washout = exp(-weather.precipitationRate / 4)
        let ventilation = 1 / (1 + 0.12 * weather.windSpeed)
        let stagnation = 1 + 0.35 * max(weather.pressureIndex, 0) * max(0, 1 - weather.windSpeed / 4)
        let variation = exp(0.3 * weather.pollution)
        let nightTrap = 1 + 0.12 * cos((weather.solarHour - 22) * Double.pi / 12)
        let weatherFactor = washout * (0.4 + 0.8 * ventilation) * stagnation * variation * nightTrap
        let fine = max((background + regional * season) * weatherFactor, 1)
        let coarse = fine * (1.45 + 0.9 * dustiness) + 2

        let rush =
            1 + 0.6 * exp(-pow((weather.solarHour - 8) / 1.5, 2)) + 0.5 * exp(-pow((weather.solarHour - 19) / 2, 2))
        let sunlight = max(sin(weather.sunElevation * ModelMath.degree), 0)
        let nitrogenDioxide =
            (3 + 1.1 * (background + regional)) * rush * (1 - 0.3 * sunlight) * washout
            * (0.5 + ventilation) * variation
        let warmth = 0.5 + 0.5 * ModelMath.smoothstep(5, 30, weather.temperature)
        let ozone = max(35 + 70 * sunlight * warmth * season - 0.2 * nitrogenDioxide, 2)
        return AirComposition(
            carbonMonoxide: 180 + 9 * fine, nitrogenMonoxide: 0.15 * nitrogenDioxide * rush * (1 - 0.5 * sunlight),
            nitrogenDioxide: nitrogenDioxide, ozone: ozone, sulphurDioxide: 1 + 0.12 * fine * (0.5 + season / 2),
            fineParticles: fine, coarseParticles: coarse, ammonia: 0.5 + 0.08 * fine + 2 * weather.continentality)
    }
}
