/// The operations of the KMA short-term forecast service (`VilageFcstInfoService_2.0`) the client
/// calls; the raw value is the operation's path component.
public enum KMAOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 초단기실황: the observation at the top of each hour (`obsrValue` rows).
    case ultraShortNowcast = "getUltraSrtNcst"
    /// 초단기예보: hourly forecasts for the next six hours, issued at half past each hour.
    case ultraShortForecast = "getUltraSrtFcst"
    /// 단기예보: hourly forecasts to about three days ahead, then three-hourly, issued eight times a day.
    case villageForecast = "getVilageFcst"

    /// "초단기실황", "초단기예보", "단기예보".
    public var koreanName: String {
        switch self {
        case .ultraShortNowcast: "초단기실황"
        case .ultraShortForecast: "초단기예보"
        case .villageForecast: "단기예보"
        }
    }

    /// The operation name, e.g. `getVilageFcst`.
    public var description: String { rawValue }
}
