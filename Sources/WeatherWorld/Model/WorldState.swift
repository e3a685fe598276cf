#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One place and instant worked out: the climatology, the weather systems and the scenario combined into
/// ``Conditions`` and ``AirComposition``. The order is the physics': cloud and rain from the wetness,
/// temperature from the normals, the passing anomaly and the daily cycle (damped by cloud), then dew point,
/// precipitation kind, pressure, wind, visibility and UV from those.
struct WorldState: Sendable {
    var conditions: Conditions
    var air: AirComposition

    init(world: World, place: WorldPlace, time: Int64) {
        let latitude = ModelMath.clamp(place.latitude, -90, 90)
        let longitude = place.longitude
        let elevation = place.elevation ?? 0
        let season = SeasonClock(time: time, longitude: longitude)
        let normals = Climatology.normals(
            latitude: latitude, longitude: longitude, elevation: elevation, season: season)
        let weather = WeatherSystems.sample(
            seed: world.seed, latitude: latitude, longitude: longitude, time: time,
            continentality: normals.continentality, yearAngle: season.yearAngle)
        let overlay =
            world.scenario.events.isEmpty
            ? ScenarioOverlay()
            : ScenarioOverlay(scenario: world.scenario, clockStart: world.clockStart, place: place, time: time)
        let sun = SolarPosition(time: Double(time))
        let sunElevation = sun.elevation(latitude: latitude, longitude: longitude, time: Double(time))

        // Cloud and precipitation from the wetness quantile.
        let sky = SkyClimate(normals: normals)
        let wetness = weather.wetness * overlay.wetnessScale
        let cloud = max(sky.cloud(wetness: wetness), overlay.cloudFloor)
        var rate = max(sky.rate(wetness: wetness), overlay.rateFloor)

        // Temperature: the normal, the passing anomaly, and the daily cycle damped by cloud.
        let mean = normals.meanTemperature + weather.temperatureAnomaly + overlay.temperatureShift
        let damping = (1 - 0.5 * cloud / 100) / sky.meanDamping
        // The passing anomaly changes within a day too, which widens the daily range by about a third of
        // its spread (measured); the cycle's own range is narrowed by as much.
        let cycleRange = max(normals.diurnalRange - 0.35 * weather.temperatureScale, 0.5 * normals.diurnalRange)
        let amplitude = cycleRange / 2 * damping * overlay.diurnalScale
        var temperature =
            mean + amplitude
            * WorldState.dailyShape(
                solarHour: season.solarHour,
                sunrise: sky.sunriseHour(
                    latitude: latitude, declination: sun.declination))
        temperature -= overlay.freezing * max(0, temperature + 0.5)

        // Dew point: the normal humidity at the day's mean temperature, moister when wet, near saturation
        // in rain; never above the temperature.
        // The air mass brings its moisture with it (the dew point follows the passing anomaly). The normal
        // humidity is a day's average with the dew point held while the temperature swings by ±A; that
        // average is the humidity at the mean temperature times I₀(aA) (a = d ln eₛ/dT), so the mean
        // temperature's humidity is the normal divided by it.
        let swing = normals.diurnalRange / 2
        let slope = 17.625 * 243.04 / ((mean + 243.04) * (mean + 243.04))
        let x = slope * swing
        let bessel = 1 + x * x / 4 + x * x * x * x / 64
        let normalDewPoint = Atmospherics.dewPoint(temperature: mean, humidity: normals.humidity / bessel)
        var dewPoint = normalDewPoint + 3 * (weather.wetness - 0.5) + overlay.dewPointShift
        if rate > 0 {
            // Rain moistens the air as it sets in (weighted by its rate, so there is no step).
            let saturated = temperature - 1.5 + min(rate, 3) / 3
            dewPoint = max(dewPoint, ModelMath.lerp(dewPoint, saturated, ModelMath.smoothstep(0, 0.5, rate)))
        }
        let rawSpread = temperature - dewPoint
        let spread = rawSpread > 4 ? rawSpread : log1p(exp(3 * rawSpread)) / 3
        dewPoint = temperature - max(spread, 0)
        let humidity = Atmospherics.humidity(temperature: temperature, dewPoint: dewPoint)

        // Wind: the weather systems' and the scenario's.
        let windEast: Double = weather.windEast * overlay.windScale + overlay.windEast
        let windNorth: Double = weather.windNorth * overlay.windScale + overlay.windNorth
        let windSpeed: Double = max((windEast * windEast + windNorth * windNorth).squareRoot(), 0.2)
        let windDirection = ModelMath.normalizedDegrees(atan2(-windEast, -windNorth) / ModelMath.degree)
        let showers: Double = max(weather.convection, 0) * min(rate, 10) / 10
        // The model's only land and sea is the continentality (a 10° mask): the open ocean is sea, a
        // continent's interior land, coasts between.
        let gust = Atmospherics.gust(
            windSpeed: windSpeed, land: ModelMath.smoothstep(0.1, 0.9, normals.continentality),
            turbulence: weather.turbulence, showers: showers, stormBoost: overlay.gustBoost,
            sunElevation: sunElevation)

        // What falls.
        let monthWarm = normals.meanTemperature >= 15
        var kind: PrecipitationKind = .none
        if rate < 0.01 {
            rate = 0
        } else if temperature <= 1 {
            kind = .snow
        } else if temperature <= 2.5 {
            kind = .sleet
        } else if rate >= 4, temperature >= 15, monthWarm, weather.convection > 0.3 {
            kind = .thunderstorm
        } else if rate < 0.5, weather.convection < 0 {
            kind = .drizzle
        } else {
            kind = .rain
        }

        // Pressure.
        let seaLevel =
            WorldState.normalPressure(latitude: latitude, continentality: normals.continentality, season: season)
            + weather.pressureAnomaly + overlay.pressureShift
        let ground = Atmospherics.groundPressure(
            seaLevel: seaLevel, elevation: elevation, temperature: temperature, lapseRate: normals.lapseRate)

        // The air, then what cuts visibility.
        var air = AirQuality.composition(
            AirQuality.Weather(
                latitude: latitude, longitude: longitude, continentality: normals.continentality,
                yearAngle: season.yearAngle, solarHour: season.solarHour, sunElevation: sunElevation,
                temperature: temperature, windSpeed: windSpeed, precipitationRate: rate,
                pressureIndex: weather.pressureIndex, pollution: weather.pollution))
        if overlay.dust > 0 {
            air.coarseParticles = ModelMath.lerp(
                air.coarseParticles, max(air.coarseParticles, overlay.coarseParticles), overlay.dust)
            air.fineParticles = ModelMath.lerp(
                air.fineParticles, max(air.fineParticles, overlay.fineParticles), overlay.dust)
            air.coarseParticles = max(air.coarseParticles, air.fineParticles)
        }
        let visibility = WorldState.visibility(
            temperature: temperature, dewPoint: dewPoint, windSpeed: windSpeed, rate: rate, kind: kind, air: air)

        let probability = sky.probability(wetness: wetness, raining: rate > 0)
        conditions = Conditions(
            temperature: temperature,
            feelsLike: Atmospherics.feelsLike(temperature: temperature, humidity: humidity, windSpeed: windSpeed),
            dewPoint: dewPoint, humidity: humidity, seaLevelPressure: seaLevel, groundPressure: ground,
            windSpeed: windSpeed, windDirection: windDirection, windGust: gust, cloudCover: cloud,
            precipitationRate: rate, precipitationKind: kind, precipitationProbability: probability,
            visibility: visibility.metres, obscuration: visibility.obscuration,
            uvIndex: Atmospherics.uvIndex(sunElevation: sunElevation, cloudCover: cloud, elevation: elevation),
            sunElevation: sunElevation)
        self.air = air
    }

