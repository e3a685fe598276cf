#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The normal weather of a place at a time of year, before any weather system passes.
struct ClimateNormals: Sendable {
    /// Daily mean temperature at the place's height, °C.
    var meanTemperature: Double
    /// Mean daily maximum − minimum, °C.
    var diurnalRange: Double
    /// Mean relative humidity, %.
    var humidity: Double
    /// Precipitation, millimetres per month.
    var precipitation: Double
    /// 0 (ocean) ... 1 (continental interior).
    var continentality: Double
    /// How much colder per metre of height, °C/m.
    var lapseRate: Double
}

/// The climatology: a base model by latitude, season (hemisphere-aware) and continentality, with the
/// temperature lowered by the month's lapse rate for the place's height, corrected toward the reference
/// stations (``StationNormal``) within 1,500 km by inverse-distance weighting of their residuals from the
/// base model, fading smoothly to none.
enum Climatology {
    /// Where a station's correction ends, kilometres.
    static let correctionRadius = 1_500.0
    /// The base model's own weight in the correction, as if it were a station this far away: beyond a few
    /// hundred kilometres from every station the base model has the larger say.
    private static let backgroundDistance = 600.0
    /// Keeps a station's own weight finite at its position; small, so a station 30 km away barely counts.
    private static let nearDistance = 5.0

    /// The normals at `latitude`, `longitude`, `elevation` metres, at the instant `season` describes.
    static func normals(latitude: Double, longitude: Double, elevation: Double, season: SeasonClock)
        -> ClimateNormals
    {
        let continentality = Continentality.at(latitude: latitude, longitude: longitude)
        let lapse = season.interpolate(latitude >= 0 ? northernLapse : southernLapse)
        let lapseRate = ModelMath.lerp(0.0065, lapse, ModelMath.smoothstep(10, 25, abs(latitude)))
        var temperature =
            baseTemperature(latitude: latitude, continentality: continentality, yearAngle: season.yearAngle)
            - lapseRate * elevation
        var range = baseDiurnalRange(latitude: latitude, continentality: continentality)
        var humidity = baseHumidity(latitude: latitude, continentality: continentality)
        var logPrecipitation = log(
            basePrecipitation(latitude: latitude, continentality: continentality, yearAngle: season.yearAngle)
                + precipitationOffset)

        let point = UnitVector(latitude: latitude, longitude: longitude)
        let background = 1 / (backgroundDistance * backgroundDistance)
        var sums = (temperature: 0.0, range: 0.0, humidity: 0.0, precipitation: 0.0)
        var weights = (all: background, range: background, humidity: background)
        let low = season.month
        let high = season.nextMonth
        let t = season.towardNext
        correctionTable.withUnsafeBufferPointer { table in
            var row = 0
            while row < table.count {
                let dx = point.x - table[row]
                let dy = point.y - table[row + 1]
                let dz = point.z - table[row + 2]
                let distance = (dx * dx + dy * dy + dz * dz).squareRoot() * ModelMath.earthRadius
                if distance < correctionRadius {
                    let taper = 1 - (distance / correctionRadius) * (distance / correctionRadius)
                    let weight = taper * taper / (distance * distance + nearDistance * nearDistance)
                    func read(_ field: Int) -> Double {
                        let base = row + Correction.header + field * 12
                        return table[base + low] + (table[base + high] - table[base + low]) * t
                    }
                    weights.all += weight
                    sums.temperature += weight * read(0)
                    sums.precipitation += weight * read(3)
                    if table[row + 3] > 0 {
                        weights.range += weight
                        sums.range += weight * read(1)
                    }
                    if table[row + 4] > 0 {
                        weights.humidity += weight
                        sums.humidity += weight * read(2)
                    }
                }
                row += Correction.stride
            }
        }
        temperature += sums.temperature / weights.all
        logPrecipitation += sums.precipitation / weights.all
        range += sums.range / weights.range
        humidity += sums.humidity / weights.humidity
        return ClimateNormals(
            meanTemperature: temperature, diurnalRange: max(range, 1),
            humidity: ModelMath.clamp(humidity, 15, 95),
            precipitation: max(exp(logPrecipitation) - precipitationOffset, 0), continentality: continentality,
            lapseRate: lapseRate)
    }

