/// The regions a coordinate lies in, from Kakao Local's `coord2regioncode`: normally one 법정동 and
/// one 행정동 document; none at sea or outside Korea (not an error).
public struct KakaoRegionCodes: Sendable, Hashable {
    /// Every document in the order sent.
    public var regions: [KakaoRegion]

    /// The regions as sent; no validation.
    public init(regions: [KakaoRegion]) {
        self.regions = regions
    }

    /// The first 법정동 (`"B"`) document, or `nil` when there is none.
    public var legal: KakaoRegion? { regions.first(where: \.isLegal) }

    /// The first 행정동 (`"H"`) document, or `nil` when there is none.
    public var administrative: KakaoRegion? { regions.first(where: \.isAdministrative) }

    /// True when Kakao has no region at the coordinate.
    public var isEmpty: Bool { regions.isEmpty }
}
