/// The Kakao Local endpoints the mock knows, by path (the `.json` format; the API's `.xml` one is
/// not bundled and answers as an unmatched request).
enum KakaoLocalEndpoint: Sendable, Equatable {
    /// `/v2/local/geo/coord2address.json`: the address at `x`, `y`.
    case coordinateToAddress
    /// `/v2/local/geo/coord2regioncode.json`: the 법정동 (B) and 행정동 (H) at `x`, `y`.
    case coordinateToRegionCode
    /// `/v2/local/search/address.json`: addresses matching `query`, paged.
    case searchAddress

    /// The endpoint at `path`, nil for another path.
    init?(path: String) {
        switch path {
        case "/v2/local/geo/coord2address.json": self = .coordinateToAddress
        case "/v2/local/geo/coord2regioncode.json": self = .coordinateToRegionCode
        case "/v2/local/search/address.json": self = .searchAddress
        default: return nil
        }
    }

    /// The folder of its cassettes, recorded or bundled.
    var folder: String {
        switch self {
        case .coordinateToAddress: "coord2address"
        case .coordinateToRegionCode: "coord2regioncode"
        case .searchAddress: "search"
        }
    }
}
