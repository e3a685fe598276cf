/// Every division the resource names (provinces, districts, towns, villages, parents before children)
/// and the polygons a point is looked up in, as ``DivisionTableReader`` reads them from `divisions.bin`.
/// Coordinates are in units of ``quantum`` degrees, as the file keeps them.
struct DivisionTable: Sendable {
    /// The size of a coordinate unit, degrees (1e-5°, about 1.1 m).
    static let quantum = 1e-5
    /// Units in a degree: a point is divided by it, so `3520124` reads back as `35.20124`, not as the
    /// product's `35.201240000000006`.
    static let unitsPerDegree = 100_000.0

    /// Each division's level: 0 province, 1 district, 2 town, 3 village.
    var levels: [UInt8] = []
    /// Each division's parent's index, or -1 for a province.
    var parents: [Int32] = []
    var names: [String] = []
    /// Each division's legal code with its level's digit count (`11`, `11140`, `11140103`).
    var codes: [String] = []
    /// Each division's representative point, in units of ``quantum``.
    var pointLatitudes: [Int32] = []
    var pointLongitudes: [Int32] = []
    /// The polygons: each part (one polygon and its holes) belongs to a division and spans a range of rings.
    var polygons = PolygonStore()
    /// How far the simplification may have moved a boundary, metres, as the file states it.
    var displacementMetres = 0

    /// How many divisions there are.
    var count: Int { levels.count }

    /// Division `index` as the package answers it, its levels filled in from its parents.
    func division(_ index: Int) -> LegalDivision {
        var levels: [DivisionName?] = [nil, nil, nil, nil]
        var current = index
        while current >= 0 {
            levels[Int(self.levels[current])] = DivisionName(name: names[current], code: codes[current])
            current = Int(parents[current])
        }
        return LegalDivision(
            province: levels[0]!, district: levels[1], town: levels[2], village: levels[3],
            latitude: Double(pointLatitudes[index]) / Self.unitsPerDegree,
            longitude: Double(pointLongitudes[index]) / Self.unitsPerDegree)
    }

    /// Whether division `index` is `ancestor` or lies within it.
    func isWithin(_ index: Int, _ ancestor: Int) -> Bool {
        var current = index
        while current >= 0 {
            if current == ancestor { return true }
            current = Int(parents[current])
        }
        return false
    }
}
