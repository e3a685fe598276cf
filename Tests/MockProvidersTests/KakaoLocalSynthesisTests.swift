import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing
import WeatherWorld

@testable import MockEngine
@testable import MockProviders

/// Kakao Local answered from Korea's legal divisions when the world is on: the division whose boundary
/// holds the point, in Kakao's long and short province forms, the empty answer at sea, region names
/// searched and paged, nothing without the world.
@Suite struct KakaoLocalSynthesisTests {
    static let world = World(seed: 7, clockStart: 1_768_446_000)

    /// The answer to `GET path?query` (the key header set), with the world unless `world` is nil.
    static func answer(_ path: String, _ query: String, world: World? = Self.world) -> SynthesizedAnswer? {
        let request = ReplayRequest(
            method: "GET", path: path, query: query, providers: Providers.all,
            now: Date(timeIntervalSince1970: 1_768_446_000))
        return KakaoLocal().synthesize(
            request,
            context: SynthesisContext(world: world, gazetteer: WorldFixtures.gazetteer, korea: WorldFixtures.korea))
    }

    static func json(_ path: String, _ query: String) throws -> JSONValue {
        let answer = try #require(Self.answer(path, query), "no answer to \(path)?\(query)")
        #expect(answer.response.status == 200)
        #expect(answer.isSynthetic)
        #expect(answer.response.headers["Content-Type"] == "application/json;charset=UTF-8")
        return try JSONParser.parse(answer.response.body)
    }

    static let regionCode = "/v2/local/geo/coord2regioncode.json"
    static let address = "/v2/local/geo/coord2address.json"
    static let search = "/v2/local/search/address.json"

    @Test func withoutTheWorldNothingIsAnswered() {
        #expect(Self.answer(Self.regionCode, "x=129.075&y=35.1798", world: nil) == nil)
        #expect(Self.answer(Self.search, "query=부산", world: nil) == nil)
    }

    @Test func theLegalDongAtSeoulCityHallHasItsRealCodeInTheLongForm() throws {
        let root = try Self.json(Self.regionCode, "x=126.9779451&y=37.5663174")
        #expect(root.number("meta.total_count") == 2)
        #expect(root.text("documents.0.region_type") == "B")
        #expect(root.text("documents.0.address_name") == "서울특별시 중구 태평로1가")
        #expect(root.text("documents.0.code") == "1114010300")
        #expect(root.text("documents.0.region_4depth_name") == "")
        #expect(root.text("documents.1.region_type") == "H")
        #expect(root.text("documents.1.region_1depth_name") == "서울특별시")
        // x and y are numbers in this endpoint, strings elsewhere.
        #expect(root.number("documents.0.x") != nil)
        #expect(root.at("documents.0.x")?.stringValue == nil)
    }

    @Test func busanCityHallIsInYeonjeGuInTheShortFormOfItsAddress() throws {
        let root = try Self.json(Self.address, "x=129.0750&y=35.1798")
        #expect(root.number("meta.total_count") == 1)
        #expect(root.at("documents.0.road_address")?.isNull == true)
        #expect(root.text("documents.0.address.region_1depth_name") == "부산")
        #expect(root.text("documents.0.address.region_2depth_name") == "연제구")
        let name = try #require(root.text("documents.0.address.address_name"))
        #expect(name.hasPrefix("부산 연제구 "), "\(name)")
        let main = try #require(root.text("documents.0.address.main_address_no"))
        #expect(name.hasSuffix(" " + main) || name.contains(" \(main)-"), "\(name)")
        #expect(root.text("documents.0.address.zip_code") == "")
        #expect(root.text("documents.0.address.mountain_yn") == "N")
    }

    @Test func jejuKeepsItsLongNameInTheShortForm() throws {
        let root = try Self.json(Self.address, "x=126.4914&y=33.5104")
        #expect(root.text("documents.0.address.region_1depth_name") == "제주특별자치도")
        #expect(root.text("documents.0.address.region_2depth_name") == "제주시")
    }

