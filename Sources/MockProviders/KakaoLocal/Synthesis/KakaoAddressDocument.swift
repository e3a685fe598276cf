import Basics
import KoreaRegions
import MockEngine

/// `coord2address`'s answer at a point (kakao-local.md §2.2): one document whose lot-number
/// (지번) `address` names the legal division holding the point in Kakao's short province form, with
/// `road_address` null (the boundaries know no roads, and null is what the API gives where no road
/// address is known); at sea or outside South Korea no document.
///
/// The lot number is invented (the boundaries hold no parcels): a deterministic function of the point
/// to about 11 m, so the same spot always gets the same number and a drive sees them change. In a
/// township with villages `region_3depth_name` holds both (`죽산면 죽산리`), as the API writes it.
/// `mountain_yn` is always `N`; `zip_code` is `""`, deprecated, as the API sends it.
struct KakaoAddressDocument: Sendable {
    /// The division holding the point.
    let division: LegalDivision
    /// `main_address_no`, 1...999.
    let mainNumber: Int
    /// `sub_address_no`, nil for none (`""`).
    let subNumber: Int?

    /// The document for the point at `latitude`, `longitude` in `division`.
    init(division: LegalDivision, latitude: Double, longitude: Double) {
        self.division = division
        let cell =
            UInt64(bitPattern: Int64((latitude * 10_000).rounded())) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(bitPattern: Int64((longitude * 10_000).rounded()))
        let mixed = Self.mix(cell)
        mainNumber = Int(mixed % 999) + 1
        let sub = Int((mixed >> 20) % 50)
        subNumber = sub < 20 ? nil : sub - 19
    }

    /// `region_3depth_name`: the town, and the village after it where there is one.
    var townName: String {
        [division.town?.name, division.village?.name].compactMap { $0 }.joined(separator: " ")
    }

    /// `343-1`, or `343` without a sub-number.
    var lotNumber: String {
        subNumber.map { "\(mainNumber)-\($0)" } ?? String(mainNumber)
    }

    /// The answer's JSON: the document, or none at sea.
    static func body(_ document: KakaoAddressDocument?) -> JSONValue {
        guard let document else { return KakaoRegionDocuments.emptyAnswer }
        return .object([
            ("meta", .object([("total_count", .number(1))])),
            ("documents", .array([.object([("road_address", .null), ("address", document.address)])])),
        ])
    }

    /// The `address` object.
    var address: JSONValue {
        let province = KakaoProvinceName.short(division.province.name)
        let names = [province, division.districtName, townName, lotNumber].filter { !$0.isEmpty }
        return .object([
            ("address_name", .string(names.joined(separator: " "))),
            ("region_1depth_name", .string(province)),
            ("region_2depth_name", .string(division.districtName)),
            ("region_3depth_name", .string(townName)),
            ("mountain_yn", .string("N")),
            ("main_address_no", .string(String(mainNumber))),
            ("sub_address_no", .string(subNumber.map(String.init) ?? "")),
            ("zip_code", .string("")),
        ])
    }

    /// SplitMix64's finaliser: neighbouring cells get unrelated numbers.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
