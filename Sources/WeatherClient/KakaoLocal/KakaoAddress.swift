/// What Kakao Local's `coord2address` says is at a coordinate: the 지번 address and, where the point
/// has one, the road-name address.
///
/// `road_address: null` is normal (rural parcels, roads, mountains) and decodes as `nil`.
/// Whether `address` can be `null` too is not confirmed; it is decoded as optional so such an answer
/// still gives its road address. ``KakaoLocalClient/address(at:)`` never returns an address with
/// both `nil`: that is no address, and the call answers `nil`.
public struct KakaoAddress: Sendable, Hashable, Decodable {
    /// The 지번 address (`address`), province in short form.
    public var address: KakaoLandLotAddress?
    /// The road-name address (`road_address`), or `nil` where the point has none.
    public var roadAddress: KakaoRoadAddress?

    private enum CodingKeys: String, CodingKey {
        case address
        case roadAddress = "road_address"
    }
}

/// The body of `coord2address` and `coord2regioncode`: `meta.total_count` and the documents.
struct KakaoDocuments<Document: Decodable & Sendable>: Decodable, Sendable {
    struct Meta: Decodable, Sendable {
        var totalCount: Int

        private enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
        }
    }

    var meta: Meta
    var documents: [Document]
}
