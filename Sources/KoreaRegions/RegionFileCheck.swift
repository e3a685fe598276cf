/// The property the `korea-regions` fuzz target checks on arbitrary bytes read as `divisions.bin`
/// (docs/ARCHITECTURE.md#fuzzing): the reader refuses them with a problem that names the file, or
/// reads a table whose divisions all have a province, whose grid and name search can be built, and
/// whose lookups and searches answer divisions of that table. Never a crash, a hang or a trap.
package enum RegionFileCheck {
    /// The path problems name: the fuzz input is no file.
    static let path = "fuzz/divisions.bin"

    /// Nil when the property holds for `bytes`, else what was broken.
    package static func brokenPromise(file bytes: [UInt8]) -> String? {
        let table: DivisionTable
        do {
            table = try DivisionTableReader.read(bytes, path: path)
        } catch {
            return error.description.hasPrefix(path) ? nil : "a refusal that does not name the file: \(error)"
        }
        for index in 0..<table.count where !table.isWithin(index, provinceOf(index, in: table)) {
            return "division \(index) has no province above it"
        }
        let lookup = PointLookup(
            table: table, grid: PartGrid(table.polygons), reachMetres: Double(table.displacementMetres))
        for (latitude, longitude) in [(37.5663, 126.9779), (35.1798, 129.075), (33.5104, 126.4914), (0, 0)] {
            if let index = lookup.divisionIndex(latitude: latitude, longitude: longitude), index >= table.count {
                return "a lookup answered division \(index) of \(table.count)"
            }
        }
        let search = NameSearch(table)
        for query in ["서울", "부산 해운대구", "중구", ""] {
            if let index = search.divisions(matching: query, limit: 5, in: table).first(where: { $0 >= table.count }) {
                return "a search for \(query) answered division \(index) of \(table.count)"
            }
        }
        return nil
    }

    /// The province at the top of division `index`'s parents (itself for a province), or -1 when its
    /// parents end elsewhere.
    private static func provinceOf(_ index: Int, in table: DivisionTable) -> Int {
        var current = index
        var steps = 0
        while current >= 0, steps <= 4 {
            if table.levels[current] == 0 { return current }
            current = Int(table.parents[current])
            steps += 1
        }
        return -1
    }
}
