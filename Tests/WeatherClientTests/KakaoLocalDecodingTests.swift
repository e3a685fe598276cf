import Foundation
import Testing
import WeatherClient

/// Decoding every Kakao Local body of the reference, through the client.
@Suite struct KakaoLocalDecodingTests {
    private static let somewhere = Coordinate(latitude: 37.0789561558879, longitude: 127.423084873712)

    private func address(answering body: String) async throws(KakaoLocalError) -> KakaoAddress? {
        try await KakaoLocalClient.testing(InMemoryTransport(.json(body))).address(at: Self.somewhere)
    }

    /// The official example keeps every field as sent, both spellings of the province included.
    @Test func officialExampleDecodesEveryFieldAsSent() async throws {
        let place = try #require(try await address(answering: KakaoFixtures.officialExample))
        let lot = try #require(place.address)
        let road = try #require(place.roadAddress)

        #expect(lot.addressName == "경기 안성시 죽산면 죽산리 343-1")
        #expect(lot.region1DepthName == "경기")
        #expect(lot.region2DepthName == "안성시")
        #expect(lot.region3DepthName == "죽산면 죽산리")
        #expect(lot.mountainYN == "N")
        #expect(!lot.isMountain)
        #expect(lot.mainAddressNumber == "343")
        #expect(lot.subAddressNumber == "1")
        #expect(lot.zipCode == "")
        #expect(lot.hCode == nil && lot.bCode == nil && lot.region3DepthHName == nil && lot.x == nil && lot.y == nil)

        #expect(road.addressName == "경기도 안성시 죽산면 죽산초교길 69-4")
        #expect(road.region1DepthName == "경기")
        #expect(road.region2DepthName == "안성시")
        #expect(road.region3DepthName == "죽산면")
        #expect(road.roadName == "죽산초교길")
        #expect(road.undergroundYN == "N")
        #expect(!road.isUnderground)
        #expect(road.mainBuildingNumber == "69")
        #expect(road.subBuildingNumber == "4")
        #expect(road.buildingName == "무지개아파트")
        #expect(road.zoneNumber == "17519")
        #expect(road.x == nil && road.y == nil)
    }

    /// City Hall: empty strings stay empty, the postal code keeps its leading zero, 서울특별시 and 서울 both kept.
    @Test func cityHallKeepsEmptyStringsAndTheLeadingZero() async throws {
        let place = try #require(try await address(answering: KakaoFixtures.cityHall))

        #expect(place.roadAddress?.addressName == "서울특별시 중구 세종대로 110")
        #expect(place.roadAddress?.region1DepthName == "서울")
        #expect(place.roadAddress?.zoneNumber == "04524")
        #expect(place.roadAddress?.subBuildingNumber == "")
        #expect(place.roadAddress?.buildingName == "서울특별시청")
        #expect(place.address?.addressName == "서울 중구 태평로1가 31")
        #expect(place.address?.region1DepthName == "서울")
        #expect(place.address?.region3DepthName == "태평로1가")
        #expect(place.address?.subAddressNumber == "")
    }

    /// Daegu decodes with its own province in both spellings.
    @Test func daeguDecodes() async throws {
        let place = try #require(try await address(answering: KakaoFixtures.daegu))

        #expect(place.address?.addressName == "대구 북구 산격동 1370-1")
        #expect(place.address?.region1DepthName == "대구")
        #expect(place.roadAddress?.addressName == "대구광역시 북구 대학로 80")
        #expect(place.roadAddress?.buildingName == "경북대학교")
        #expect(place.roadAddress?.zoneNumber == "41566")
    }

    /// A point at sea (total_count 0, no documents) is nil, not an error.
    @Test func seaPointHasNoAddressAndIsNotAnError() async throws {
        #expect(try await address(answering: KakaoFixtures.sea) == nil)
    }

    /// road_address: null is an address without a road address.
    @Test func nullRoadAddressIsAnAddressWithoutOne() async throws {
        let place = try #require(try await address(answering: KakaoFixtures.roadAddressNull))

        #expect(place.roadAddress == nil)
        #expect(place.address?.addressName == "서울 중구 태평로1가 31")
    }

    /// A document whose address and road address are both null is no address.
    @Test func documentWithNeitherAddressIsNoAddress() async throws {
        let body = #"{"meta":{"total_count":1},"documents":[{"road_address":null,"address":null}]}"#
        #expect(try await address(answering: body) == nil)
    }

