/// The family a condition id belongs to, with names and a short message for a weather screen.
///
/// Ids follow the API: 2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow, 7xx atmosphere (mist,
/// smoke, haze, dust, fog, sand, ash, squall, tornado), 800 clear, 801–804 clouds. Any other id
/// (the API may add some) is ``unknown``, never a crash.
public enum ConditionGroup: String, Sendable, Hashable, CaseIterable {
    /// 2xx.
    case thunderstorm
    /// 3xx.
    case drizzle
    /// 5xx.
    case rain
    /// 6xx.
    case snow
    /// 7xx: mist, smoke, haze, dust, fog, sand, ash, squall, tornado.
    case atmosphere
    /// 800.
    case clear
    /// 801–804.
    case clouds
    /// An id outside the documented ranges.
    case unknown

    /// The group of a condition id.
    public init(conditionID id: Int) {
        switch id {
        case 200...299: self = .thunderstorm
        case 300...399: self = .drizzle
        case 500...599: self = .rain
        case 600...699: self = .snow
        case 700...799: self = .atmosphere
        case 800: self = .clear
        case 801...804: self = .clouds
        default: self = .unknown
        }
    }

    /// The group's name in English, e.g. "Thunderstorm".
    public var englishName: String {
        switch self {
        case .thunderstorm: "Thunderstorm"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .snow: "Snow"
        case .atmosphere: "Mist"
        case .clear: "Clear"
        case .clouds: "Clouds"
        case .unknown: "Unknown"
        }
    }

    /// The group's name in Korean, e.g. "뇌우".
    public var koreanName: String {
        switch self {
        case .thunderstorm: "뇌우"
        case .drizzle: "이슬비"
        case .rain: "비"
        case .snow: "눈"
        case .atmosphere: "안개"
        case .clear: "맑음"
        case .clouds: "구름"
        case .unknown: "알 수 없음"
        }
    }

    /// A short Korean sentence for a weather screen, e.g. "맑은 하늘이에요".
    public var koreanMessage: String {
        switch self {
        case .thunderstorm: "천둥번개가 쳐요. 실내에 머무르세요"
        case .drizzle: "이슬비가 내려요. 작은 우산을 챙기세요"
        case .rain: "비가 와요. 우산을 꼭 챙기세요"
        case .snow: "눈이 와요. 미끄러운 길 조심하세요"
        case .atmosphere: "시야가 흐려요. 운전할 때 조심하세요"
        case .clear: "맑은 하늘이에요"
        case .clouds: "구름이 낀 하늘이에요"
        case .unknown: "날씨 정보를 확인하고 있어요"
        }
    }

    /// The same message in English, e.g. "Clear skies".
    public var englishMessage: String {
        switch self {
        case .thunderstorm: "Thunderstorms. Stay indoors"
        case .drizzle: "Drizzle. Take a small umbrella"
        case .rain: "Rain. Take an umbrella"
        case .snow: "Snow. Watch for slippery roads"
        case .atmosphere: "Low visibility. Drive carefully"
        case .clear: "Clear skies"
        case .clouds: "Cloudy skies"
        case .unknown: "Checking the weather"
        }
    }
}

/// Names of the 7xx atmosphere conditions, which differ too much to share one group name.
enum AtmosphereCondition {
    /// (English, Korean) for an atmosphere id, or `nil` for ids the API does not document.
    static func names(conditionID id: Int) -> (english: String, korean: String)? {
        switch id {
        case 701: ("Mist", "박무")
        case 711: ("Smoke", "연기")
        case 721: ("Haze", "연무")
        case 731, 761: ("Dust", "먼지")
        case 741: ("Fog", "안개")
        case 751: ("Sand", "모래바람")
        case 762: ("Volcanic ash", "화산재")
        case 771: ("Squall", "돌풍")
        case 781: ("Tornado", "토네이도")
        default: nil
        }
    }
}
