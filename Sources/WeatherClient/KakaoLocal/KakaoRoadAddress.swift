/// A 도로명 (road-name) address as Kakao Local sends it: the `road_address` object of
/// `coord2address` and of `search/address` documents.
///
/// Every field is the API's string as sent (`"110"`, `""` when empty; ``zoneNumber`` keeps its
/// leading zero). ``addressName`` spells the province in its **long** form in `coord2address`
/// (`"서울특별시 중구 세종대로 110"`) and its short form in `search/address`
/// (`"서울 중구 세종대로 110"`); ``region1DepthName`` is always the short form (`"서울"`). The
/// coordinate fields only `search/address` sends are `nil` for `coord2address`.
public struct KakaoRoadAddress: Sendable, Hashable, Decodable {
    /// The whole road-name address (`address_name`).
    public var addressName: String
    /// The province or metropolitan city, short form: `"서울"` (`region_1depth_name`).
    public var region1DepthName: String
    /// The city, county or district: `"중구"` (`region_2depth_name`).
    public var region2DepthName: String
    /// The 읍/면/동, possibly `""` (`region_3depth_name`).
    public var region3DepthName: String
    /// The road, e.g. `"세종대로"` (`road_name`).
    public var roadName: String
    /// `"Y"` for an underground building, `"N"` otherwise (`underground_yn`); see ``isUnderground``.
    public var undergroundYN: String
    /// The main building number, e.g. `"110"` (`main_building_no`).
    public var mainBuildingNumber: String
    /// The sub building number, e.g. `"4"`, or `""` when there is none (`sub_building_no`).
    public var subBuildingNumber: String
    /// The building's name, e.g. `"서울특별시청"`, or `""` when it has none (`building_name`).
    public var buildingName: String
    /// The 5-digit postal code, e.g. `"04524"` (`zone_no`): a string, because of the leading zero.
    public var zoneNumber: String
    /// Longitude as the API writes it (`x`); `search/address` only.
    public var x: String?
    /// Latitude as the API writes it (`y`); `search/address` only.
    public var y: String?

    /// True when ``undergroundYN`` is `"Y"`.
    public var isUnderground: Bool { undergroundYN == "Y" }

    private enum CodingKeys: String, CodingKey {
        case addressName = "address_name"
        case region1DepthName = "region_1depth_name"
        case region2DepthName = "region_2depth_name"
        case region3DepthName = "region_3depth_name"
        case roadName = "road_name"
        case undergroundYN = "underground_yn"
        case mainBuildingNumber = "main_building_no"
        case subBuildingNumber = "sub_building_no"
        case buildingName = "building_name"
        case zoneNumber = "zone_no"
        case x, y
    }
}
