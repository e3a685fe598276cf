internal import Foundation

/// The last good weather per location, for when retries run out.
///
/// Keyed by the coordinate that was requested (not the place the API answered with). A lookup
/// returns the most recently fetched entry within `radiusMeters` of the requested coordinate and
/// no older than `maxAge`: a car that lost signal near Daejeon gets Daejeon's last weather, never
/// Seoul's. Entries within 100 m of each other are one location; at most `capacity` locations are
/// kept, the oldest dropped first.
struct StaleCache<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        var coordinate: Coordinate
        var value: Value
        var fetchedAt: Duration
    }

    private(set) var entries: [Entry] = []
    let capacity: Int

    init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
    }

    mutating func store(_ value: Value, for coordinate: Coordinate, at now: Duration) {
        entries.removeAll { Geodesy.distanceMeters(from: $0.coordinate, to: coordinate) <= 100 }
        entries.append(Entry(coordinate: coordinate, value: value, fetchedAt: now))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// The newest entry near `coordinate` and its age, or `nil`.
    func lookup(near coordinate: Coordinate, radiusMeters: Double?, maxAge: Duration?, now: Duration)
        -> (value: Value, age: Duration)?
    {
        for entry in entries.reversed() {
            let age = now - entry.fetchedAt
            if let maxAge, age > maxAge { continue }
            if let radiusMeters, Geodesy.distanceMeters(from: entry.coordinate, to: coordinate) > radiusMeters {
                continue
            }
            return (entry.value, age)
        }
        return nil
    }

    mutating func removeAll() { entries.removeAll() }
}

/// Great-circle distance on a spherical Earth (mean radius 6371.0088 km), good to 0.5 %.
enum Geodesy {
    static func distanceMeters(from a: Coordinate, to b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (b.latitude - a.latitude) * radians
        let deltaLongitude = (b.longitude - a.longitude) * radians
        let h =
            sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(a.latitude * radians) * cos(b.latitude * radians)
            * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }
}
