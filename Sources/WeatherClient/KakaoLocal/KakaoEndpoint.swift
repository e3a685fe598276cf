/// One Kakao Local call before it becomes a URL: a path and its query parameters in a fixed order.
///
/// Coordinates go as `x` = **longitude**, `y` = **latitude** (the API's order, the opposite of
/// ``Coordinate``'s); swapped axes get no error from the API, only a wrong or empty answer, so the
/// order is decided here once. Then `input_coord=WGS84`, which is the API's default, sent so the
/// request says what it means. Search sends `query`, `page`, `size`.
struct KakaoEndpoint: Sendable, Hashable {
    var path: String
    var query: [Endpoint.QueryItem]

    static func coordinateToAddress(_ coordinate: Coordinate) -> KakaoEndpoint {
        KakaoEndpoint(path: "/v2/local/geo/coord2address.json", query: coordinateQuery(coordinate))
    }

    static func coordinateToRegionCode(_ coordinate: Coordinate) -> KakaoEndpoint {
        KakaoEndpoint(path: "/v2/local/geo/coord2regioncode.json", query: coordinateQuery(coordinate))
    }

    static func searchAddress(_ query: String, page: Int, size: Int) -> KakaoEndpoint {
        KakaoEndpoint(
            path: "/v2/local/search/address.json",
            query: [
                .init(name: "query", value: query), .init(name: "page", value: String(page)),
                .init(name: "size", value: String(size)),
            ]
        )
    }

    /// `path?name=value&...` with every value percent-encoded (see ``QueryEncoding``).
    var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        let pairs = query.map { "\(QueryEncoding.encode($0.name))=\(QueryEncoding.encode($0.value))" }
        return path + "?" + pairs.joined(separator: "&")
    }

    private static func coordinateQuery(_ coordinate: Coordinate) -> [Endpoint.QueryItem] {
        [
            .init(name: "x", value: DecimalText.plain(coordinate.longitude)),
            .init(name: "y", value: DecimalText.plain(coordinate.latitude)),
            .init(name: "input_coord", value: "WGS84"),
        ]
    }
}
