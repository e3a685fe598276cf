import WeatherWorld

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a state of the world becomes the KMA's categories (kma-vilage-fcst.md §3), the one place the
/// mappings are stated:
///
/// - **SKY** from the cloud cover in tenths (전운량, the percent rounded to tenths): 0–5 → 1 맑음,
///   6–8 → 3 구름많음, 9–10 → 4 흐림 (the guide's thresholds; 2 is not used).
/// - **PTY** from what falls: nothing → 0. The village forecast: rain and drizzle → 1 비, sleet → 2 비/눈,
///   snow → 3 눈, a thunderstorm → 4 소나기 (the world's convective rain). The ultra-short operations
///   (no 4): rain, drizzle and thunderstorms → 1, sleet → 2, snow → 3, except that precipitation below
///   the 0.1 mm an hour that counts as measurable is 5 빗방울, 6 빗방울눈날림 or 7 눈날림 by its kind.
///   So PTY is not 0 exactly when the world lets something fall, as OpenWeatherMap's condition is then
///   a 2xx–6xx code: rain in one is rain in the other.
/// - **POP** the world's probability of measurable precipitation in the hour, in percent rounded to
///   tens, as the service writes it (0, 20, 30, 60 …).
/// - **PCP** (village) and **RN1** (ultra-short forecast): the hour's water, in the guide's text forms:
///   `강수없음` when nothing falls, `1mm 미만` below 1 mm (also for a trace: the text never says dry
///   while PTY says something falls), `6.2mm` from 1.0 to 29.9, `30.0~50.0mm`, `50.0mm 이상`.
/// - **SNO**: the hour's new snow at ten centimetres per centimetre of water (10:1), the snow part of
///   sleet counted as ``PrecipitationAmounts`` counts it (half): `적설없음` when no snow falls,
///   `0.5cm 미만`, `2.3cm` from 0.5 to 4.9, `5.0cm 이상` (the current guide's ranges).
/// - **RN1** in the nowcast: a plain number of millimetres, `0` when nothing measurable fell.
/// - **UUU/VVV** the wind's components towards east and north (a wind from the north-west has
///   UUU > 0, VVV < 0), **VEC** the direction it comes from in whole degrees, **WSD** its speed, one
///   decimal each.
/// - **LGT** (ultra-short forecast, kA/km²): the world has no lightning field, only thunderstorms;
///   0 without one, with one twice the rain rate in mm/h, kept inside the guide's 0.2–100 range.
/// - **WAV** at sea: the significant wave height of a fully developed sea under the wind, Pierson and
///   Moskowitz's 0.21 U²/g (0.0214 m per (m/s)², 9 m/s → 1.7 m), at most 15 m; `0` on land, as the
///   service writes it there.
enum KMAWorldCodes {
    /// SKY for `state`.
    static func sky(_ state: Conditions) -> Int {
        let tenths = Int((state.cloudCover / 10).rounded(.toNearestOrAwayFromZero))
        return tenths <= 5 ? 1 : tenths <= 8 ? 3 : 4
    }

    /// PTY as the village forecast codes it.
    static func villagePrecipitationType(_ state: Conditions) -> Int {
        switch state.precipitationKind {
        case .none: 0
        case .drizzle, .rain: 1
        case .sleet: 2
        case .snow: 3
        case .thunderstorm: 4
        }
    }

    /// PTY as the nowcast and the ultra-short forecast code it.
    static func ultraShortPrecipitationType(_ state: Conditions) -> Int {
        let trace = state.precipitationRate < measurable
        switch state.precipitationKind {
        case .none: return 0
        case .drizzle, .rain, .thunderstorm: return trace ? 5 : 1
        case .sleet: return trace ? 6 : 2
        case .snow: return trace ? 7 : 3
        }
    }

    /// The least precipitation in an hour the service counts, mm.
    static let measurable = 0.1

    /// POP in percent, rounded to tens.
    static func probability(_ state: Conditions) -> Int {
        Int((state.precipitationProbability * 10).rounded(.toNearestOrAwayFromZero)) * 10
    }

    /// PCP (and the ultra-short forecast's RN1) in its text form.
    static func hourlyWaterText(_ state: Conditions) -> String {
        guard state.precipitationKind != .none else { return "강수없음" }
        let millimetres = state.precipitationRate
        if millimetres < 1 { return "1mm 미만" }
        if millimetres < 30 { return KMANumberText.tenths(min(millimetres, 29.94)) + "mm" }
        return millimetres < 50 ? "30.0~50.0mm" : "50.0mm 이상"
    }

    /// The hour's new snow, centimetres.
    static func snowCentimetres(_ state: Conditions) -> Double {
        PrecipitationAmounts(state, hours: 1).snow
    }

    /// SNO in its text form.
    static func snowText(_ state: Conditions) -> String {
        let centimetres = snowCentimetres(state)
        guard centimetres > 0 else { return "적설없음" }
        if centimetres < 0.5 { return "0.5cm 미만" }
        return centimetres < 5 ? KMANumberText.tenths(min(centimetres, 4.94)) + "cm" : "5.0cm 이상"
    }

    /// The nowcast's RN1: millimetres in the hour, `0` below a tenth.
    static func nowcastWater(_ state: Conditions) -> String {
        guard state.precipitationKind != .none else { return "0" }
        return KMANumberText.bare(state.precipitationRate)
    }

    /// UUU, VVV, VEC and WSD.
    static func wind(_ state: Conditions) -> (east: String, north: String, direction: String, speed: String) {
        let radians = state.windDirection * .pi / 180
        let east = -state.windSpeed * sin(radians)
        let north = -state.windSpeed * cos(radians)
        let degrees = Int(state.windDirection.rounded(.toNearestOrAwayFromZero)) % 360
        return (
            KMANumberText.tenths(east), KMANumberText.tenths(north), String(degrees < 0 ? degrees + 360 : degrees),
            KMANumberText.tenths(state.windSpeed)
        )
    }

    /// LGT.
    static func lightning(_ state: Conditions) -> String {
        guard state.precipitationKind == .thunderstorm else { return "0" }
        return KMANumberText.bare(min(100, max(0.2, 2 * state.precipitationRate)))
    }

    /// WAV at sea: the wave height under `state`'s wind, metres.
    static func waveHeight(_ state: Conditions) -> Double {
        min(15, 0.21 * state.windSpeed * state.windSpeed / 9.81)
    }
}
