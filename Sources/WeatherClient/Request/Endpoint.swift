internal import Foundation

/// One API call before it becomes a URL: a path and its query parameters in a fixed order.
///
/// Order is deterministic so URLs are stable in logs, journals and cassettes: the location
/// (`q` | `id` | `zip` | `lat`,`lon`), then the endpoint's own parameters (`cnt`, `limit`, `dt`,
/// `date`, `tz`, `start`, `end`, `exclude`), then `units`, then `lang`, then `appid`.
struct Endpoint: Sendable, Hashable {
    var path: String
    var query: [QueryItem]
    /// Whether the client's `units` is appended: the weather endpoints take it; geocoding and air
    /// pollution have no units.
    var sendsUnits = true
    /// Whether the client's `lang` is appended (only where the API localises text).
    var sendsLanguage = true
    /// Whether the request goes to the icon host (``OpenWeatherClient/iconBaseURL``) rather than the
    /// API; icons take no key, so none is sent there.
    var isIcon = false

    struct QueryItem: Sendable, Hashable {
        var name: String
        var value: String

        /// A time as whole Unix seconds; a fraction is dropped towards the past, so a time never
        /// moves later.
        static func unixTime(_ name: String, _ time: Date) -> QueryItem {
            QueryItem(name: name, value: String(Int64(time.timeIntervalSince1970.rounded(.down))))
        }
    }

    static func currentWeather(_ location: LocationQuery) -> Endpoint {
        Endpoint(path: "/data/2.5/weather", query: location.queryItems)
    }

    static func forecast(_ location: LocationQuery, count: Int?) -> Endpoint {
        var query = location.queryItems
        if let count { query.append(QueryItem(name: "cnt", value: String(count))) }
        return Endpoint(path: "/data/2.5/forecast", query: query)
    }

    static func directGeocoding(city: String, limit: Int) -> Endpoint {
        Endpoint(
            path: "/geo/1.0/direct",
            query: [QueryItem(name: "q", value: city), QueryItem(name: "limit", value: String(limit))],
            sendsUnits: false,
            sendsLanguage: false
        )
    }

    static func reverseGeocoding(_ coordinate: Coordinate, limit: Int) -> Endpoint {
        Endpoint(
            path: "/geo/1.0/reverse",
            query: LocationQuery.coordinate(coordinate).queryItems + [QueryItem(name: "limit", value: String(limit))],
            sendsUnits: false,
            sendsLanguage: false
        )
    }

    static func zipGeocoding(_ location: LocationQuery) -> Endpoint {
        Endpoint(path: "/geo/1.0/zip", query: location.queryItems, sendsUnits: false, sendsLanguage: false)
    }

    static func icon(_ code: String, size: IconSize) -> Endpoint {
        Endpoint(
            path: "/img/wn/\(code)\(size.suffix).png", query: [], sendsUnits: false, sendsLanguage: false, isIcon: true)
    }

    /// `path?name=value&...` with every value percent-encoded (see ``QueryEncoding``).
    var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        let pairs = query.map { "\(QueryEncoding.encode($0.name))=\(QueryEncoding.encode($0.value))" }
        return path + "?" + pairs.joined(separator: "&")
    }
}

/// Where the weather is wanted, as the API's location parameters.
enum LocationQuery: Sendable, Hashable {
    case city(String)
    case cityID(Int)
    case zip(String, country: String?)
    case coordinate(Coordinate)

    var queryItems: [Endpoint.QueryItem] {
        switch self {
        case .city(let name):
            return [.init(name: "q", value: name)]
        case .cityID(let id):
            return [.init(name: "id", value: String(id))]
        case .zip(let zip, let country):
            return [.init(name: "zip", value: country.map { "\(zip),\($0)" } ?? zip)]
        case .coordinate(let coordinate):
            return [
                .init(name: "lat", value: DecimalText.plain(coordinate.latitude)),
                .init(name: "lon", value: DecimalText.plain(coordinate.longitude)),
            ]
        }
    }

    /// Rejects what the API would reject, before a request is spent on it.
    func validated() throws(WeatherError) -> LocationQuery {
        switch self {
        case .city(let name):
            let trimmed = name.trimmingWhitespace
            guard !trimmed.isEmpty else { throw .invalidRequest(message: "the city name is empty") }
            return .city(trimmed)
        case .cityID(let id):
            guard id > 0 else { throw .invalidRequest(message: "city id \(id) is not positive") }
            return self
        case .zip(let zip, let country):
            let trimmedZip = zip.trimmingWhitespace
            guard !trimmedZip.isEmpty else { throw .invalidRequest(message: "the zip code is empty") }
            let trimmedCountry = country?.trimmingWhitespace
            return .zip(trimmedZip, country: trimmedCountry?.isEmpty == true ? nil : trimmedCountry)
        case .coordinate(let coordinate):
            try Self.validate(coordinate)
            return self
        }
    }

    static func validate(_ coordinate: Coordinate) throws(WeatherError) {
        guard coordinate.latitude.isFinite, (-90...90).contains(coordinate.latitude) else {
            throw .invalidRequest(message: "latitude \(coordinate.latitude) is outside -90...90")
        }
        guard coordinate.longitude.isFinite, (-180...180).contains(coordinate.longitude) else {
            throw .invalidRequest(message: "longitude \(coordinate.longitude) is outside -180...180")
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