    /// The daily cycle, -1 at sunrise to 1 at 14:30 solar time: a half cosine up, a longer half cosine
    /// down through the night. Each half averages to zero, so the cycle leaves the daily mean alone.
    static func dailyShape(solarHour: Double, sunrise: Double) -> Double {
        let peak = 14.5
        if solarHour >= sunrise, solarHour <= peak {
            return -cos(Double.pi * (solarHour - sunrise) / (peak - sunrise))
        }
        let sincePeak = solarHour > peak ? solarHour - peak : solarHour + 24 - peak
        return cos(Double.pi * sincePeak / (sunrise + 24 - peak))
    }

    /// Normal sea-level pressure: the subtropical highs, the subpolar lows, the equatorial trough, and a
    /// continental winter high (summer low), hPa.
    static func normalPressure(latitude: Double, continentality: Double, season: SeasonClock) -> Double {
        let band = abs(latitude)
        let subtropical = exp(-pow((band - 30) / 12, 2))
        let subpolar = exp(-pow((band - 60) / 10, 2))
        let equatorial = exp(-pow(latitude / 10, 2))
        let winter = cos(season.yearAngle - (latitude >= 0 ? 0.35 : 0.35 + Double.pi))
        let continental = 8 * continentality * ModelMath.smoothstep(25, 55, band) * winter
        return 1_013 + 5 * subtropical - 6 * subpolar - 3 * equatorial + continental
    }

