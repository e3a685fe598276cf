/// How continental a place's climate is, 0 (open ocean) to 1 (deep inside a continent): a hand-drawn
/// 10° land mask, smoothed with a westward (upwind, in the westerlies) reach, read bilinearly so it
/// varies smoothly. Coarse on purpose: it shapes the base climate where no reference station is near;
/// near a station the station's normals correct it.
enum Continentality {
    /// Rows from 80–90° N down to 80–90° S, columns from 180–170° W eastward; 1 where a cell is mostly land.
    private static let landMask: [String] = [
        "000000000011111000000000000000000000",  // 85
        "000001111111111100000001011110000000",  // 75
        "111111111111011000011111111111111111",  // 65
        "000001111111000001011111111111110100",  // 55
        "000000111111000001111111111111100000",  // 45
        "000000111100000001111111111111100000",  // 35
        "000000011000000011111111111111000000",  // 25
        "000000001100000011111110010110000000",  // 15
        "000000000011100001111110000001000000",  // 5
        "000000000011110000111100000000011000",  // -5
        "000000000011110000111110000001110000",  // -15
        "000000000011110000011100000001110000",  // -25
        "000000000001100000001000000001110000",  // -35
        "000000000001000000000000000000000010",  // -45
        "000000000000000000000000000000000000",  // -55
        "000000000000000000111111111111111100",  // -65
        "000111111111100011111111111111111100",  // -75
        "111111111111111111111111111111111111",  // -85
    ]

    private static let rows = 18
    private static let columns = 36

    /// The smoothed grid, row-major, at cell centres.
    private static let grid: [Double] = {
        let land = landMask.map { row in row.map { $0 == "1" ? 1.0 : 0.0 } }
        // (row offset, column offset, weight): the cell, its upwind (western) neighbours farther, its
        // other neighbours nearer.
        let kernel: [(Int, Int, Double)] = [
            (0, 0, 0.30), (0, -1, 0.15), (0, -2, 0.10), (0, -3, 0.05), (0, 1, 0.10),
            (-1, 0, 0.10), (1, 0, 0.10), (-1, -1, 0.05), (1, -1, 0.05),
        ]
        var values: [Double] = []
        values.reserveCapacity(rows * columns)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum = 0.0
                var weights = 0.0
                for (dr, dc, weight) in kernel {
                    let r = row + dr
                    guard r >= 0, r < rows else { continue }
                    let c = (column + dc + columns) % columns
                    sum += weight * land[r][c]
                    weights += weight
                }
                values.append(sum / weights)
            }
        }
        return values
    }()

    /// 0 ... 1 at `latitude`, `longitude`.
    static func at(latitude: Double, longitude: Double) -> Double {
        let rowPosition = ModelMath.clamp((85 - latitude) / 10, 0, Double(rows - 1))
        let row = min(Int(rowPosition), rows - 2)
        let rowFraction = rowPosition - Double(row)
        var columnPosition = (longitude + 175) / 10
        columnPosition -= (columnPosition / Double(columns)).rounded(.down) * Double(columns)
        let column = min(Int(columnPosition), columns - 1)
        let columnFraction = columnPosition - Double(column)
        let nextColumn = (column + 1) % columns
        let table = grid
        let top = ModelMath.lerp(
            table[row * columns + column], table[row * columns + nextColumn], columnFraction)
        let bottom = ModelMath.lerp(
            table[(row + 1) * columns + column], table[(row + 1) * columns + nextColumn], columnFraction)
        return ModelMath.lerp(top, bottom, rowFraction)
    }
}
