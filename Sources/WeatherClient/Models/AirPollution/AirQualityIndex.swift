/// The API's air quality index (`main.aqi`): 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 Very Poor,
/// with names and a short message for a screen in English and Korean.
///
/// Decoding any other value fails with ``WeatherError/decoding(path:expected:found:)`` naming the
/// path: an index the client cannot place is not shown as some other level.
public enum AirQualityIndex: Int, Sendable, Hashable, CaseIterable, Comparable, Decodable {
    /// 1.
    case good = 1
    /// 2.
    case fair = 2
    /// 3.
    case moderate = 3
    /// 4.
    case poor = 4
    /// 5.
    case veryPoor = 5

    /// Decodes the integer 1...5.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        guard let index = AirQualityIndex(rawValue: value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "the air quality index runs from 1 to 5")
            )
        }
        self = index
    }

    /// Better air first.
    public static func < (lhs: AirQualityIndex, rhs: AirQualityIndex) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name in English, as the API documents it: "Good", "Fair", "Moderate", "Poor", "Very Poor".
    public var englishName: String {
        switch self {
        case .good: "Good"
        case .fair: "Fair"
        case .moderate: "Moderate"
        case .poor: "Poor"
        case .veryPoor: "Very Poor"
        }
    }

    /// The level's name in Korean, e.g. "좋음".
    public var koreanName: String {
        switch self {
        case .good: "좋음"
        case .fair: "보통"
        case .moderate: "약간 나쁨"
        case .poor: "나쁨"
        case .veryPoor: "매우 나쁨"
        }
    }

    /// A short English sentence for a screen, e.g. "The air is clean".
    public var englishMessage: String {
        switch self {
        case .good: "The air is clean"
        case .fair: "The air is fine for most people"
        case .moderate: "Sensitive people should spend less time outdoors"
        case .poor: "Wear a mask outdoors"
        case .veryPoor: "Stay indoors if you can"
        }
    }

    /// The same message in Korean, e.g. "공기가 깨끗해요".
    public var koreanMessage: String {
        switch self {
        case .good: "공기가 깨끗해요"
        case .fair: "대체로 괜찮은 공기예요"
        case .moderate: "민감한 분은 실외 활동을 줄이세요"
        case .poor: "외출할 때 마스크를 쓰세요"
        case .veryPoor: "가능하면 실내에 머무르세요"
        }
    }
}
