import Basics
import KoreaRegions
import MockEngine

/// `coord2regioncode`'s answer at a point (kakao-local.md §3): the legal division (`B`) and the
/// administrative one (`H`), both in the long form of the province, `x`/`y` numbers at the division's
/// representative point; at sea or outside South Korea no document.
///
/// **The H document stands in.** The NGII legal boundaries hold no administrative dongs (행정동). In a
/// town or township (읍, 면) the two coincide, name and code, down to the town; in a city an
/// administrative dong often covers several legal dongs under another name (at Seoul City Hall, legal
/// 태평로1가 `1114010300`, administrative 명동 `1114055000`: the bundled recording keeps that). So the
/// H document is the legal town, without its village, with the town's code: exact in the countryside,
/// a named stand-in in cities.
enum KakaoRegionDocuments {
    /// The answer's JSON for the division at the point, nil at sea.
    static func body(_ division: LegalDivision?) -> JSONValue {
        guard let division else { return emptyAnswer }
        return .object([
            ("meta", .object([("total_count", .number(2))])),
            ("documents", .array([legal(division), administrative(division)])),
        ])
    }

    /// The answer where no division holds the point (kakao-local.md §2.6).
    static let emptyAnswer = JSONValue.object([
        ("meta", .object([("total_count", .number(0))])), ("documents", .array([])),
    ])

    /// The `B` document: down to the village where there is one (`region_4depth_name`).
    static func legal(_ division: LegalDivision) -> JSONValue {
        document(
            type: "B", division: division, town: division.town?.name ?? "", village: division.village?.name ?? "",
            code: division.legalCode)
    }

    /// The `H` document: the legal town standing in for the administrative dong.
    static func administrative(_ division: LegalDivision) -> JSONValue {
        var town = division
        town.village = nil
        return document(type: "H", division: town, town: town.town?.name ?? "", village: "", code: town.legalCode)
    }

    private static func document(type: String, division: LegalDivision, town: String, village: String, code: String)
        -> JSONValue
    {
        let names = [division.province.name, division.districtName, town, village].filter { !$0.isEmpty }
        return .object([
            ("region_type", .string(type)),
            ("address_name", .string(names.joined(separator: " "))),
            ("region_1depth_name", .string(division.province.name)),
            ("region_2depth_name", .string(division.districtName)),
            ("region_3depth_name", .string(town)),
            ("region_4depth_name", .string(village)),
            ("code", .string(code)),
            ("x", .number(division.longitude)),
            ("y", .number(division.latitude)),
        ])
    }
}