    /// coord2regioncode gives the B and H documents, x/y as numbers, long-form names.
    @Test func regionCodesDecodeTheLegalAndAdministrativeDocuments() async throws {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.regionCodes)))

        let codes = try await client.regionCodes(at: Self.somewhere)

        #expect(codes.regions.map(\.regionType) == ["B", "H"])
        let legal = try #require(codes.legal)
        #expect(legal.addressName == "경기도 성남시 분당구 삼평동")
        #expect(legal.region1DepthName == "경기도")
        #expect(legal.region2DepthName == "성남시 분당구")
        #expect(legal.region3DepthName == "삼평동")
        #expect(legal.region4DepthName == "")
        #expect(legal.code == "4113510900")
        #expect(legal.coordinate == Coordinate(latitude: 37.40269721785548, longitude: 127.10459896729914))
        #expect(codes.administrative?.code == "4113565500")
        #expect(codes.administrative?.x == 127.1163593869371)
        #expect(codes.administrative?.y == 37.40612091848614)
    }

    /// coord2regioncode at sea is empty, not an error.
    @Test func regionCodesAtSeaAreEmpty() async throws {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.sea)))

        let codes = try await client.regionCodes(at: Self.somewhere)

        #expect(codes.isEmpty)
        #expect(codes.legal == nil && codes.administrative == nil)
    }

    /// search/address decodes meta, the document's string x/y and the nested extra fields.
    @Test func searchAddressDecodesMetaDocumentsAndNestedExtras() async throws {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.searchCityHall)))

        let page = try await client.searchAddress("서울 중구 세종대로 110")

        #expect(page.meta.totalCount == 1)
        #expect(page.meta.pageableCount == 1)
        #expect(page.meta.isEnd)
        let result = try #require(page.documents.first)
        #expect(result.addressName == "서울 중구 세종대로 110")
        #expect(result.addressType == "ROAD_ADDR")
        #expect(result.x == "126.977829174031")
        #expect(result.y == "37.5663174209601")
        #expect(result.coordinate == Coordinate(latitude: 37.5663174209601, longitude: 126.977829174031))
        #expect(result.address?.region3DepthHName == "명동")
        #expect(result.address?.hCode == "1114055000")
        #expect(result.address?.bCode == "1114010300")
        #expect(result.address?.zipCode == nil)
        #expect(result.address?.x == "126.977829174031")
        #expect(result.roadAddress?.addressName == "서울 중구 세종대로 110")
        #expect(result.roadAddress?.zoneNumber == "04524")
        #expect(result.roadAddress?.y == "37.5663174209601")
    }

    /// No match is an empty page.
    @Test func searchWithNoMatchIsAnEmptyPage() async throws {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.searchNothing)))

        let page = try await client.searchAddress("없는 주소")

        #expect(page.documents.isEmpty)
        #expect(page.meta.totalCount == 0 && page.meta.pageableCount == 0 && page.meta.isEnd)
    }

    /// A field of the wrong type names its JSON path, what was expected and what was found.
    @Test func wrongTypeNamesTheJSONPath() async {
        let body = KakaoFixtures.cityHall.replacingOccurrences(of: #""zone_no": "04524""#, with: #""zone_no": 4524"#)

        let error = await #expect(throws: KakaoLocalError.self) { try await address(answering: body) }

        #expect(
            error
                == .decoding(
                    path: "documents[0].road_address.zone_no", expected: "a string", found: "a number 4524"))
        #expect(
            error?.description
                == "unexpected Kakao Local response body: documents[0].road_address.zone_no: expected a string, "
                + "found a number 4524")
    }

    /// A missing required field and a missing meta name their paths.
    @Test func missingFieldsNameTheirPaths() async {
        let noRegion = KakaoFixtures.roadAddressNull.replacingOccurrences(
            of: #""region_1depth_name": "서울","#, with: "")
        let missingRegion = await #expect(throws: KakaoLocalError.self) { try await address(answering: noRegion) }
        #expect(
            missingRegion
                == .decoding(
                    path: "documents[0].address.region_1depth_name", expected: "a value (the field is required)",
                    found: "nothing"))

        let missingMeta = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: #"{"documents":[]}"#)
        }
        #expect(missingMeta == .decoding(path: "meta", expected: "a value (the field is required)", found: "nothing"))
    }

    /// A 200 that is HTML, empty or truncated says so.
    @Test func bodiesThatAreNotJSONSaySo() async {
        let client = { (reply: InMemoryTransport.Reply) in KakaoLocalClient.testing(InMemoryTransport(reply)) }

        let html = await #expect(throws: KakaoLocalError.self) {
            try await client(.text("<html><title>Captive portal</title></html>", status: 200)).address(
                at: Self.somewhere)
        }
        #expect(
            html
                == .decoding(
                    path: "(top level)", expected: "a JSON object", found: #"an HTML page titled "Captive portal""#))

        let empty = await #expect(throws: KakaoLocalError.self) {
            try await client(.text("", status: 200)).address(at: Self.somewhere)
        }
        #expect(empty == .decoding(path: "(top level)", expected: "a JSON object", found: "an empty body"))

        let truncated = await #expect(throws: KakaoLocalError.self) {
            try await client(.json(String(KakaoFixtures.cityHall.prefix(80)))).address(at: Self.somewhere)
        }
        #expect(truncated?.description.contains("truncated JSON") == true)
    }
}
