import Foundation
import Gazetteer
import Testing
import WorldData

/// The gazetteer the package ships (`World/gazetteer/`), read once for every suite that asks it.
enum BundledGazetteer {
    static let shared = Gazetteer(directory: WorldData.directory?.path(percentEncoded: false) ?? "/nonexistent")
}

@Suite struct GazetteerNameTests {
    let gazetteer = BundledGazetteer.shared

    @Test func theBundledGazetteerLoadsEveryPlace() {
        #expect(gazetteer.loadProblem == nil)
        #expect(gazetteer.count == 34_165)
    }

    @Test(arguments: ["Busan", "busan,kr", "BUSAN,KOR", "  Busan , KR ", "부산", "부산광역시", "Busan,10,KR"])
    func busanIsFoundByItsNamesAndCountry(query: String) {
        #expect(gazetteer.places(matching: query, limit: 5).first?.id == 1_838_524)
    }

    @Test func busanCarriesItsKoreanNameAndZone() throws {
        let busan = try #require(gazetteer.place(id: 1_838_524))
        #expect(busan.name == "Busan")
        #expect(busan.koreanName == "부산")
        #expect(busan.countryCode == "KR")
        #expect(busan.timeZone.identifier == "Asia/Seoul")
        #expect(abs(busan.latitude - 35.1017) < 0.00001 && abs(busan.longitude - 129.03) < 0.00001)
    }

    @Test func idsNameTheirGeoNamesPlaces() {
        #expect(gazetteer.place(id: 1_835_848)?.name == "Seoul")
        #expect(gazetteer.place(id: 1_835_848)?.koreanName == "서울")
        #expect(gazetteer.place(id: 2_643_743)?.name == "London")
        #expect(gazetteer.place(id: 1) == nil)
    }

    @Test func londonAloneIsTheMostPopulousLondon() {
        let londons = gazetteer.places(matching: "London", limit: 5)
        #expect(londons.map(\.countryCode) == ["GB", "CA"])
        #expect(londons.first?.id == 2_643_743)
    }

    @Test func aCountryCodeOrAliasNarrowsTheMatches() {
        #expect(gazetteer.places(matching: "London,uk", limit: 5).map(\.id) == [2_643_743])
        #expect(gazetteer.places(matching: "london,GBR", limit: 5).map(\.id) == [2_643_743])
        #expect(gazetteer.places(matching: "London,CA", limit: 5).map(\.id) == [6_058_560])
    }

    @Test func aStateCodeNarrowsTheMatchesInTheUS() {
        #expect(gazetteer.places(matching: "Paris", limit: 1).first?.countryCode == "FR")
        #expect(gazetteer.places(matching: "Paris,TX,US", limit: 5).map(\.id) == [4_717_560])
    }

    @Test func diacriticsAndCaseAreFolded() {
        let accented = gazetteer.places(matching: "São Paulo", limit: 1).map(\.id)
        #expect(accented == [3_448_439])
        #expect(gazetteer.places(matching: "sao paulo", limit: 1).map(\.id) == accented)
        #expect(gazetteer.places(matching: "SAO  PAULO,br", limit: 1).map(\.id) == accented)
    }

    @Test func aKoreanCityNamedWithSiIsFoundWithoutIt() {
        #expect(gazetteer.places(matching: "Cheongju", limit: 1).first?.name == "Cheongju-si")
    }

    @Test(arguments: ["Seuol", "Nowhereville", "London,zz", "London,GB,extra,part", "", " , KR"])
    func aNameOrCountryThatIsNotThereFindsNothing(query: String) {
        #expect(gazetteer.places(matching: query, limit: 5).isEmpty)
    }

    @Test func theLimitCapsTheMatches() {
        #expect(gazetteer.places(matching: "London", limit: 1).count == 1)
        #expect(gazetteer.places(matching: "London", limit: 0).isEmpty)
    }
}
