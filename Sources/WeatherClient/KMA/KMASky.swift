/// The state of the sky (`SKY`), from total cloud cover in tenths.
public enum KMASky: Sendable, Hashable, CustomStringConvertible {
    /// `1` 맑음: clear, cloud cover 0–5.
    case clear
    /// `3` 구름많음: mostly cloudy, 6–8.
    case mostlyCloudy
    /// `4` 흐림: overcast, 9–10.
    case overcast
    /// A code the guide does not list (`2`, 구름조금, belonged to the retired v1 service); kept, not an error.
    case unrecognized(code: Int)

    /// The sky for a `SKY` code.
    public init(code: Int) {
        switch code {
        case 1: self = .clear
        case 3: self = .mostlyCloudy
        case 4: self = .overcast
        default: self = .unrecognized(code: code)
        }
    }

    /// The code as the API sends it.
    public var code: Int {
        switch self {
        case .clear: 1
        case .mostlyCloudy: 3
        case .overcast: 4
        case .unrecognized(let code): code
        }
    }

    /// "맑음", "구름많음", "흐림"; "하늘상태 2" for an unrecognized code.
    public var koreanName: String {
        switch self {
        case .clear: "맑음"
        case .mostlyCloudy: "구름많음"
        case .overcast: "흐림"
        case .unrecognized(let code): "하늘상태 \(code)"
        }
    }

    /// "Clear", "Mostly cloudy", "Overcast"; "Sky code 2" for an unrecognized code.
    public var englishName: String {
        switch self {
        case .clear: "Clear"
        case .mostlyCloudy: "Mostly cloudy"
        case .overcast: "Overcast"
        case .unrecognized(let code): "Sky code \(code)"
        }
    }

    /// The English name.
    public var description: String { englishName }
}
