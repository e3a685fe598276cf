internal import Foundation

/// The KMA's Lambert conformal conic projection (the guide's "DFS" grid), forward and inverse.
///
/// The client's own implementation from the KMA guide's constants, not the location simulator's:
/// the client and the mock are independent readings of the API (docs/ARCHITECTURE.md#module-map),
/// and the contract suite checks that the two agree.
///
/// Positions are in grid units with the origin cell (43, 136) at 38° N, 126° E; a cell's index is
/// its position rounded half up, so a cell's centre is its integer position.
enum KMAGrid {
    /// Earth radius, km.
    static let earthRadius = 6371.00877
    /// Grid spacing, km.
    static let spacing = 5.0
    /// The standard parallels, degrees.
    static let standardParallels = (30.0, 60.0)
    /// The projection's origin, degrees.
    static let origin = (latitude: 38.0, longitude: 126.0)
    /// The grid position of the origin (the guide's C code writes 42 and 135 and rounds with +1.5).
    static let originCell = (x: 43.0, y: 136.0)

    private static let radians = Double.pi / 180
    /// Earth radius in grid units.
    private static let scaledRadius = earthRadius / spacing
    private static let latitude1 = standardParallels.0 * radians
    private static let latitude2 = standardParallels.1 * radians
    /// The cone constant.
    private static let cone =
        log(cos(latitude1) / cos(latitude2)) / log(tan(.pi / 4 + latitude2 / 2) / tan(.pi / 4 + latitude1 / 2))
    private static let scale = pow(tan(.pi / 4 + latitude1 / 2), cone) * cos(latitude1) / cone
    /// The distance of the origin from the cone's apex, in grid units.
    private static let originRadius = scaledRadius * scale / pow(tan(.pi / 4 + origin.latitude * radians / 2), cone)

    /// The grid position of `coordinate` before rounding, or `nil` when it does not project to
    /// finite numbers (the South Pole).
    static func position(of coordinate: Coordinate) -> (x: Double, y: Double)? {
        let radius = scaledRadius * scale / pow(tan(.pi / 4 + coordinate.latitude * radians / 2), cone)
        var theta = coordinate.longitude * radians - origin.longitude * radians
        if theta > .pi { theta -= 2 * .pi }
        if theta < -.pi { theta += 2 * .pi }
        theta *= cone
        let x = radius * sin(theta) + originCell.x
        let y = originRadius - radius * cos(theta) + originCell.y
        guard x.isFinite, y.isFinite else { return nil }
        return (x, y)
    }

    /// The coordinate at grid position `x`, `y` (the guide's inverse transform).
    static func coordinate(x: Double, y: Double) -> Coordinate {
        let dx = x - originCell.x
        let dy = originRadius - y + originCell.y
        var radius = (dx * dx + dy * dy).squareRoot()
        if cone < 0 { radius = -radius }
        let latitude = 2 * atan(pow(scaledRadius * scale / radius, 1 / cone)) - .pi / 2
        let theta = atan2(dx, dy)
        let longitude = theta / cone + origin.longitude * radians
        return Coordinate(latitude: latitude / radians, longitude: longitude / radians)
    }
}
