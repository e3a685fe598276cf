import WeatherWorld

/// OpenWeatherMap's condition (`weather[]`: `id`, `main`, `description`, `icon`) for a state of the
/// world, as climate-and-codes.md §5.1 relates them: what falls and how hard picks a 2xx–6xx code,
/// otherwise what cuts visibility a 7xx, otherwise the cloud cover 800–804 (few 11–24 %, scattered
/// 25–50 %, broken 51–84 %, overcast 85–100 %); the icon's `d` or `n` follows the sun.
///
/// Rate thresholds (mm/h of water), chosen from the codes' words: drizzle light below 0.25, heavy
/// from 1; rain light below 2.5, moderate below 7.6, heavy below 16, very heavy below 50, then
/// extreme; rain below 0 °C is freezing rain (511); snow light below 1, heavy from 2.5; sleet light
/// below 1 (615 light rain and snow), else 611; thunderstorm with light rain below 2.5, with heavy
/// rain from 7.6.
struct ConditionCode: Sendable {
    /// The condition id (`803`).
    let id: Int
    /// The group (`Clouds`), in English whatever the `lang`.
    let main: String
    /// The description in English (`broken clouds`).
    let english: String
    /// The description for `lang=kr` (`튼구름`).
    let korean: String
    /// The icon's number (`04`), before its `d` or `n`.
    let iconNumber: String

    /// The description in the request's language: Korean for `kr` (and `ko`), English otherwise.
    func description(korean wantsKorean: Bool) -> String { wantsKorean ? korean : english }

    /// `04d` or `04n`.
    func icon(daytime: Bool) -> String { iconNumber + (daytime ? "d" : "n") }

    /// The primary condition of `state`.
    static func primary(for state: Conditions) -> ConditionCode {
        table[primaryID(for: state)] ?? table[800]!
    }

    /// The condition a state's obscuration adds after a precipitation code (`Snow` then `Mist`, as
    /// the API lists both), nil when nothing cuts visibility or it is already the primary one.
    static func secondary(for state: Conditions) -> ConditionCode? {
        guard state.precipitationKind != .none, let obscuration = state.obscuration else { return nil }
        return table[id(for: obscuration)]
    }

    private static func primaryID(for state: Conditions) -> Int {
        let rate = state.precipitationRate
        switch state.precipitationKind {
        case .thunderstorm: return rate < 2.5 ? 200 : rate < 7.6 ? 201 : 202
        case .drizzle: return rate < 0.25 ? 300 : rate < 1 ? 301 : 302
        case .rain:
            if state.temperature < 0 { return 511 }
            return rate < 2.5 ? 500 : rate < 7.6 ? 501 : rate < 16 ? 502 : rate < 50 ? 503 : 504
        case .sleet: return rate < 1 ? 615 : 611
        case .snow: return rate < 1 ? 600 : rate < 2.5 ? 601 : 602
        case .none:
            if let obscuration = state.obscuration { return id(for: obscuration) }
            // Decided on the cover as printed (`clouds`), so an answer never shows 11 % with "clear sky".
            let cover = whole(state.cloudCover)
            return cover < 11 ? 800 : cover < 25 ? 801 : cover < 51 ? 802 : cover < 85 ? 803 : 804
        }
    }

    private static func id(for obscuration: Obscuration) -> Int {
        switch obscuration {
        case .mist: 701
        case .haze: 721
        case .fog: 741
        case .dust: 761
        }
    }

    /// Every code the world can give, with its words in English (the API's, §5.1) and Korean. The
    /// reference confirms one Korean word (`튼구름` for 803); the others are the API's `lang=kr` words
    /// as widely quoted by its clients (`실 비`, `온흐림`, `구름조금`), or KMA's usual wording where
    /// none is known: a best guess, and the one table of them.
    static let table: [Int: ConditionCode] = {
        let rows: [(Int, String, String, String, String)] = [
            (200, "Thunderstorm", "thunderstorm with light rain", "약한 비를 동반한 뇌우", "11"),
            (201, "Thunderstorm", "thunderstorm with rain", "비를 동반한 뇌우", "11"),
            (202, "Thunderstorm", "thunderstorm with heavy rain", "강한 비를 동반한 뇌우", "11"),
            (300, "Drizzle", "light intensity drizzle", "약한 이슬비", "09"),
            (301, "Drizzle", "drizzle", "이슬비", "09"),
            (302, "Drizzle", "heavy intensity drizzle", "강한 이슬비", "09"),
            (500, "Rain", "light rain", "실 비", "10"),
            (501, "Rain", "moderate rain", "보통 비", "10"),
            (502, "Rain", "heavy intensity rain", "강한 비", "10"),
            (503, "Rain", "very heavy rain", "매우 강한 비", "10"),
            (504, "Rain", "extreme rain", "극심한 비", "10"),
            (511, "Rain", "freezing rain", "어는 비", "13"),
            (600, "Snow", "light snow", "약한 눈", "13"),
            (601, "Snow", "snow", "눈", "13"),
            (602, "Snow", "heavy snow", "강한 눈", "13"),
            (611, "Snow", "sleet", "진눈깨비", "13"),
            (615, "Snow", "light rain and snow", "약한 비와 눈", "13"),
            (701, "Mist", "mist", "박무", "50"),
            (721, "Haze", "haze", "연무", "50"),
            (741, "Fog", "fog", "안개", "50"),
            (761, "Dust", "dust", "황사", "50"),
            (800, "Clear", "clear sky", "맑음", "01"),
            (801, "Clouds", "few clouds", "약간의 구름이 낀 하늘", "02"),
            (802, "Clouds", "scattered clouds", "구름조금", "03"),
            (803, "Clouds", "broken clouds", "튼구름", "04"),
            (804, "Clouds", "overcast clouds", "온흐림", "04"),
        ]
        return Dictionary(
            uniqueKeysWithValues: rows.map {
                ($0.0, ConditionCode(id: $0.0, main: $0.1, english: $0.2, korean: $0.3, iconNumber: $0.4))
            })
    }()
}
