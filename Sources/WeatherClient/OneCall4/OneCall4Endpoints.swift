internal import Foundation

extension Endpoint {
    /// `/data/4.0/onecall/current`.
    static let oneCall4CurrentPath = "/data/4.0/onecall/current"

    /// Current weather: the location, then `units`, `lang` and the key.
    static func oneCall4Current(_ coordinate: Coordinate) -> Endpoint {
        Endpoint(path: oneCall4CurrentPath, query: LocationQuery.coordinate(coordinate).queryItems)
    }

    /// A timeline page: the location, `start` and `cnt` when given, then `units`, `lang` and the key.
    static func oneCall4Timeline(path: String, _ coordinate: Coordinate, start: Date?, count: Int?) -> Endpoint {
        var query = LocationQuery.coordinate(coordinate).queryItems
        if let start { query.append(.unixTime("start", start)) }
        if let count { query.append(QueryItem(name: "cnt", value: String(count))) }
        return Endpoint(path: path, query: query)
    }

    /// An alert by id: the id is one percent-encoded path segment (`:` and `/` included, so
    /// `urn:oid:…` cannot split the path), and the API takes only the key with it.
    static func oneCall4Alert(id: String) -> Endpoint {
        Endpoint(
            path: "/data/4.0/onecall/alert/" + QueryEncoding.encode(id), query: [], sendsUnits: false,
            sendsLanguage: false)
    }
}