    // MARK: The base model

    /// Annual mean sea-level temperature every 10° from the equator to the pole, °C (zonal, ocean-like).
    private static let northernAnnual: [Double] = [27, 26.5, 24.5, 20, 14, 7, 0, -8, -16, -22]
    private static let southernAnnual: [Double] = [27, 26, 23, 18.5, 13, 7, 0, -12, -30, -45]
    /// Half the July–January difference every 10°, over open ocean and deep inside a continent.
    private static let oceanAmplitude: [Double] = [0, 1.5, 2.5, 4, 5, 5, 5, 8, 12, 12]
    private static let landAmplitude: [Double] = [0, 3, 7, 9, 12, 15, 18, 20, 18, 15]
    /// The mean of a cosine over a twelfth of its period, relative to its value at the middle.
    private static let monthAveraging = sin(Double.pi / 12) / (Double.pi / 12)

    /// Near-surface lapse rates by month, °C/m: Liston & Elder (2006) for the northern hemisphere [S12],
    /// shifted by six months for the southern.
    private static let northernLapse: [Double] = [
        0.44, 0.59, 0.71, 0.78, 0.81, 0.82, 0.81, 0.81, 0.77, 0.68, 0.55, 0.47,
    ].map { $0 / 100 }
    private static let southernLapse: [Double] = (0..<12).map { northernLapse[($0 + 6) % 12] }

    /// The subtropical dry belts (deserts, dry summers), 0 ... 1, strongest at 25°.
    private static func dryBelt(_ latitude: Double) -> Double {
        let x = (abs(latitude) - 25) / 9
        return exp(-x * x)
    }

    static func baseTemperature(latitude: Double, continentality: Double, yearAngle: Double, monthMean: Bool = false)
        -> Double
    {
        let band = abs(latitude)
        let annual =
            ModelMath.table(latitude >= 0 ? northernAnnual : southernAnnual, step: 10, at: band)
            - 4 * continentality * ModelMath.smoothstep(40, 70, band) + 1.5 * continentality * dryBelt(latitude)
        let amplitude = ModelMath.lerp(
            ModelMath.table(oceanAmplitude, step: 10, at: band), ModelMath.table(landAmplitude, step: 10, at: band),
            continentality)
        // The coldest day: late January over land, mid-February over the sea (July and August south).
        let coldestDay = 20 + 25 * (1 - continentality) + (latitude >= 0 ? 0 : 182.6)
        let phase = 2 * Double.pi * coldestDay / 365.2425
        return annual - amplitude * (monthMean ? monthAveraging : 1) * cos(yearAngle - phase)
    }

    private static func baseDiurnalRange(latitude: Double, continentality: Double) -> Double {
        (4.5 + 6 * continentality + 3 * continentality * dryBelt(latitude))
            * (1 - 0.6 * ModelMath.smoothstep(60, 80, abs(latitude)))
    }

    private static func baseHumidity(latitude: Double, continentality: Double) -> Double {
        80 - 8 * continentality - 25 * continentality * dryBelt(latitude)
    }

    /// Annual precipitation every 10° from the equator, mm.
    private static let zonalPrecipitation: [Double] = [2_200, 1_600, 900, 800, 1_000, 1_000, 800, 400, 200, 150]
    /// Keeps the logarithm of a desert's zero finite.
    private static let precipitationOffset = 5.0

