/// One document of Kakao Local's `search/address`: a matching address with both forms where the API
/// has them.
///
/// `x` and `y` are strings, as sent. ``addressType`` says what matched; for a region match
/// (`REGION`) there is no road address, and for a road match (`ROAD`) possibly no 지번 address.
public struct KakaoAddressSearchResult: Sendable, Hashable, Decodable {
    /// The matched address as written, e.g. `"서울 중구 세종대로 110"` (`address_name`).
    public var addressName: String
    /// `"REGION"`, `"ROAD"`, `"REGION_ADDR"` or `"ROAD_ADDR"`, as sent (`address_type`).
    public var addressType: String
    /// Longitude as the API writes it, e.g. `"126.977829174031"` (`x`).
    public var x: String
    /// Latitude as the API writes it, e.g. `"37.5663174209601"` (`y`).
    public var y: String
    /// The 지번 address with its codes (`address`), or `nil`.
    public var address: KakaoLandLotAddress?
    /// The road-name address (`road_address`), or `nil`.
    public var roadAddress: KakaoRoadAddress?

    /// ``y`` as latitude and ``x`` as longitude, or `nil` when either is not a number.
    public var coordinate: Coordinate? {
        guard let latitude = Double(y), let longitude = Double(x) else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private enum CodingKeys: String, CodingKey {
        case addressName = "address_name"
        case addressType = "address_type"
        case x, y, address
        case roadAddress = "road_address"
    }
}
