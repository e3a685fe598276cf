import MockEngine

/// The service's four operations, by path (kma-vilage-fcst.md §1), with the issuance schedule,
/// publication delay and retention of each (§4, §5.2), in KST. This file is the one place the
/// retention cut is stated: an issuance is served while `now - issuance <= retention` (exactly one
/// day, or three days, old still answers; one second more answers code 10).
enum KMAOperation: String, Sendable, CaseIterable {
    /// 초단기실황: the observation of the hour, rows carry `obsrValue`.
    case nowcast = "getUltraSrtNcst"
    /// 초단기예보: the next six hours, category by category.
    case ultraShortForecast = "getUltraSrtFcst"
    /// 단기예보: hourly to about three days ahead, then 3-hourly.
    case villageForecast = "getVilageFcst"
    /// 예보버전조회: the version stamp of a product.
    case forecastVersion = "getFcstVersion"

    /// The operations' common path prefix.
    static let pathPrefix = "/1360000/VilageFcstInfoService_2.0/"

    /// The operation at `path` (normalised, no trailing slash), nil for another path.
    init?(path: String) {
        guard path.hasPrefix(Self.pathPrefix) else { return nil }
        self.init(rawValue: String(path.dropFirst(Self.pathPrefix.count)))
    }

    /// Its request path.
    var path: String { Self.pathPrefix + rawValue }

    /// The folder of its cassettes (`Cassettes/kma/vilage/`).
    var folder: String {
        switch self {
        case .nowcast: "ultra-nowcast"
        case .ultraShortForecast: "ultra-forecast"
        case .villageForecast: "vilage"
        case .forecastVersion: "version"
        }
    }

    /// Whether the operation answers a grid cell's issuance (`base_date`, `base_time`, `nx`, `ny`).
    var takesIssuance: Bool { self != .forecastVersion }

    /// Whether `time` is one of its issuances: every HH00 for the nowcast, every HH30 for the
    /// ultra-short forecast, 0200 0500 … 2300 for the village forecast.
    func isIssuance(_ time: KMATime) -> Bool {
        guard time.seconds % 60 == 0 else { return false }
        switch self {
        case .nowcast: return time.minute == 0
        case .ultraShortForecast: return time.minute == 30
        case .villageForecast: return time.minute == 0 && time.hour % 3 == 2
        case .forecastVersion: return false
        }
    }

    /// Seconds after its issuance time an issuance is published: HH:10, HH:45, slot+10 min.
    var publicationDelay: Int {
        switch self {
        case .nowcast, .villageForecast, .forecastVersion: 10 * 60
        case .ultraShortForecast: 15 * 60
        }
    }

    /// How old an issuance may be and still be served (see the type's note on the cut).
    var retention: Int {
        switch self {
        case .villageForecast: 3 * 86_400
        case .nowcast, .ultraShortForecast, .forecastVersion: 86_400
        }
    }

    /// Code 10 with the retention's Korean message.
    var outdated: KMAResult {
        self == .villageForecast ? KMAAnswers.outdatedThreeDays : KMAAnswers.outdatedDay
    }

    /// The latest issuance published at `now`.
    func latestIssuance(at now: KMATime) -> KMATime {
        let published = now.adding(-publicationDelay)
        var candidate = KMATime(seconds: published.seconds - published.seconds % 60)
        guard self != .forecastVersion else { return candidate }
        // At most a day of minutes back; every operation issues at least every three hours.
        while !isIssuance(candidate) { candidate = candidate.adding(-60) }
        return candidate
    }
}
