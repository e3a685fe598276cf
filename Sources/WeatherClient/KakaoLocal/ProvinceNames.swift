/// English names of Korea's seventeen provinces and metropolitan cities, from either spelling Kakao
/// uses: the short one of `region_1depth_name` ("서울", "경기") and the long one of road addresses and
/// region codes ("서울특별시", "경기도", including the newer 특별자치도 names).
enum ProvinceNames {
    /// "Seoul" for "서울" or "서울특별시"; `nil` for anything else.
    static func english(_ korean: String) -> String? {
        table[korean]
    }

    private static let table: [String: String] = {
        let spellings: [(String, [String])] = [
            ("Seoul", ["서울", "서울특별시"]),
            ("Busan", ["부산", "부산광역시"]),
            ("Daegu", ["대구", "대구광역시"]),
            ("Incheon", ["인천", "인천광역시"]),
            ("Gwangju", ["광주", "광주광역시"]),
            ("Daejeon", ["대전", "대전광역시"]),
            ("Ulsan", ["울산", "울산광역시"]),
            ("Sejong", ["세종", "세종특별자치시"]),
            ("Gyeonggi", ["경기", "경기도"]),
            ("Gangwon", ["강원", "강원도", "강원특별자치도"]),
            ("Chungbuk", ["충북", "충청북도"]),
            ("Chungnam", ["충남", "충청남도"]),
            ("Jeonbuk", ["전북", "전라북도", "전북특별자치도"]),
            ("Jeonnam", ["전남", "전라남도"]),
            ("Gyeongbuk", ["경북", "경상북도"]),
            ("Gyeongnam", ["경남", "경상남도"]),
            ("Jeju", ["제주", "제주특별자치도"]),
        ]
        var table: [String: String] = [:]
        for (english, koreans) in spellings {
            for korean in koreans { table[korean] = english }
        }
        return table
    }()
}
