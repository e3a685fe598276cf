/// A 지번 (land-lot) address as Kakao Local sends it: the `address` object of `coord2address` and of
/// `search/address` documents.
///
/// Every field is the API's string as sent, empty strings included (`"sub_address_no": ""` when
/// there is none). The province is in its **short** form here (`"서울"`, `"경기"`, `"대구"`; Jeju is
/// `"제주특별자치도"`), in ``addressName`` and ``region1DepthName`` alike. The fields only
/// `search/address` sends are `nil` for `coord2address`.
public struct KakaoLandLotAddress: Sendable, Hashable, Decodable {
    /// The whole address, e.g. `"서울 중구 태평로1가 31"` (`address_name`).
    public var addressName: String
    /// The province or metropolitan city, short form: `"서울"` (`region_1depth_name`).
    public var region1DepthName: String
    /// The city, county or district: `"중구"`, `"안성시"` (`region_2depth_name`).
    public var region2DepthName: String
    /// The 법정동, or 읍/면 and 리 together in rural areas: `"태평로1가"`, `"죽산면 죽산리"`
    /// (`region_3depth_name`).
    public var region3DepthName: String
    /// `"Y"` for a mountain lot (산), `"N"` otherwise (`mountain_yn`); see ``isMountain``.
    public var mountainYN: String
    /// The main lot number, e.g. `"343"` (`main_address_no`).
    public var mainAddressNumber: String
    /// The sub lot number, e.g. `"1"`, or `""` when there is none (`sub_address_no`).
    public var subAddressNumber: String
    /// Deprecated by Kakao and sent as `""` by `coord2address`; often absent from `search/address`
    /// (`zip_code`). Use ``KakaoRoadAddress/zoneNumber`` for the postal code.
    public var zipCode: String?
    /// The 행정동 name, e.g. `"명동"` (`region_3depth_h_name`); `search/address` only.
    public var region3DepthHName: String?
    /// The 10-digit 행정동 code, e.g. `"1114055000"` (`h_code`); `search/address` only.
    public var hCode: String?
    /// The 10-digit 법정동 code, e.g. `"1114010300"` (`b_code`); `search/address` only.
    public var bCode: String?
    /// Longitude as the API writes it, e.g. `"126.977829174031"` (`x`); `search/address` only.
    public var x: String?
    /// Latitude as the API writes it, e.g. `"37.5663174209601"` (`y`); `search/address` only.
    public var y: String?

    /// True when ``mountainYN`` is `"Y"`.
    public var isMountain: Bool { mountainYN == "Y" }

    private enum CodingKeys: String, CodingKey {
        case addressName = "address_name"
        case region1DepthName = "region_1depth_name"
        case region2DepthName = "region_2depth_name"
        case region3DepthName = "region_3depth_name"
        case mountainYN = "mountain_yn"
        case mainAddressNumber = "main_address_no"
        case subAddressNumber = "sub_address_no"
        case zipCode = "zip_code"
        case region3DepthHName = "region_3depth_h_name"
        case hCode = "h_code"
        case bCode = "b_code"
        case x, y
    }
}
