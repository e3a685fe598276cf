/// A place name as the weather screen shows it above the temperature: "서울 문래동3가".
///
/// Made from a Kakao ``KakaoAddress`` by ``init(_:)``, or directly (previews, tests, another source).
public struct PlaceName: Sendable, Hashable, CustomStringConvertible {
    /// The province and the neighbourhood, e.g. "서울 문래동3가", "대구 산격동", "경기 죽산면 죽산리".
    public var full: String
    /// The most specific part alone, for narrow labels: "문래동3가".
    public var short: String
    /// The province or metropolitan city in English ("Seoul", "Daegu", "Gyeonggi"), when it is one
    /// of Korea's seventeen; Kakao has no English for the neighbourhood.
    public var english: String?

    /// A name; no validation.
    public init(full: String, short: String, english: String? = nil) {
        self.full = full
        self.short = short
        self.english = english
    }

    /// The name of a Kakao address: `region_1depth_name` + " " + `region_3depth_name` of the 지번
    /// address, as the app reads them ("서울 문래동3가"; in 읍/면 areas the 3rd depth holds both,
    /// "경기 죽산면 죽산리").
    ///
    /// Fallbacks, each part trimmed: an empty 3rd depth gives the 2nd ("제주특별자치도 제주시"); an
    /// empty province gives the district alone; without a 지번 address, or when its region names are
    /// all empty, the road address's region names are used the same way. `nil` when no region name is
    /// left at all. ``short`` is the 3rd depth (else the 2nd, else the province); ``english`` is the
    /// province's English name in either spelling ("서울" or "서울특별시" → "Seoul").
    public init?(_ address: KakaoAddress) {
        let candidates: [[String]] = [
            address.address.map { [$0.region1DepthName, $0.region2DepthName, $0.region3DepthName] },
            address.roadAddress.map { [$0.region1DepthName, $0.region2DepthName, $0.region3DepthName] },
        ].compactMap { $0?.map(\.trimmingWhitespace) }
        guard let regions = candidates.first(where: { $0.contains { !$0.isEmpty } }) else { return nil }
        let province = regions[0]
        let local = regions[2].isEmpty ? regions[1] : regions[2]
        full = [province, local].filter { !$0.isEmpty }.joined(separator: " ")
        short = local.isEmpty ? province : local
        english = ProvinceNames.english(province)
    }

    /// ``full``.
    public var description: String { full }
}