    static func basePrecipitation(latitude: Double, continentality: Double, yearAngle: Double) -> Double {
        let band = abs(latitude)
        let annual =
            ModelMath.table(zonalPrecipitation, step: 10, at: band) * (1 - 0.75 * continentality * dryBelt(latitude))
            * (1 - 0.25 * continentality)
        // Summer rains of the monsoon belts, peaking in July (January south of the equator).
        let monsoon =
            (0.3 + 0.5 * continentality) * ModelMath.smoothstep(5, 15, band)
            * (1 - ModelMath.smoothstep(30, 45, band))
        let peak = 2 * Double.pi * 200 / 365.2425 + (latitude >= 0 ? 0 : Double.pi)
        return annual / 12 * (1 + monsoon * cos(yearAngle - peak))
    }

    // MARK: Station corrections

    /// A station's residuals from the base model by month (nodes at month centres).
    private struct Correction: Sendable {
        static let header = 5
        static let stride = header + 4 * 12

        var position: UnitVector
        var temperature: [Double]
        var diurnalRange: [Double]?
        var humidity: [Double]?
        var logPrecipitation: [Double]
    }

    /// The corrections flattened into one buffer, read without reference counting per state: per station
    /// its unit vector, whether it has a range and a humidity (1 or 0), then twelve nodes each of
    /// temperature, range, humidity and log precipitation residuals.
    private static let correctionTable: [Double] = StationNormal.reference.map(correction(for:)).flatMap {
        correction -> [Double] in
        var row = [correction.position.x, correction.position.y, correction.position.z]
        row.append(correction.diurnalRange == nil ? 0 : 1)
        row.append(correction.humidity == nil ? 0 : 1)
        row += correction.temperature
        row += correction.diurnalRange ?? Array(repeating: 0, count: 12)
        row += correction.humidity ?? Array(repeating: 0, count: 12)
        row += correction.logPrecipitation
        return row
    }

    private static func correction(for station: StationNormal) -> Correction {
        let continentality = Continentality.at(latitude: station.latitude, longitude: station.longitude)
        let lapse = station.latitude >= 0 ? northernLapse : southernLapse
        let tropical = ModelMath.smoothstep(10, 25, abs(station.latitude))
        var temperature: [Double] = []
        var precipitation: [Double] = []
        for month in 0..<12 {
            let angle = 2 * Double.pi * (Double(month) + 0.5) / 12
            let base =
                baseTemperature(
                    latitude: station.latitude, continentality: continentality, yearAngle: angle, monthMean: true)
                - ModelMath.lerp(0.0065, lapse[month], tropical) * station.elevation
            temperature.append(station.mean[month] - base)
            let basePrecipitation = basePrecipitation(
                latitude: station.latitude, continentality: continentality, yearAngle: angle)
            precipitation.append(
                log(station.precipitation[month] + precipitationOffset)
                    - log(basePrecipitation + precipitationOffset))
        }
        let range = station.diurnalRange.map { monthly in
            let base = baseDiurnalRange(latitude: station.latitude, continentality: continentality)
            return meanPreservingNodes(monthly.map { $0 - base })
        }
        let humidity = station.humidity.map { monthly in
            let base = baseHumidity(latitude: station.latitude, continentality: continentality)
            return monthly.map { $0 - base }
        }
        return Correction(
            position: UnitVector(latitude: station.latitude, longitude: station.longitude),
            temperature: meanPreservingNodes(temperature), diurnalRange: range, humidity: humidity,
            logPrecipitation: precipitation)
    }

    /// Values at month centres whose linear interpolation averages to `monthly` over each month: each
    /// month's average of the interpolation is ¾ of its node and ⅛ of each neighbour's, solved by iteration.
    static func meanPreservingNodes(_ monthly: [Double]) -> [Double] {
        var nodes = monthly
        for _ in 0..<40 {
            var next = nodes
            for month in 0..<12 {
                let neighbours: Double = nodes[(month + 11) % 12] + nodes[(month + 1) % 12]
                let averaged: Double = 0.75 * nodes[month] + 0.125 * neighbours
                next[month] = nodes[month] + monthly[month] - averaged
            }
            nodes = next
        }
        return nodes
    }
}
