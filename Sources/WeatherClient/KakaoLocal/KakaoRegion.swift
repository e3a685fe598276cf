/// One region document of Kakao Local's `coord2regioncode`: the 법정동 (`region_type` `"B"`) or the
/// 행정동 (`"H"`) a coordinate lies in.
///
/// Names are in the **long** form here (`"경기도"`, `"서울특별시"`), and ``region2DepthName`` may
/// hold a city and its district together (`"성남시 분당구"`). Unlike the address endpoints, `x` and
/// `y` are JSON numbers: the region's representative point, not the coordinate asked about.
public struct KakaoRegion: Sendable, Hashable, Decodable {
    /// `"B"` (법정동, legal) or `"H"` (행정동, administrative), as sent (`region_type`).
    public var regionType: String
    /// The whole region name, e.g. `"경기도 성남시 분당구 삼평동"` (`address_name`).
    public var addressName: String
    /// The province or metropolitan city, long form: `"경기도"` (`region_1depth_name`).
    public var region1DepthName: String
    /// The city and district: `"성남시 분당구"` (`region_2depth_name`).
    public var region2DepthName: String
    /// The 동/읍/면: `"삼평동"` (`region_3depth_name`).
    public var region3DepthName: String
    /// The 리, usually `""` (`region_4depth_name`).
    public var region4DepthName: String
    /// The 10-digit region code, e.g. `"4113510900"` (`code`).
    public var code: String
    /// The representative point's longitude (`x`, a number).
    public var x: Double
    /// The representative point's latitude (`y`, a number).
    public var y: Double

    /// The representative point: ``y`` as latitude, ``x`` as longitude.
    public var coordinate: Coordinate { Coordinate(latitude: y, longitude: x) }

    /// True for the 법정동 document (`"B"`).
    public var isLegal: Bool { regionType == "B" }

    /// True for the 행정동 document (`"H"`).
    public var isAdministrative: Bool { regionType == "H" }

    private enum CodingKeys: String, CodingKey {
        case regionType = "region_type"
        case addressName = "address_name"
        case region1DepthName = "region_1depth_name"
        case region2DepthName = "region_2depth_name"
        case region3DepthName = "region_3depth_name"
        case region4DepthName = "region_4depth_name"
        case code, x, y
    }
}
