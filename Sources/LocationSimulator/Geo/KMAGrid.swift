#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cell of the Korea Meteorological Administration's 5 km forecast grid, the `nx`, `ny` that KMA's
/// village forecast API (동네예보) asks for.
public struct KMAGridPoint: Sendable, Hashable, CustomStringConvertible {
    /// Grid column, west to east (1...149 over the forecast domain).
    public var x: Int
    /// Grid row, south to north (1...253 over the forecast domain).
    public var y: Int

    /// Creates a grid point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `nx,ny`, e.g. `60,127`.
    public var description: String {
        "\(x),\(y)"
    }
}

/// KMA's Lambert conformal conic grid: Earth radius 6371.00877 km, 5 km cells, standard parallels 30°N
/// and 60°N, origin 126°E 38°N at grid point (43, 136), as in KMA's published conversion code.
///
/// The formula rounds to the nearest cell, so points on a cell border (Daegu City Hall is one) can land on
/// either side depending on the last decimal of the input. Points outside the domain still get numbers
/// (possibly negative or beyond the grid); callers that need KMA data should check the range.
public enum KMAGrid {
    private static let earthRadiusKilometres = 6_371.00877
    private static let gridKilometres = 5.0
    private static let firstParallel = 30.0.radians
    private static let secondParallel = 60.0.radians
    private static let originLongitude = 126.0.radians
    private static let originLatitude = 38.0.radians
    private static let originX = 43.0
    private static let originY = 136.0

    private static let re = earthRadiusKilometres / gridKilometres
    private static let sn =
        log(cos(firstParallel) / cos(secondParallel))
        / log(tan(.pi / 4 + secondParallel / 2) / tan(.pi / 4 + firstParallel / 2))
    private static let sf = pow(tan(.pi / 4 + firstParallel / 2), sn) * cos(firstParallel) / sn
    private static let ro = re * sf / pow(tan(.pi / 4 + originLatitude / 2), sn)

    /// The grid cell containing `point`.
    public static func gridPoint(for point: GeoPoint) -> KMAGridPoint {
        let ra = re * sf / pow(tan(.pi / 4 + point.latitude.radians / 2), sn)
        var theta = point.longitude.radians - originLongitude
        if theta > .pi { theta -= 2 * .pi }
        if theta < -.pi { theta += 2 * .pi }
        theta *= sn
        let x = (ra * sin(theta) + originX + 0.5).rounded(.down)
        let y = (ro - ra * cos(theta) + originY + 0.5).rounded(.down)
        return KMAGridPoint(x: Int(x), y: Int(y))
    }
}
