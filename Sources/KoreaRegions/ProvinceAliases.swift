/// The other names a Kakao `search/address` query may give a province: Kakao's short form (`부산`, `경기`,
/// `충북`; /work/shared/reference/kakao-local.md §2, §4), the `-시`/`-도` forms people write, and the
/// names that changed after the NGII data's base date (2023-09-15): 전라북도 became 전북특별자치도 on
/// 2024-01-18. The official name in the data is always accepted as well.
enum ProvinceAliases {
    /// The aliases of the province with legal code `code`, or none.
    static func aliases(code: String) -> [String] {
        table[code] ?? []
    }

    private static let table: [String: [String]] = [
        "11": ["서울", "서울시"], "26": ["부산", "부산시"], "27": ["대구", "대구시"], "28": ["인천", "인천시"],
        "29": ["광주", "광주시"], "30": ["대전", "대전시"], "31": ["울산", "울산시"], "36": ["세종", "세종시"],
        "41": ["경기"], "42": ["강원", "강원도"], "43": ["충북"], "44": ["충남"],
        "45": ["전북", "전북특별자치도"], "46": ["전남"], "47": ["경북"], "48": ["경남"], "50": ["제주", "제주도"],
    ]
}
