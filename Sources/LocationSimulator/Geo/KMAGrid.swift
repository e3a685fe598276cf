import Basics

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
/// and 60°N, origin 126°E 38°N at grid point (43, 136), as in KMA's published conversion code. The
/// projection itself is `Basics`' ``KMAGridProjection``, shared with the mock's KMA provider.
///
/// The formula rounds to the nearest cell, so points on a cell border (Daegu City Hall is one) can land on
/// either side depending on the last decimal of the input. Points outside the domain still get numbers
/// (possibly negative or beyond the grid); callers that need KMA data should check the range.
public enum KMAGrid {
    /// The grid cell containing `point`.
    public static func gridPoint(for point: GeoPoint) -> KMAGridPoint {
        let cell = KMAGridProjection.cell(latitude: point.latitude, longitude: point.longitude)
        return KMAGridPoint(x: cell.x, y: cell.y)
    }
}
