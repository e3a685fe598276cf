/// A cell of the KMA forecast grid: the `nx`, `ny` every short-term forecast request names.
///
/// The grid is 149 × 253 cells of 5 km on a Lambert conformal conic projection (see ``KMAGrid``
/// for the constants); cell 60/127 holds Seoul City Hall. Only cells inside the grid exist:
/// ``init(nx:ny:)`` and ``init(containing:)`` return `nil` outside it, because the API answers such
/// a request with another cell's forecast rather than an error.
public struct KMAGridCell: Sendable, Hashable, CustomStringConvertible {
    /// The columns of the grid, west to east.
    public static let columns = 1...149
    /// The rows of the grid, south to north.
    public static let rows = 1...253

    /// The column (`nx`), 1...149.
    public let nx: Int
    /// The row (`ny`), 1...253.
    public let ny: Int

    /// The cell `nx`, `ny`, or `nil` outside the grid.
    public init?(nx: Int, ny: Int) {
        guard Self.columns.contains(nx), Self.rows.contains(ny) else { return nil }
        self.nx = nx
        self.ny = ny
    }

    /// The cell that contains `coordinate`, or `nil` for a coordinate that is not valid
    /// (``Coordinate/isValid``) or lies outside the grid (the grid covers the Korean peninsula and
    /// the seas around it, roughly 32°–44° N, 123°–133° E).
    public init?(containing coordinate: Coordinate) {
        guard coordinate.isValid, let position = KMAGrid.position(of: coordinate),
            let nx = Self.index(position.x), let ny = Self.index(position.y)
        else { return nil }
        self.init(nx: nx, ny: ny)
    }

    /// The coordinate of the cell's centre (the point the cell's forecast is for).
    public var center: Coordinate { KMAGrid.coordinate(x: Double(nx), y: Double(ny)) }

    /// `60/127`: nx, then ny.
    public var description: String { "\(nx)/\(ny)" }

    /// The grid index a projected position rounds to (half up, as the KMA's own code rounds),
    /// or `nil` when it cannot be one (``init(nx:ny:)`` then checks the column and row).
    private static func index(_ position: Double) -> Int? {
        let rounded = (position + 0.5).rounded(.down)
        guard rounded.isFinite, rounded >= 1, rounded <= Double(rows.upperBound) else { return nil }
        return Int(rounded)
    }
}
