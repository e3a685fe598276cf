internal import Foundation

extension Endpoint {
    static func oneCall(_ coordinate: Coordinate, excluding blocks: Set<OneCallBlock>) -> Endpoint {
        var query = LocationQuery.coordinate(coordinate).queryItems
        if !blocks.isEmpty {
            query.append(QueryItem(name: "exclude", value: blocks.sorted().map(\.rawValue).joined(separator: ",")))
        }
        return Endpoint(path: "/data/3.0/onecall", query: query)
    }

    static func timeMachine(_ coordinate: Coordinate, time: Date) -> Endpoint {
        Endpoint(
            path: "/data/3.0/onecall/timemachine",
            query: LocationQuery.coordinate(coordinate).queryItems + [.unixTime("dt", time)]
        )
    }

    static func daySummary(_ coordinate: Coordinate, date: CalendarDate, utcOffset: UTCOffset?) -> Endpoint {
        var query = LocationQuery.coordinate(coordinate).queryItems
        query.append(QueryItem(name: "date", value: date.description))
        if let utcOffset { query.append(QueryItem(name: "tz", value: utcOffset.description)) }
        return Endpoint(path: "/data/3.0/onecall/day_summary", query: query)
    }

    /// The overview's text is English only: the API takes no `lang` here.
    static func overview(_ coordinate: Coordinate, date: CalendarDate?) -> Endpoint {
        var query = LocationQuery.coordinate(coordinate).queryItems
        if let date { query.append(QueryItem(name: "date", value: date.description)) }
        return Endpoint(path: "/data/3.0/onecall/overview", query: query, sendsLanguage: false)
    }
}
