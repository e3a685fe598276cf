import WeatherWorld

/// `getVilageFcst` from the world: one issuance's rows at a cell, in the shape of the bundled
/// village forecasts (kma-vilage-fcst.md §2.2, §4), values by ``KMAWorldCodes``.
///
/// - **Hours.** From the issuance plus one hour, hourly to 2300 two days after the first forecast
///   day, then 3-hourly from 0000 of the third day after it to 0000 of the fourth: 75 forecast times
///   for the 0500 issuance (907 rows), 81 for the 2300 one (980 rows, the 2026 capture's count).
///   The far, 3-hourly rows write PCP and SNO as bare numbers (`"0"`, `"0.4"`, `"2"`), as that
///   capture does.
/// - **Order.** By forecast time, then TMP UUU VVV VEC WSD SKY PTY POP WAV PCP REH SNO, then TMN on
///   the 0600 rows and TMX on the 1500 rows.
/// - **TMN/TMX.** The world's minimum and maximum of that KST day (``DaySummary``), one decimal, on the
///   rows and in the issuances ``KMADailyExtremes`` states (a day's TMN in issuances before its 0500,
///   its TMX in those before its 1400), the rule recorded answers follow too.
/// - **At sea** (``KMASeaMask``): what the bundled `vilage/yellow-sea` answer and the guide say the
///   service does: TMP, TMN, TMX, POP, PCP, REH and SNO are its missing value `-999` ("+900 이상,
///   -900 이하는 Missing 값"; over the sea the village forecast masks temperatures, probability,
///   amounts and humidity), wind, SKY and PTY come from the world, and WAV is the wave height under
///   the wind (``KMAWorldCodes/waveHeight(_:)``). On land WAV is `0`. The ultra-short operations
///   mask nothing (the guide says nothing of the sea for them).
enum KMAVillageForecastAnswer {
    /// The categories of every forecast time, in the service's order.
    static let categories = ["TMP", "UUU", "VVV", "VEC", "WSD", "SKY", "PTY", "POP", "WAV", "PCP", "REH", "SNO"]
    /// The value the service writes for a masked category.
    static let missing = "-999"

    /// The forecast times of `issuance`.
    static func forecastTimes(of issuance: KMATime) -> [KMATime] {
        let first = issuance.adding(3_600)
        let firstDay = KMATime(seconds: first.seconds - first.seconds % 86_400)
        let hourlyEnd = firstDay.adding(3 * 86_400)
        let farEnd = firstDay.adding(4 * 86_400)
        var times: [KMATime] = []
        times.reserveCapacity(84)
        var time = first
        while time < hourlyEnd {
            times.append(time)
            time = time.adding(3_600)
        }
        time = hourlyEnd
        while time <= farEnd {
            times.append(time)
            time = time.adding(3 * 3_600)
        }
        return times
    }

    /// The rows of `issuance` at `site`.
    static func rows(_ site: KMASyntheticCell, issuance: KMATime, sea: KMASeaMask) -> KMASyntheticRows {
        let atSea = sea.isSea(site.cell)
        let times = forecastTimes(of: issuance)
        let hourlyEnd = KMATime(seconds: times[0].seconds - times[0].seconds % 86_400).adding(3 * 86_400)
        var rows = KMASyntheticRows(issuance: issuance, cell: site.cell, isObservation: false)
        rows.rows.reserveCapacity(times.count * categories.count + 8)
        var days: [Int: DaySummary] = [:]
        func day(of time: KMATime) -> DaySummary {
            let midnight = time.seconds - time.seconds % 86_400
            if let known = days[midnight] { return known }
            let summary = site.day(startingAt: KMATime(seconds: midnight))
            days[midnight] = summary
            return summary
        }
        for time in times {
            let index = rows.addTime(time)
            let state = site.conditions(at: time)
            let wind = KMAWorldCodes.wind(state)
            let far = time >= hourlyEnd
            rows.add("TMP", time: index, atSea ? missing : KMANumberText.whole(state.temperature))
            rows.add("UUU", time: index, wind.east)
            rows.add("VVV", time: index, wind.north)
            rows.add("VEC", time: index, wind.direction)
            rows.add("WSD", time: index, wind.speed)
            rows.add("SKY", time: index, String(KMAWorldCodes.sky(state)))
            rows.add("PTY", time: index, String(KMAWorldCodes.villagePrecipitationType(state)))
            rows.add("POP", time: index, atSea ? missing : String(KMAWorldCodes.probability(state)))
            rows.add("WAV", time: index, atSea ? KMANumberText.tenths(KMAWorldCodes.waveHeight(state)) : "0")
            let water =
                far
                ? KMANumberText.bare(state.precipitationKind == .none ? 0 : state.precipitationRate)
                : KMAWorldCodes.hourlyWaterText(state)
            rows.add("PCP", time: index, atSea ? missing : water)
            rows.add("REH", time: index, atSea ? missing : KMANumberText.whole(state.humidity))
            let snow = far ? KMANumberText.bare(KMAWorldCodes.snowCentimetres(state)) : KMAWorldCodes.snowText(state)
            rows.add("SNO", time: index, atSea ? missing : snow)
            if let kind = KMADailyExtremes.kind(at: time, in: issuance) {
                let summary = day(of: time)
                let value = kind == .minimum ? summary.minimum : summary.maximum
                rows.add(kind.category, time: index, atSea ? missing : KMANumberText.tenths(value))
            }
        }
        return rows
    }
}
