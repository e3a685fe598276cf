/// The form of precipitation (`PTY`). The codes depend on the operation: the village forecast
/// uses 0–4 (4 is a shower); the ultra-short nowcast and forecast use 0–3 and 5–7 (drizzle and
/// snow flurries) and have no 4.
public enum KMAPrecipitationType: Sendable, Hashable, CustomStringConvertible {
    /// `0` 없음.
    case none
    /// `1` 비.
    case rain
    /// `2` 비/눈: rain and snow (sleet).
    case rainAndSnow
    /// `3` 눈.
    case snow
    /// `4` 소나기, village forecast only.
    case shower
    /// `5` 빗방울, ultra-short operations only.
    case drizzle
    /// `6` 빗방울눈날림, ultra-short operations only.
    case drizzleAndSnowFlurries
    /// `7` 눈날림, ultra-short operations only.
    case snowFlurries
    /// A code the operation does not define (a `4` from an ultra-short operation, a `5` from the
    /// village forecast, or a new code); kept, not an error.
    case unrecognized(code: Int)

    /// The precipitation type `code` means in `operation`'s table.
    public init(code: Int, operation: KMAOperation) {
        let ultraShort = operation != .villageForecast
        switch code {
        case 0: self = .none
        case 1: self = .rain
        case 2: self = .rainAndSnow
        case 3: self = .snow
        case 4 where !ultraShort: self = .shower
        case 5 where ultraShort: self = .drizzle
        case 6 where ultraShort: self = .drizzleAndSnowFlurries
        case 7 where ultraShort: self = .snowFlurries
        default: self = .unrecognized(code: code)
        }
    }

    /// The code as the API sends it.
    public var code: Int {
        switch self {
        case .none: 0
        case .rain: 1
        case .rainAndSnow: 2
        case .snow: 3
        case .shower: 4
        case .drizzle: 5
        case .drizzleAndSnowFlurries: 6
        case .snowFlurries: 7
        case .unrecognized(let code): code
        }
    }

    /// True for every type but ``none``.
    public var isPrecipitating: Bool { self != .none }

    /// "없음", "비", "비/눈", "눈", "소나기", "빗방울", "빗방울눈날림", "눈날림"; "강수형태 9" for an
    /// unrecognized code.
    public var koreanName: String {
        switch self {
        case .none: "없음"
        case .rain: "비"
        case .rainAndSnow: "비/눈"
        case .snow: "눈"
        case .shower: "소나기"
        case .drizzle: "빗방울"
        case .drizzleAndSnowFlurries: "빗방울눈날림"
        case .snowFlurries: "눈날림"
        case .unrecognized(let code): "강수형태 \(code)"
        }
    }

    /// "None", "Rain", "Rain and snow", "Snow", "Shower", "Drizzle", "Drizzle and snow flurries",
    /// "Snow flurries"; "Precipitation code 9" for an unrecognized code.
    public var englishName: String {
        switch self {
        case .none: "None"
        case .rain: "Rain"
        case .rainAndSnow: "Rain and snow"
        case .snow: "Snow"
        case .shower: "Shower"
        case .drizzle: "Drizzle"
        case .drizzleAndSnowFlurries: "Drizzle and snow flurries"
        case .snowFlurries: "Snow flurries"
        case .unrecognized(let code): "Precipitation code \(code)"
        }
    }

    /// The English name.
    public var description: String { englishName }
}