    /// A township's village: both in the lot-number address's third level, the village as the fourth
    /// level of the B document, the H document the township alone.
    @Test func aVillageInJeollanamDoIsNamedWithItsTownship() throws {
        let point = "x=126.9553&y=34.8716"  // farmland in Hwasun-gun
        let address = try Self.json(Self.address, point)
        let third = try #require(address.text("documents.0.address.region_3depth_name"))
        #expect(third.split(separator: " ").count == 2, "\(third)")
        #expect(third.hasSuffix("리"), "\(third)")
        #expect(address.text("documents.0.address.region_1depth_name") == "전남")
        let regions = try Self.json(Self.regionCode, point)
        let village = try #require(regions.text("documents.0.region_4depth_name"))
        #expect(!village.isEmpty && third.hasSuffix(village))
        let code = try #require(regions.text("documents.0.code"))
        #expect(code.utf8.count == 10 && !code.hasSuffix("00"), "\(code)")
        #expect(regions.text("documents.1.region_4depth_name") == "")
        #expect(regions.text("documents.1.code") == String(code.prefix(8)) + "00")
    }

    @Test(arguments: ["x=130.5&y=37.5", "x=139.6503&y=35.6762", "x=124.5&y=35.5"])
    func atSeaOrAbroadTheAnswerIsEmpty(point: String) throws {
        for path in [Self.address, Self.regionCode] {
            let answer = try #require(Self.answer(path, point))
            #expect(
                String(decoding: answer.response.body, as: UTF8.self) == #"{"meta":{"total_count":0},"documents":[]}"#)
        }
    }

    @Test func anotherCoordinateSystemStaysUnmatched() {
        #expect(Self.answer(Self.address, "x=200000&y=450000&input_coord=WTM") == nil)
        #expect(Self.answer(Self.regionCode, "x=129.075&y=35.1798&output_coord=TM") == nil)
        #expect(Self.answer(Self.address, "x=129.075&y=35.1798&input_coord=wgs84") != nil)
    }

    @Test func theSameSpotGetsTheSameLotNumberAndANeighbourAnother() throws {
        let first = try #require(Self.answer(Self.address, "x=128.8995&y=37.7640")).response.body
        let again = try #require(Self.answer(Self.address, "x=128.8995&y=37.7640")).response.body
        #expect(first == again)
        let nearby = try #require(Self.answer(Self.address, "x=128.9005&y=37.7650")).response.body
        #expect(first != nearby)
    }

    @Test func aDistrictIsFoundByItsShortProvinceAndName() throws {
        let root = try Self.json(Self.search, "query=부산 해운대구")
        #expect(root.text("documents.0.address_type") == "REGION")
        #expect(root.text("documents.0.address_name") == "부산 해운대구")
        #expect(root.text("documents.0.address.b_code") == "2635000000")
        #expect(root.at("documents.0.road_address")?.isNull == true)
        let x = try #require(root.text("documents.0.x").flatMap(Double.init))
        let y = try #require(root.text("documents.0.y").flatMap(Double.init))
        #expect((129.0...129.3).contains(x) && (35.1...35.3).contains(y), "\(x), \(y)")
        #expect(root.flag("meta.is_end") == true)
    }

    @Test func aRoadAddressIsNotInventedButAnsweredEmpty() throws {
        let root = try Self.json(Self.search, "query=해운대구 해운대해변로 264")
        #expect(root.number("meta.total_count") == 0)
        #expect(root.at("documents")?.elements?.isEmpty == true)
    }

    @Test func aNameSharedByManyCitiesIsPagedAsTheAPIPages() throws {
        let all = try Self.json(Self.search, "query=중구&size=30")
        let total = try #require(all.number("meta.total_count"))
        #expect(total >= 6, "Seoul, Busan, Daegu, Incheon, Daejeon and Ulsan each have a Jung-gu")
        let second = try Self.json(Self.search, "query=중구&size=2&page=2")
        #expect(second.at("documents")?.elements?.count == 2)
        #expect(second.flag("meta.is_end") == false)
        #expect(second.text("documents.0.address_name") == all.text("documents.2.address_name"))
        let last = try Self.json(Self.search, "query=중구&size=2&page=\(Int(total + 1) / 2)")
        #expect(last.flag("meta.is_end") == true)
    }
}

extension JSONValue {
    /// The boolean at a dotted path.
    fileprivate func flag(_ path: String) -> Bool? {
        guard case .bool(let value)? = at(path)?.kind else { return nil }
        return value
    }
}
