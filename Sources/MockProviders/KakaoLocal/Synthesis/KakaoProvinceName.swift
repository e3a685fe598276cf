import KoreaRegions

/// The two spellings Kakao gives a province (kakao-local.md §2.2, §6.4): the long, official one
/// (`서울특별시`, `경기도`) in `coord2regioncode` and in a road address, and the short one (`서울`,
/// `경기`) in a lot-number address, every `region_1depth_name` of `coord2address` and `search/address`.
///
/// Jeju keeps its long name in the short form too (`제주특별자치도`, confirmed by the reference). Our
/// choice, unconfirmed: Sejong (`세종특별자치시`) and Gangwon (`강원특별자치도`, the name since June
/// 2023) do the same, since Kakao's two-letter forms predate those names. The boundaries' base date is
/// 2023-09-15, so Jeonbuk is still `전라북도` (`전북`), code 45, before its January 2024 renaming.
enum KakaoProvinceName {
    /// The short form of the province named `official`.
    static func short(_ official: String) -> String {
        shortForms[official] ?? official
    }

    /// Official names to Kakao's short forms; a province not listed keeps its official name.
    private static let shortForms: [String: String] = [
        "서울특별시": "서울", "부산광역시": "부산", "대구광역시": "대구", "인천광역시": "인천",
        "광주광역시": "광주", "대전광역시": "대전", "울산광역시": "울산", "경기도": "경기",
        "강원도": "강원", "충청북도": "충북", "충청남도": "충남", "전라북도": "전북",
        "전라남도": "전남", "경상북도": "경북", "경상남도": "경남",
    ]
}

extension LegalDivision {
    /// The district as `region_2depth_name` writes it (`중구`, `성남시 분당구`), `""` in Sejong.
    var districtName: String { district?.name ?? "" }
}
