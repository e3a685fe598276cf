import WeatherWorld

/// `getUltraSrtFcst` from the world: the six hours after an HH30 issuance (0530 → 0600 … 1100),
/// category-major (all six hours of LGT, then PTY, RN1, SKY, T1H, REH, UUU, VVV, VEC, WSD: 60 rows),
/// as kma-vilage-fcst.md §2.4 and the bundled ultra-short forecasts; values by ``KMAWorldCodes``,
/// T1H whole as the service writes it there.
enum KMAUltraShortForecastAnswer {
    /// The categories, in the service's order.
    static let categories = ["LGT", "PTY", "RN1", "SKY", "T1H", "REH", "UUU", "VVV", "VEC", "WSD"]

    /// The rows of `issuance` at `site`.
    static func rows(_ site: KMASyntheticCell, issuance: KMATime) -> KMASyntheticRows {
        var rows = KMASyntheticRows(issuance: issuance, cell: site.cell, isObservation: false)
        let first = issuance.adding(3_600 - issuance.seconds % 3_600)
        var values: [[String]] = []
        for hour in 0..<6 {
            let time = first.adding(hour * 3_600)
            _ = rows.addTime(time)
            let state = site.conditions(at: time)
            let wind = KMAWorldCodes.wind(state)
            values.append([
                KMAWorldCodes.lightning(state), String(KMAWorldCodes.ultraShortPrecipitationType(state)),
                KMAWorldCodes.hourlyWaterText(state), String(KMAWorldCodes.sky(state)),
                KMANumberText.whole(state.temperature), KMANumberText.whole(state.humidity), wind.east, wind.north,
                wind.direction, wind.speed,
            ])
        }
        rows.rows.reserveCapacity(categories.count * values.count)
        for (position, category) in categories.enumerated() {
            for hour in values.indices { rows.add(category, time: hour, values[hour][position]) }
        }
        return rows
    }
}

/// `getUltraSrtNcst` from the world: the state at the HH00 issuance itself (an observation), its eight
/// categories alphabetically (PTY, REH, RN1, T1H, UUU, VEC, VVV, WSD; kma-vilage-fcst.md §2.3), T1H with
/// one decimal, RN1 a plain number of millimetres.
enum KMANowcastAnswer {
    /// The rows of `issuance` at `site`.
    static func rows(_ site: KMASyntheticCell, issuance: KMATime) -> KMASyntheticRows {
        var rows = KMASyntheticRows(issuance: issuance, cell: site.cell, isObservation: true)
        let state = site.conditions(at: issuance)
        let wind = KMAWorldCodes.wind(state)
        rows.add("PTY", String(KMAWorldCodes.ultraShortPrecipitationType(state)))
        rows.add("REH", KMANumberText.whole(state.humidity))
        rows.add("RN1", KMAWorldCodes.nowcastWater(state))
        rows.add("T1H", KMANumberText.tenths(state.temperature))
        rows.add("UUU", wind.east)
        rows.add("VEC", wind.direction)
        rows.add("VVV", wind.north)
        rows.add("WSD", wind.speed)
        return rows
    }
}
