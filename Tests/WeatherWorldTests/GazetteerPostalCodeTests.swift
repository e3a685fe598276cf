import Gazetteer
import Testing

@Suite struct GazetteerPostalCodeTests {
    let gazetteer = BundledGazetteer.shared

    @Test(arguments: [
        ("04524", 1_835_848),  // Seoul, Jung-gu
        ("48058", 1_838_524),  // Busan, Haeundae
        ("63122", 1_846_266),  // Jeju City
        ("16490", 1_835_553),  // Gyeonggi: Suwon
        ("25000", 1_833_105),  // Gangwon: Wonju, its most populous place
        ("30100", 11_523_293),  // Sejong
    ])
    func aKoreanCodeStandsForItsZonesMostPopulousPlace(code: String, id: Int) {
        #expect(gazetteer.place(postalCode: code, country: "KR")?.id == id)
    }

    @Test(arguments: ["123-456", "4852", "99999", "00123", "abcde"])
    func aKoreanCodeOutsideTheZonesNamesNothing(code: String) {
        #expect(gazetteer.place(postalCode: code, country: "kr") == nil)
    }

    @Test func anotherCountrysCodeStandsForItsMostPopulousPlace() {
        #expect(gazetteer.place(postalCode: "E14", country: "GB")?.id == 2_643_743)
        #expect(gazetteer.place(postalCode: "E14", country: "uk")?.id == 2_643_743)
    }

    @Test func noCountryMeansTheUnitedStates() {
        #expect(gazetteer.place(postalCode: "10001", country: nil)?.id == 5_128_581)
    }

    @Test func anEmptyCodeOrUnknownCountryNamesNothing() {
        #expect(gazetteer.place(postalCode: " ", country: "GB") == nil)
        #expect(gazetteer.place(postalCode: "E14", country: "ZZ") == nil)
    }
}
