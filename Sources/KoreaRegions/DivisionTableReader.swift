/// Reads `divisions.bin` as `Scripts/generate-korea-regions.py` writes it (its docstring has the format):
/// the magic and version, the displacement, the divisions (parents first) and the areas' polygons. Every
/// value is checked where it is read (a parent before its child and its code a prefix of the child's, a
/// point within Korea's box, a ring of three points or more, nothing after the last area), and the first
/// problem ends the reading: the table is whole or not there.
enum DivisionTableReader {
    /// The file's first bytes: `MWKOREA` and the format version, 1.
    static let magic: [UInt8] = Array("MWKOREA".utf8) + [1]
    /// The legal code's digit count at each level.
    static let codeDigits = [2, 5, 8, 10]
    /// Korea's box with a margin, in units of ``DivisionTable/quantum``: 30–45°N, 120–135°E.
    static let latitudes = 3_000_000...4_500_000
    static let longitudes = 12_000_000...13_500_000

    /// The table in `bytes`, the contents of the file at `path`.
    static func read(_ bytes: [UInt8], path: String) throws(KoreaRegionsError) -> DivisionTable {
        var cursor = ByteCursor(bytes, path: path)
        let header = try cursor.bytes(magic.count, what: "the header (MWKOREA and the version)")
        guard Array(header) == magic else {
            throw cursor.problem(at: 0, "the header is not MWKOREA and version 1: not a file the generator writes")
        }
        var table = DivisionTable()
        let displacementOffset = cursor.offset
        table.displacementMetres = try cursor.unsigned("the displacement", atMost: 1_000)
        guard Double(2 * table.displacementMetres) <= KoreaRegions.boundaryTolerance else {
            throw cursor.problem(
                at: displacementOffset,
                "the polygons' displacement is \(table.displacementMetres) m, more than half the "
                    + "\(KoreaRegions.boundaryTolerance) m KoreaRegions.boundaryTolerance promises")
        }
        let count = try cursor.unsigned("the division count", atMost: 1_000_000)
        for index in 0..<count { try readDivision(index, from: &cursor, into: &table) }
        let areas = try cursor.unsigned("the area count", atMost: UInt64(count))
        for area in 0..<areas { try readArea(area, from: &cursor, into: &table) }
        guard cursor.isAtEnd else { throw cursor.problem(at: cursor.offset, "bytes after the last area") }
        return table
    }

    private static func readDivision(
        _ index: Int, from cursor: inout ByteCursor, into table: inout DivisionTable
    ) throws(KoreaRegionsError) {
        let what = "division \(index)"
        let level = try cursor.unsigned("\(what)'s level", atMost: 3)
        let parentOffset = cursor.offset
        let parent = try cursor.unsigned("\(what)'s parent", atMost: UInt64(index)) - 1
        guard (parent < 0) == (level == 0), parent < 0 || Int(table.levels[parent]) < level else {
            throw cursor.problem(at: parentOffset, "\(what) (level \(level)) has parent \(parent), not one level up")
        }
        let codeOffset = cursor.offset
        let digits = codeDigits[level]
        let number = try cursor.unsigned("\(what)'s code", atMost: UInt64(power(10, digits) - 1))
        let code = String(number)
        guard code.utf8.count == digits, parent < 0 || code.hasPrefix(table.codes[parent]) else {
            throw cursor.problem(at: codeOffset, "\(what)'s code \(code) is not \(digits) digits under its parent's")
        }
        table.levels.append(UInt8(level))
        table.parents.append(Int32(parent))
        table.codes.append(code)
        table.names.append(try cursor.name("\(what)'s name"))
        table.pointLatitudes.append(Int32(try cursor.signed("\(what)'s latitude", in: latitudes)))
        table.pointLongitudes.append(Int32(try cursor.signed("\(what)'s longitude", in: longitudes)))
    }

    private static func readArea(
        _ area: Int, from cursor: inout ByteCursor, into table: inout DivisionTable
    ) throws(KoreaRegionsError) {
        let owner = try cursor.unsigned("area \(area)'s division", atMost: UInt64(table.count - 1))
        let parts = try cursor.unsigned("area \(area)'s part count", atMost: 1_000_000)
        for part in 0..<parts {
            let what = "area \(area) part \(part)"
            // Each part's first point is a step from 0, 0.
            var longitude = 0
            var latitude = 0
            let rings = try cursor.unsigned("\(what)'s ring count", atMost: 1_000_000)
            guard rings > 0 else { throw cursor.problem(at: cursor.offset - 1, "\(what) has no ring") }
            for ring in 0..<rings {
                let countOffset = cursor.offset
                let points = try cursor.unsigned("\(what) ring \(ring)'s point count", atMost: 10_000_000)
                guard points >= 3 else {
                    throw cursor.problem(at: countOffset, "\(what) ring \(ring) has \(points) points, not 3 or more")
                }
                (longitude, latitude) = try cursor.steps(
                    points, from: (longitude, latitude), largestStep: longitudes.upperBound,
                    box: (longitudes, latitudes), what: "a step of \(what) ring \(ring)",
                    longitudes: &table.polygons.longitudes, latitudes: &table.polygons.latitudes)
                table.polygons.ringPoints.append(Int32(table.polygons.longitudes.count))
            }
            table.polygons.closePart(owner: owner)
        }
    }

    private static func power(_ base: Int, _ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { product, _ in product * base }
    }
}
