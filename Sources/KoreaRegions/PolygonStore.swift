/// The areas' polygons in flat arrays: a part is one polygon (an exterior ring and its holes) owned by a
/// division; rings are runs of points, not closed (the last point joins the first). Coordinates are in
/// units of ``DivisionTable/quantum`` degrees.
struct PolygonStore: Sendable {
    /// The division each part belongs to.
    var owners: [Int32] = []
    /// Part `p`'s rings are `partRings[p] ..< partRings[p + 1]`.
    var partRings: [Int32] = [0]
    /// Ring `r`'s points are `ringPoints[r] ..< ringPoints[r + 1]`.
    var ringPoints: [Int32] = [0]
    var longitudes: [Int32] = []
    var latitudes: [Int32] = []
    /// Each part's bounding box: west, south, east, north (four entries a part).
    var boxes: [Int32] = []

    /// How many parts there are.
    var count: Int { owners.count }

    /// Ends the part begun after the previous one (its rings already appended) as `owner`'s.
    mutating func closePart(owner: Int) {
        owners.append(Int32(owner))
        partRings.append(Int32(ringPoints.count - 1))
        let first = Int(ringPoints[Int(partRings[partRings.count - 2])])
        let points = first..<longitudes.count
        boxes.append(longitudes[points].min()!)
        boxes.append(latitudes[points].min()!)
        boxes.append(longitudes[points].max()!)
        boxes.append(latitudes[points].max()!)
    }

    /// Whether part `part` holds the point (`x` east, `y` north, in units), by the even-odd rule over all
    /// its rings: inside the exterior and not inside a hole. A point on an edge may go either way.
    func contains(part: Int, x: Double, y: Double) -> Bool {
        let box = part * 4
        guard x >= Double(boxes[box]), y >= Double(boxes[box + 1]), x <= Double(boxes[box + 2]),
            y <= Double(boxes[box + 3])
        else { return false }
        var inside = false
        for ring in Int(partRings[part])..<Int(partRings[part + 1]) {
            let start = Int(ringPoints[ring])
            let end = Int(ringPoints[ring + 1])
            var previous = end - 1
            for current in start..<end {
                let yi = Double(latitudes[current])
                let yj = Double(latitudes[previous])
                if (yi > y) != (yj > y) {
                    let xi = Double(longitudes[current])
                    let xj = Double(longitudes[previous])
                    if x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }

    /// The distance from the point to part `part`'s nearest edge, with a unit east worth `xScale` and a
    /// unit north `yScale` (metres per unit at the point's latitude).
    func distance(part: Int, x: Double, y: Double, xScale: Double, yScale: Double) -> Double {
        var best = Double.infinity
        for ring in Int(partRings[part])..<Int(partRings[part + 1]) {
            let start = Int(ringPoints[ring])
            let end = Int(ringPoints[ring + 1])
            var previous = end - 1
            for current in start..<end {
                let ax = (Double(longitudes[previous]) - x) * xScale
                let ay = (Double(latitudes[previous]) - y) * yScale
                let bx = (Double(longitudes[current]) - x) * xScale
                let by = (Double(latitudes[current]) - y) * yScale
                let dx = bx - ax
                let dy = by - ay
                let length = dx * dx + dy * dy
                // The nearest point of the segment to the origin (the point looked up).
                let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
                let px = ax + t * dx
                let py = ay + t * dy
                best = min(best, (px * px + py * py).squareRoot())
                previous = current
            }
        }
        return best
    }
}
