import Foundation
import Testing
import WeatherClient

/// PlaceName: the name a weather screen shows for a Kakao address.
@Suite struct KakaoLocalPlaceNameTests {
    private static let somewhere = Coordinate(latitude: 37.5, longitude: 127)

    private func placeName(answering body: String) async throws -> PlaceName? {
        try await KakaoLocalClient.testing(InMemoryTransport(.json(body))).placeName(at: Self.somewhere)
    }

    /// A synthetic document with the given 지번 region names (and no road address).
    private func document(_ region1: String, _ region2: String, _ region3: String) throws -> KakaoAddress {
        try KakaoFixtures.decode(
            KakaoAddress.self,
            """
            {"road_address":null,"address":{"address_name":"\(region1) \(region2) \(region3) 1",\
            "region_1depth_name":"\(region1)","region_2depth_name":"\(region2)","region_3depth_name":"\(region3)",\
            "mountain_yn":"N","main_address_no":"1","sub_address_no":"","zip_code":""}}
            """)
    }

    /// The campus is "서울 문래동3가": the 지번 province and neighbourhood.
    @Test func campusIsNamedProvinceThenNeighbourhood() async throws {
        #expect(
            try await placeName(answering: KakaoFixtures.sesacCampus)
                == PlaceName(full: "서울 문래동3가", short: "문래동3가", english: "Seoul"))
    }

    /// City Hall, Daegu and the official example are named from their 지번 region names.
    @Test func referenceAddressesAreNamedFromTheirLandLotRegions() async throws {
        #expect(
            try await placeName(answering: KakaoFixtures.cityHall)
                == PlaceName(full: "서울 태평로1가", short: "태평로1가", english: "Seoul"))
        #expect(
            try await placeName(answering: KakaoFixtures.daegu)
                == PlaceName(full: "대구 산격동", short: "산격동", english: "Daegu"))
        #expect(
            try await placeName(answering: KakaoFixtures.officialExample)
                == PlaceName(full: "경기 죽산면 죽산리", short: "죽산면 죽산리", english: "Gyeonggi"))
    }

    /// A point at sea has no name.
    @Test func seaPointHasNoName() async throws {
        #expect(try await placeName(answering: KakaoFixtures.sea) == nil)
    }

    /// An empty neighbourhood falls back to the district ("제주특별자치도 제주시").
    @Test func emptyNeighbourhoodFallsBackToTheDistrict() throws {
        let name = PlaceName(try document("제주특별자치도", "제주시", ""))

        #expect(name == PlaceName(full: "제주특별자치도 제주시", short: "제주시", english: "Jeju"))
    }

    /// An empty province leaves the neighbourhood alone; only a province leaves the province.
    @Test func emptyPartsAreLeftOut() throws {
        #expect(PlaceName(try document("", "중구", "태평로1가")) == PlaceName(full: "태평로1가", short: "태평로1가"))
        #expect(PlaceName(try document(" 서울 ", "", "")) == PlaceName(full: "서울", short: "서울", english: "Seoul"))
        #expect(PlaceName(try document("", " ", "")) == nil)
    }

    /// Without a 지번 address, the road address's region names are used.
    @Test func withoutALandLotAddressTheRoadAddressNamesThePlace() throws {
        let road = try KakaoFixtures.decode(
            KakaoAddress.self,
            """
            {"address":null,"road_address":{"address_name":"서울특별시 중구 세종대로 110","region_1depth_name":"서울",\
            "region_2depth_name":"중구","region_3depth_name":"태평로1가","road_name":"세종대로","underground_yn":"N",\
            "main_building_no":"110","sub_building_no":"","building_name":"서울특별시청","zone_no":"04524"}}
            """)

        #expect(PlaceName(road) == PlaceName(full: "서울 태평로1가", short: "태평로1가", english: "Seoul"))
        #expect(PlaceName(road)?.description == "서울 태평로1가")
    }

    /// Both spellings of a province have the same English name; unknown ones have none.
    @Test func bothSpellingsOfAProvinceHaveTheSameEnglishName() throws {
        #expect(PlaceName(try document("서울특별시", "영등포구", "문래동3가"))?.english == "Seoul")
        #expect(PlaceName(try document("강원특별자치도", "춘천시", "효자동"))?.english == "Gangwon")
        #expect(PlaceName(try document("경상북도", "포항시 북구", "죽도동"))?.english == "Gyeongbuk")
        #expect(PlaceName(try document("Atlantis", "", "Harbour"))?.english == nil)
    }
}
