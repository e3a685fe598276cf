internal import Foundation

extension Endpoint {
    /// Which air-pollution answer: the current air, the 4-day forecast, or history between two times.
    enum AirPollutionSpan: Sendable, Hashable {
        case now
        case forecast
        case history(start: Date, end: Date)
    }

    /// Air pollution has no units and no language: the index and concentrations are the same everywhere.
    static func airPollution(_ coordinate: Coordinate, _ span: AirPollutionSpan) -> Endpoint {
        var query = LocationQuery.coordinate(coordinate).queryItems
        let path: String
        switch span {
        case .now:
            path = "/data/2.5/air_pollution"
        case .forecast:
            path = "/data/2.5/air_pollution/forecast"
        case .history(let start, let end):
            path = "/data/2.5/air_pollution/history"
            query += [.unixTime("start", start), .unixTime("end", end)]
        }
        return Endpoint(path: path, query: query, sendsUnits: false, sendsLanguage: false)
    }
}
