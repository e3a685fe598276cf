import Basics
import KoreaRegions
import MockEngine

/// `search/address` answered for a region's name (kakao-local.md §4): `부산 해운대구`, `해운대구 우동`,
/// `제주특별자치도`, each match a `REGION` document at the division's representative point, names in
/// the short province form, `road_address` null, keys in the alphabetical order the API prints them,
/// paged by `page` and `size` as the API pages (`meta.is_end`, `pageable_count`).
///
/// Only region names are answered: a query with a road name or a lot number (`세종대로 110`,
/// `우동 1410`) finds no division, and gets the API's empty answer rather than an invented parcel.
/// `h_code` and `region_3depth_h_name` carry the legal town standing in for the administrative dong
/// (``KakaoRegionDocuments``).
struct KakaoAddressSearch: Sendable {
    /// The API's page size when `size` is absent, and its largest page and size.
    static let defaultSize = 10
    static let largestPage = 45
    static let largestSize = 30

    let query: String
    let page: Int
    let size: Int

    /// The search for `query`, with `page` and `size` as sent (absent or unreadable: the defaults).
    init(query: String, page: String?, size: String?) {
        self.query = query
        self.page = page.flatMap { Int($0.trimmingASCIIWhitespace()) }.map { min(max($0, 1), Self.largestPage) } ?? 1
        self.size =
            size.flatMap { Int($0.trimmingASCIIWhitespace()) }.map { min(max($0, 1), Self.largestSize) }
            ?? Self.defaultSize
    }

    /// The answer's JSON for the divisions `regions` finds.
    func body(in regions: KoreaRegions) -> JSONValue {
        let matches = regions.divisions(matching: query, limit: Self.largestPage * Self.largestSize)
        let first = (page - 1) * size
        let shown = first < matches.count ? Array(matches[first..<min(first + size, matches.count)]) : []
        return .object([
            ("documents", .array(shown.map(Self.document))),
            (
                "meta",
                .object([
                    ("is_end", .bool(first + size >= matches.count)),
                    ("pageable_count", .number(matches.count)),
                    ("total_count", .number(matches.count)),
                ])
            ),
        ])
    }

    /// One `REGION` document.
    static func document(_ division: LegalDivision) -> JSONValue {
        let province = KakaoProvinceName.short(division.province.name)
        let town = [division.town?.name, division.village?.name].compactMap { $0 }.joined(separator: " ")
        let name = [province, division.districtName, town].filter { !$0.isEmpty }.joined(separator: " ")
        let x = JSONValue.string(NumberText.shortest(division.longitude))
        let y = JSONValue.string(NumberText.shortest(division.latitude))
        let standIn = division.village == nil ? division.legalCode : ""
        return .object([
            (
                "address",
                .object([
                    ("address_name", .string(name)),
                    ("b_code", .string(division.legalCode)),
                    ("h_code", .string(standIn)),
                    ("main_address_no", .string("")),
                    ("mountain_yn", .string("N")),
                    ("region_1depth_name", .string(province)),
                    ("region_2depth_name", .string(division.districtName)),
                    ("region_3depth_h_name", .string(division.village == nil ? division.town?.name ?? "" : "")),
                    ("region_3depth_name", .string(town)),
                    ("sub_address_no", .string("")),
                    ("x", x),
                    ("y", y),
                ])
            ),
            ("address_name", .string(name)),
            ("address_type", .string("REGION")),
            ("road_address", .null),
            ("x", x),
            ("y", y),
        ])
    }
}
