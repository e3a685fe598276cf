import KoreaRegions
import Testing

@Suite struct KoreaRegionsSearchTests {
    private let regions = KoreaRegionsFixture.regions

    @Test func aShortProvinceAndADistrictNameTheDistrict() throws {
        let found = regions.divisions(matching: "부산 해운대구", limit: 10)
        let first = try #require(found.first)
        #expect(first.province.name == "부산광역시")
        #expect(first.district == DivisionName(name: "해운대구", code: "26350"))
        #expect(first.town == nil)
        #expect(first.legalCode == "2635000000")
        #expect(found.count == 1)
        let point = try #require(regions.division(latitude: first.latitude, longitude: first.longitude))
        #expect(point.district?.code == "26350")
    }

    @Test func aProvincesLongNameNamesTheProvince() throws {
        let found = regions.divisions(matching: "부산광역시", limit: 10)
        #expect(found.count == 1)
        let busan = try #require(found.first)
        #expect(busan.district == nil)
        #expect(busan.legalCode == "2600000000")
        #expect(regions.division(latitude: busan.latitude, longitude: busan.longitude)?.province.code == "26")
    }

    @Test func aFullPathNamesTheTown() throws {
        let found = regions.divisions(matching: "제주특별자치도 서귀포시 성산읍", limit: 10)
        #expect(found.count == 1)
        let town = try #require(found.first)
        #expect(town.town == DivisionName(name: "성산읍", code: "50130259"))
        #expect(town.village == nil)
        #expect(regions.division(latitude: town.latitude, longitude: town.longitude)?.town?.code == "50130259")
    }

    @Test func aDistrictAndATownNameTheTown() throws {
        let found = regions.divisions(matching: "해운대구 우동", limit: 10)
        #expect(found.map(\.legalCode) == ["2635010500"])
        #expect(found.first?.town?.name == "우동")
    }

    @Test func exactMatchesComeBeforePartialOnes() {
        let found = regions.divisions(matching: "부산", limit: 5)
        #expect(found.first?.legalCode == "2600000000")
        #expect(found.dropFirst().contains { $0.district?.name == "부산진구" })
        #expect(regions.divisions(matching: "부산", limit: 1).count == 1)
    }

    @Test func aCityNamesItsGeneralDistricts() {
        let found = regions.divisions(matching: "수원시", limit: 10)
        #expect(found.map { $0.district?.name ?? "" } == ["수원시 장안구", "수원시 권선구", "수원시 팔달구", "수원시 영통구"])
        #expect(regions.divisions(matching: "경기 수원시 팔달구", limit: 10).map(\.legalCode) == ["4111500000"])
    }

    @Test func aNameChangedAfterTheBaseDateStillFindsTheProvince() {
        #expect(regions.divisions(matching: "전북특별자치도", limit: 1).first?.province.name == "전라북도")
        #expect(regions.divisions(matching: "강원", limit: 1).first?.province.name == "강원특별자치도")
    }

    @Test func anUnknownNameFindsNothing() {
        #expect(regions.divisions(matching: "아틀란티스", limit: 10).isEmpty)
        #expect(regions.divisions(matching: "부산 강남구", limit: 10).isEmpty)
        #expect(regions.divisions(matching: "   ", limit: 10).isEmpty)
    }
}