    /// Visibility from the nearness of saturation (mist, fog), precipitation and particles (haze, dust),
    /// whichever cuts most; at most 10,000 m, at least 50 m.
    static func visibility(
        temperature: Double, dewPoint: Double, windSpeed: Double, rate: Double, kind: PrecipitationKind,
        air: AirComposition
    ) -> (metres: Double, obscuration: Obscuration?) {
        let spread = temperature - dewPoint + 0.4 * max(windSpeed - 1.5, 0)
        // Fog (under 1 km) only within 0.45 °C of saturation, mist (under 5 km) within 1.2 °C.
        let moist: Double
        if spread < 0.45 {
            moist = max(1_000 * spread / 0.45, 50)
        } else if spread < 1.2 {
            moist = 1_000 + 4_000 * (spread - 0.45) / 0.75
        } else {
            moist = min(5_000 + 2_500 * (spread - 1.2), 10_000)
        }
        let falling: Double
        switch kind {
        case .none: falling = 10_000
        case .snow, .sleet: falling = 10_000 / (1 + 3 * pow(rate, 0.8))
        default: falling = 10_000 / (1 + 0.6 * pow(rate, 0.85))
        }
        let hazy = 10_000 / (1 + air.fineParticles / 60 + max(air.coarseParticles - air.fineParticles, 0) / 150)
        let metres = ModelMath.clamp(min(moist, falling, hazy), 50, 10_000)
        var obscuration: Obscuration?
        if kind == .none {
            if moist < 1_000 {
                obscuration = .fog
            } else if moist < 5_000, moist <= hazy {
                obscuration = .mist
            } else if air.coarseParticles >= 150, air.coarseParticles >= 2 * air.fineParticles {
                obscuration = .dust
            } else if air.fineParticles >= 35 {
                obscuration = .haze
            }
        }
        return (metres, obscuration)
    }
}

/// How a place's month turns the wetness quantile into cloud and precipitation: the wet fraction f (of
/// hours with precipitation) from the month's precipitation, the cloudy fraction (cover ≥ 60 %) and the
/// clear fraction (≤ 10 %), and the mean rate that gives the month's total.
struct SkyClimate: Sendable {
    var wetFraction: Double
    var cloudyFraction: Double
    var clearFraction: Double
    var meanRate: Double
    /// The mean of the cloud damping of the daily cycle over the month (so damping keeps the mean range).
    var meanDamping: Double

    init(normals: ClimateNormals) {
        let precipitation = normals.precipitation
        wetFraction = 0.6 * precipitation / (precipitation + 700)
        cloudyFraction = ModelMath.clamp(
            0.12 + 2.2 * wetFraction + 0.004 * (normals.humidity - 60), wetFraction + 0.05, 0.85)
        clearFraction = 0.45 * (1 - cloudyFraction)
        meanRate = wetFraction > 1e-4 ? precipitation / (wetFraction * 720) : 0
        let meanCloud =
            clearFraction * 5 + (1 - cloudyFraction - clearFraction) * 35 + (cloudyFraction - wetFraction) * 77.5
            + wetFraction * 97.5
        meanDamping = 1 - 0.5 * meanCloud / 100
    }

    /// Cloud cover, %: piecewise linear in the quantile through (clear, 10), (1 − cloudy, 60), (1 − wet, 95).
    func cloud(wetness q: Double) -> Double {
        if q < clearFraction { return 10 * q / clearFraction }
        let cloudyStart = 1 - cloudyFraction
        if q < cloudyStart { return 10 + 50 * (q - clearFraction) / (cloudyStart - clearFraction) }
        let wetStart = 1 - wetFraction
        if q < wetStart { return 60 + 35 * (q - cloudyStart) / (wetStart - cloudyStart) }
        return 95 + 5 * (q - wetStart) / max(wetFraction, 1e-9)
    }

    /// mm/h: 0 below the wet quantile, then exponentially distributed over the wet hours with the mean rate.
    func rate(wetness q: Double) -> Double {
        let wetStart = 1 - wetFraction
        guard meanRate > 0, q > wetStart else { return 0 }
        let u = min((q - wetStart) / wetFraction, 1)
        return -meanRate * log(1 - 0.999 * u)
    }

    /// The probability of precipitation in the hour ahead: high in rain, falling off with the distance of
    /// the wetness below the rain threshold.
    func probability(wetness q: Double, raining: Bool) -> Double {
        let margin = (q - (1 - wetFraction)) / max(cloudyFraction, 0.05)
        let logistic = 1 / (1 + exp(-8 * (margin + 0.1)))
        return raining ? max(logistic, 0.7) : min(logistic, 0.65)
    }

    /// Sunrise in local mean solar hours from the declination (clamped to 3–9.5 so the daily cycle keeps
    /// its shape in polar day and night).
    func sunriseHour(latitude: Double, declination: Double) -> Double {
        let phi = latitude * ModelMath.degree
        let cosine =
            (sin(-0.833 * ModelMath.degree) - sin(phi) * sin(declination)) / max(cos(phi) * cos(declination), 1e-6)
        let halfDay = acos(ModelMath.clamp(cosine, -1, 1)) / ModelMath.degree / 15
        return ModelMath.clamp(12 - halfDay, 3, 9.5)
    }
}
