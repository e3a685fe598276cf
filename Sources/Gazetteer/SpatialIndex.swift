#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The places by where they are: a grid of 1° × 1° cells, each holding the places inside it, searched
/// outward from a point in growing circles so that the nearest places are found by great-circle
/// distance, across the antimeridian and up to the poles, after looking at a few cells.
struct SpatialIndex: Sendable {
    /// The mean Earth radius (IUGG), kilometres.
    static let earthRadius = 6_371.0088
    private static let rows = 180
    private static let columns = 360

    /// `cellStarts[cell] ..< cellStarts[cell + 1]` are the positions in `members` of the cell's places.
    private let cellStarts: [Int32]
    private let members: [Int32]
    private let latitudes: [Double]
    private let longitudes: [Double]

    /// An index of places at these coordinates; results are positions in these arrays.
    init(latitudes: [Double], longitudes: [Double]) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        let cells = zip(latitudes, longitudes).map { Self.cell(latitude: $0, longitude: $1) }
        var starts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for cell in cells { starts[cell + 1] += 1 }
        for cell in 0..<(Self.rows * Self.columns) { starts[cell + 1] += starts[cell] }
        var next = starts
        var members = [Int32](repeating: 0, count: cells.count)
        for (place, cell) in cells.enumerated() {
            members[Int(next[cell])] = Int32(place)
            next[cell] += 1
        }
        cellStarts = starts
        self.members = members
    }

    /// Up to `limit` places nearest the point with their distances in kilometres, nearest first (the
    /// lower position first at equal distance). Latitudes beyond ±90° are taken as the pole and
    /// longitudes are wrapped; a point that is not finite, or an empty index, finds nothing.
    func nearest(latitude: Double, longitude: Double, limit: Int) -> [(place: Int, kilometres: Double)] {
        guard limit > 0, !members.isEmpty, latitude.isFinite, longitude.isFinite else { return [] }
        var radius = 30.0
        while true {
            var found = places(within: radius, ofLatitude: latitude, longitude: longitude)
            // Everything within `radius` was looked at, so the nearest `limit` of it are the nearest of all.
            if found.count >= limit || radius > Double.pi * Self.earthRadius {
                found.sort { $0.kilometres < $1.kilometres || ($0.kilometres == $1.kilometres && $0.place < $1.place) }
                return Array(found.prefix(limit))
            }
            radius *= 2
        }
    }

    /// Every place within `radius` km of the point with its distance, in no particular order.
    func places(
        within radius: Double, ofLatitude latitude: Double, longitude: Double
    ) -> [(place: Int, kilometres: Double)] {
        guard latitude.isFinite, longitude.isFinite else { return [] }
        let latitude = min(max(latitude, -90), 90)
        let longitude = Self.wrapped(longitude)
        var found: [(place: Int, kilometres: Double)] = []
        forEachCell(within: radius, ofLatitude: latitude, longitude: longitude) { cell in
            for member in members[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])] {
                let place = Int(member)
                let distance = Self.kilometres(latitude, longitude, latitudes[place], longitudes[place])
                if distance <= radius { found.append((place, distance)) }
            }
        }
        return found
    }

    /// Calls `body` with every cell that holds a point within `radius` km of the point: the latitude band
    /// the circle spans and, unless it reaches a pole, the longitudes its widest parallel spans.
    private func forEachCell(
        within radius: Double, ofLatitude latitude: Double, longitude: Double, _ body: (Int) -> Void
    ) {
        let angle = radius / Self.earthRadius * 180 / .pi
        let south = latitude - angle
        let north = latitude + angle
        var halfWidth = 180.0
        if south > -90 && north < 90 {
            let sine = sin(angle * .pi / 180) / cos(latitude * .pi / 180)
            if sine < 1 { halfWidth = asin(sine) * 180 / .pi }
        }
        let firstRow = Self.row(max(south, -90))
        let lastRow = Self.row(min(north, 90))
        let firstColumn: Int
        let columnCount: Int
        if halfWidth >= 180 {
            (firstColumn, columnCount) = (0, Self.columns)
        } else {
            firstColumn = Int((longitude - halfWidth + 180).rounded(.down))
            let lastColumn = Int((longitude + halfWidth + 180).rounded(.down))
            columnCount = min(lastColumn - firstColumn + 1, Self.columns)
        }
        for row in firstRow...lastRow {
            for step in 0..<columnCount {
                let column = ((firstColumn + step) % Self.columns + Self.columns) % Self.columns
                body(row * Self.columns + column)
            }
        }
    }

    private static func cell(latitude: Double, longitude: Double) -> Int {
        let column = min(max(Int((wrapped(longitude) + 180).rounded(.down)), 0), columns - 1)
        return row(latitude) * columns + column
    }

    private static func row(_ latitude: Double) -> Int {
        min(max(Int((latitude + 90).rounded(.down)), 0), rows - 1)
    }

    /// `longitude` in -180 ..< 180.
    private static func wrapped(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }

    /// The great-circle distance between two points, kilometres (haversine).
    static func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> Double
    {
        let radians = Double.pi / 180
        let halfLatitude = sin((latitude2 - latitude1) * radians / 2)
        let halfLongitude = sin((longitude2 - longitude1) * radians / 2)
        let a =
            halfLatitude * halfLatitude
            + cos(latitude1 * radians) * cos(latitude2 * radians) * halfLongitude * halfLongitude
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }
}
