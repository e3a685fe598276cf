/// Which parts may hold a point: a grid of ``cellSize``-unit cells over the parts' extent, each listing
/// the parts whose bounding box touches it, so a lookup tests a handful of polygons instead of 20,000.
struct PartGrid: Sendable {
    /// A cell's side in units of ``DivisionTable/quantum`` (0.02°, about 2 km).
    static let cellSize: Int32 = 2_000

    private var west: Int32 = 0
    private var south: Int32 = 0
    private var columns = 0
    private var rows = 0
    /// Cell `c`'s parts are `members[cellStarts[c] ..< cellStarts[c + 1]]`.
    private var cellStarts: [Int32] = [0]
    private var members: [Int32] = []

    /// The grid over `polygons`' parts.
    init(_ polygons: PolygonStore) {
        guard polygons.count > 0 else { return }
        let boxes = polygons.boxes
        west = stride(from: 0, to: boxes.count, by: 4).map { boxes[$0] }.min()!
        south = stride(from: 1, to: boxes.count, by: 4).map { boxes[$0] }.min()!
        let east = stride(from: 2, to: boxes.count, by: 4).map { boxes[$0] }.max()!
        let north = stride(from: 3, to: boxes.count, by: 4).map { boxes[$0] }.max()!
        columns = Int((east - west) / Self.cellSize) + 1
        rows = Int((north - south) / Self.cellSize) + 1
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        forEachCell(of: polygons) { _, cell in counts[cell + 1] += 1 }
        for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
        var next = counts
        var members = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        forEachCell(of: polygons) { part, cell in
            members[Int(next[cell])] = Int32(part)
            next[cell] += 1
        }
        cellStarts = counts
        self.members = members
    }

    private func forEachCell(of polygons: PolygonStore, _ body: (Int, Int) -> Void) {
        for part in 0..<polygons.count {
            let box = part * 4
            let columnRange = column(polygons.boxes[box])...column(polygons.boxes[box + 2])
            for row in row(polygons.boxes[box + 1])...row(polygons.boxes[box + 3]) {
                for column in columnRange { body(part, row * columns + column) }
            }
        }
    }

    private func column(_ x: Int32) -> Int { Int((x - west) / Self.cellSize) }
    private func row(_ y: Int32) -> Int { Int((y - south) / Self.cellSize) }

    /// Calls `body` with each part listed in the cells the box `x ± reach`, `y ± reach` (units) touches; a
    /// part may come more than once when the box spans cells.
    func forEachPart(nearX x: Double, y: Double, reach: Double = 0, _ body: (Int) -> Void) {
        guard columns > 0 else { return }
        let size = Double(Self.cellSize)
        let firstColumn = max(0, Int(((x - reach - Double(west)) / size).rounded(.down)))
        let lastColumn = min(columns - 1, Int(((x + reach - Double(west)) / size).rounded(.down)))
        let firstRow = max(0, Int(((y - reach - Double(south)) / size).rounded(.down)))
        let lastRow = min(rows - 1, Int(((y + reach - Double(south)) / size).rounded(.down)))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let cell = row * columns + column
                for index in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) { body(Int(members[index])) }
            }
        }
    }
}
