#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The physical relations between the state's quantities, each a textbook formula.
enum Atmospherics {
    /// Saturation vapour pressure over water, hPa (Magnus, Alduchov & Eskridge coefficients).
    static func saturationPressure(_ temperature: Double) -> Double {
        6.1094 * exp(17.625 * temperature / (temperature + 243.04))
    }

    /// The dew point of air at `temperature` and `humidity` %, °C.
    static func dewPoint(temperature: Double, humidity: Double) -> Double {
        let gamma = log(max(humidity, 1) / 100) + 17.625 * temperature / (temperature + 243.04)
        return 243.04 * gamma / (17.625 - gamma)
    }

    /// Relative humidity %, from the temperature and the dew point (Magnus).
    static func humidity(temperature: Double, dewPoint: Double) -> Double {
        ModelMath.clamp(100 * saturationPressure(dewPoint) / saturationPressure(temperature), 0, 100)
    }

    /// Pressure at `elevation` metres from the sea-level pressure (hypsometric equation with the mean
    /// temperature of the layer below, taken from the surface temperature and the lapse rate).
    static func groundPressure(seaLevel: Double, elevation: Double, temperature: Double, lapseRate: Double)
        -> Double
    {
        let layerMean = temperature + 273.15 + lapseRate * elevation / 2
        return seaLevel * exp(-9.80665 * elevation / (287.05 * layerMean))
    }

    /// What the temperature feels like: wind chill (the 2001 North American index) at or below 10 °C with
    /// wind over 4.8 km/h, the heat index (Rothfusz) above 27 °C, otherwise the temperature.
    static func feelsLike(temperature: Double, humidity: Double, windSpeed: Double) -> Double {
        let kilometresPerHour = windSpeed * 3.6
        if temperature <= 10, kilometresPerHour > 4.8 {
            let v = pow(kilometresPerHour, 0.16)
            return min(temperature, 13.12 + 0.6215 * temperature - 11.37 * v + 0.3965 * temperature * v)
        }
        if temperature > 27 {
            let f = temperature * 9 / 5 + 32
            let r = humidity
            var index =
                -42.379 + 2.04901523 * f + 10.14333127 * r - 0.22475541 * f * r - 0.00683783 * f * f
                - 0.05481717 * r * r + 0.00122874 * f * f * r + 0.00085282 * f * r * r - 0.00000199 * f * f * r * r
            // Rothfusz's regression is fitted above about 80 °F; below, Steadman's simple form is used.
            let simple = 0.5 * (f + 61 + (f - 68) * 1.2 + r * 0.094)
            if (simple + f) / 2 < 80 { index = simple }
            return max((index - 32) * 5 / 9, temperature - 1)
        }
        return temperature
    }

    /// The UV index under a clear sky from the sun's elevation (Madronich: 12.5 μ^2.42), a little higher
    /// on high ground, reduced by cloud (a cloud modification factor of the usual shape).
    static func uvIndex(sunElevation: Double, cloudCover: Double, elevation: Double) -> Double {
        guard sunElevation > 0 else { return 0 }
        let mu = sin(sunElevation * ModelMath.degree)
        let clear = 12.5 * pow(mu, 2.42) * (1 + 0.06 * max(elevation, 0) / 1_000)
        return clear * (1 - 0.56 * pow(cloudCover / 100, 2.5))
    }

    /// The strongest gust (a 3-second peak) in a 10-minute mean wind of `windSpeed` m/s, m/s: the mean
    /// plus a peak factor of 3 times the wind's standard deviation, so never below the mean.
    ///
    /// The deviation has a mechanical part, the turbulence intensity times the mean (about 0.10 over the
    /// sea and 0.19 over land, as 1 / ln(10 m / z₀) gives for their roughness, `land` 0 ... 1 between;
    /// varied ±15 % by `turbulence` 0 ... 1 and raised up to 10 % by `stormBoost` 0 ... 0.25, a tropical
    /// cyclone's rainbands), and a part that does not grow with the mean: thermals (0.15 m/s in the stable
    /// night, 0.45 m/s under a high sun, `sunElevation` degrees) and showers' downdrafts (up to 1.5 m/s
    /// more, `showers` 0 ... 1). So the gust factor is about 1.3 over the sea and 1.5–1.65 over land in a
    /// fresh wind, as the WMO's gust-factor guidelines give for tropical cyclones (1.2–1.5 at sea and on
    /// the coast, 1.5–1.7 over rough land), and higher in light wind and in showers. The excess over the
    /// mean levels off toward 12 m/s: the strongest winds measured in Korea gusted about 9 m/s above their
    /// mean (Gosan in Maemi, 2003: 51.1 m/s mean, 60.0 m/s gust), and the record gust is 63.7 m/s
    /// (climate-and-codes.md §3.4).
    static func gust(
        windSpeed: Double, land: Double, turbulence: Double, showers: Double, stormBoost: Double,
        sunElevation: Double
    ) -> Double {
        let intensity = (0.10 + 0.09 * land) * (0.85 + 0.3 * turbulence) * (1 + 0.4 * stormBoost)
        let mechanical = intensity * windSpeed
        let convective = 0.15 + 0.3 * ModelMath.smoothstep(0, 30, sunElevation) + 1.5 * showers
        let excess = 3 * (mechanical * mechanical + convective * convective).squareRoot()
        let ceiling = 12.0
        return windSpeed + ceiling * tanh(excess / ceiling)
    }
}
