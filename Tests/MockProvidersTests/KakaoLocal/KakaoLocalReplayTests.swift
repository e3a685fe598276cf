import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// Kakao Local over the bundled set, as the `dapi` host answers (reference: kakao-local.md): the key
/// rules on every path, the required parameters, the district of a fix, and the answers' shapes.
@Suite struct KakaoLocalReplayTests {
    private static let restKey = "feedfacefeedfacefeedfacefeedface"
    private static let cityHall = "x=126.9779451&y=37.5663174"
    private static let paths = [
        "/v2/local/geo/coord2address.json?\(cityHall)", "/v2/local/geo/coord2regioncode.json?\(cityHall)",
        "/v2/local/search/address.json?query=%EC%84%9C%EC%9A%B8",
    ]

    /// The engine over the bundled cassettes, read afresh for each mock.
    private var setup: MockSetup { get throws { .cassettes(try bundledFiles()) } }

    private static func headers(key: String?) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Host": "127.0.0.1"]
        if let key { headers.add(name: "Authorization", value: key) }
        return headers
    }

    private static func errorBody(_ type: String, _ message: String) -> String {
        "{\"errorType\":\"\(type)\",\"message\":\"\(message)\"}"
    }

    @Test func aRESTKeyGetsTheDistrictOfCityHall() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(
                "/v2/local/geo/coord2address.json?\(Self.cityHall)&input_coord=WGS84",
                headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
        }
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json;charset=UTF-8")
        let document = try #require((response.jsonObject?["documents"] as? [[String: Any]])?.first)
        let address = try #require(document["address"] as? [String: Any])
        let road = try #require(document["road_address"] as? [String: Any])
        #expect(address["region_1depth_name"] as? String == "서울")
        #expect(address["region_3depth_name"] as? String == "태평로1가")
        // The two spellings of the province, as the API sends them.
        #expect(road["address_name"] as? String == "서울특별시 중구 세종대로 110")
        #expect(road["main_building_no"] as? String == "110")
        #expect(road["sub_building_no"] as? String == "")
    }

    @Test(arguments: paths)
    func noHeaderGetsThe401OnEveryPath(target: String) async throws {
        try await withMock(setup, mode: .router) { harness in
            for header in [nil, "Bearer \(Self.restKey)", "KakaoAK", "KakaoAK  "] {
                let response = try await harness.respond(target, headers: Self.headers(key: header))
                #expect(response.status == 401, "\(header ?? "no header")")
                #expect(
                    response.text == Self.errorBody("AccessDeniedError", "cannot find Authorization : KakaoAK header"))
            }
            #expect(try harness.journal.entries().last?.matched == "(kakao-local: no Authorization header)")
        }
    }

    @Test(arguments: paths)
    func theMagicKeysGiveTheForbiddenAndThrottledAnswersOnEveryPath(target: String) async throws {
        try await withMock(setup, mode: .router) { harness in
            let forbidden = try await harness.respond(target, headers: Self.headers(key: "KakaoAK disabled-service"))
            #expect(forbidden.status == 403)
            #expect(
                forbidden.text
                    == Self.errorBody("NotAuthorizedError", "App(mockweather) disabled OPEN_MAP_AND_LOCAL service."))
            let throttled = try await harness.respond(target, headers: Self.headers(key: "KakaoAK throttled"))
            #expect(throttled.status == 429)
            #expect(throttled.text == Self.errorBody("RequestThrottled", "API limit has been exceeded."))
        }
    }

    /// The API echoes a key it cannot read; the client gets the echo, and nothing the mock shows has it.
    @Test func aMalformedKeyIsEchoedToTheClientButMaskedInTheJournalLogAndHAR() async throws {
        try await withMock(setup, mode: .router) { harness in
            let word = "not-a-rest-key-but-a-secret-word"
            let response = try await harness.respond(
                "/v2/local/geo/coord2regioncode.json?\(Self.cityHall)", headers: Self.headers(key: "KakaoAK \(word)"))
            #expect(response.status == 401)
            #expect(response.text == Self.errorBody("AccessDeniedError", "wrong appKey(\(word)) format"))

            let entry = try #require(try harness.journal.entries().last)
            #expect(entry.matched == "(kakao-local: malformed key)")
            let har = try await harness.respond("/__admin/requests.har")
            #expect(har.status == 200)
            #expect(har.text.contains("wrong appKey(***) format"))
            let requests = try await harness.respond("/__admin/requests")
            for shown in [har.text, requests.text, try harness.log.lines.joined(separator: "\n")] {
                #expect(!shown.contains(word))
                #expect(!shown.contains(Self.restKey))
            }
        }
    }

    @Test func keysOfAnotherCaseOrTheWrongLengthAreMalformed() {
        #expect(KakaoLocalRules.isRESTKeyForm("FEEDFACEFEEDFACEFEEDFACEFEEDFACE"))
        #expect(!KakaoLocalRules.isRESTKeyForm("feedfacefeedfacefeedfacefeedfac"))
        #expect(!KakaoLocalRules.isRESTKeyForm("feedfacefeedfacefeedfacefeedfacg"))
        #expect(!KakaoLocalRules.isRESTKeyForm("null"))
    }

    @Test(arguments: [
        ("/v2/local/geo/coord2address.json?x=126.9779", "MissingParameter", "y parameter required"),
        ("/v2/local/geo/coord2address.json?y=37.5663", "MissingParameter", "x parameter required"),
        ("/v2/local/geo/coord2regioncode.json?x=&y=37.5663", "MissingParameter", "x parameter required"),
        ("/v2/local/search/address.json", "MissingParameter", "query parameter required"),
        ("/v2/local/search/address.json?query=%20", "MissingParameter", "query parameter required"),
        ("/v2/local/search/address.json?query=x&page=46", "InvalidArgument", "page is more than max"),
        ("/v2/local/search/address.json?query=x&size=31", "InvalidArgument", "size is more than max"),
    ])
    func aMissingOrOutOfRangeParameterGetsThe400(target: String, type: String, message: String) async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(target, headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
        }
        #expect(response.status == 400)
        #expect(response.text == Self.errorBody(type, message))
    }

    /// The key is checked before the parameters, as the gateway does.
    @Test func theKeyIsCheckedBeforeTheParameters() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond("/v2/local/geo/coord2address.json", headers: Self.headers(key: nil))
        }
        #expect(response.status == 401)
    }

    @Test(arguments: [
        (37.5663, 126.9779, "중구", "태평로1가"),  // City Hall, rounded as a phone reports it
        (37.5676, 126.9752, "중구", "정동"),  // Deoksugung on the walk trace: the nearest point wins
        (37.5180, 126.8860, "영등포구", "문래동3가"),  // the SeSAC campus
        (36.3500, 127.3900, "서구", "둔산동"),  // a fix a few hundred metres from Daejeon City Hall
        (35.8714, 128.6014, "중구", "동인동1가"),  // Daegu City Hall
        (36.1200, 128.3000, "구미시", "송정동"),  // between Gimcheon and Gumi, nearer Gumi
    ])
    func aFixGetsTheDistrictOfTheNearestBundledPoint(lat: Double, lon: Double, district: String, local: String)
        async throws
    {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(
                "/v2/local/geo/coord2address.json?x=\(lon)&y=\(lat)",
                headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
        }
        #expect(response.status == 200)
        let document = try #require((response.jsonObject?["documents"] as? [[String: Any]])?.first)
        let address = try #require(document["address"] as? [String: Any])
        #expect(address["region_2depth_name"] as? String == district)
        #expect(address["region_3depth_name"] as? String == local)
    }

    @Test func everyPointOfTheBundledTracesHasADistrict() async throws {
        try await withMock(setup, mode: .router) { harness in
            for name in ["seoul-to-daegu", "seoul-city-hall-walk"] {
                let url = PackageLayout.root.appendingPathComponent("Scripts/traces/\(name).json")
                let trace = try #require(
                    try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
                for waypoint in try #require(trace["waypoints"] as? [[String: Any]]) {
                    let lat = try #require(waypoint["lat"] as? Double)
                    let lon = try #require(waypoint["lon"] as? Double)
                    let response = try await harness.respond(
                        "/v2/local/geo/coord2address.json?x=\(lon)&y=\(lat)",
                        headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
                    #expect(response.status == 200, "\(name): \(lat), \(lon)")
                    let documents = response.jsonObject?["documents"] as? [[String: Any]]
                    #expect(documents?.count == 1, "\(name): \(lat), \(lon)")
                }
            }
        }
    }

    @Test func aPointAtSeaHasNoDocumentAndARoadHasNoRoadAddress() async throws {
        try await withMock(setup, mode: .router) { harness in
            let key = Self.headers(key: "KakaoAK \(Self.restKey)")
            let sea = try await harness.respond("/v2/local/geo/coord2address.json?x=124.5&y=35.5", headers: key)
            #expect(sea.status == 200)
            #expect(sea.text == "{\"meta\":{\"total_count\":0},\"documents\":[]}")
            let road = try await harness.respond("/v2/local/geo/coord2address.json?x=126.9778&y=37.5683", headers: key)
            let document = try #require((road.jsonObject?["documents"] as? [[String: Any]])?.first)
            #expect(document["road_address"] is NSNull)
            #expect((document["address"] as? [String: Any])?["region_3depth_name"] as? String == "태평로1가")
        }
    }

    @Test func otherCoordinateSystemsAreNotAnsweredAsWGS84() async throws {
        let response = try await withMock(setup, mode: .router) {
            try await $0.respond(
                "/v2/local/geo/coord2address.json?\(Self.cityHall)&input_coord=WTM",
                headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
        }
        #expect(response.status == 501)
        #expect(
            response.text.hasPrefix("{\"errorType\":\"NotRecorded\",\"message\":\"mockweather: no cassette matches"))
    }

    @Test func regionCodesAndTheAddressSearchAnswer() async throws {
        try await withMock(setup, mode: .router) { harness in
            let key = Self.headers(key: "KakaoAK \(Self.restKey)")
            let regions = try await harness.respond(
                "/v2/local/geo/coord2regioncode.json?\(Self.cityHall)", headers: key)
            let documents = try #require(regions.jsonObject?["documents"] as? [[String: Any]])
            #expect(documents.map { $0["code"] as? String } == ["1114010300", "1114055000"])
            #expect(documents.first?["x"] is Double)
            let search = try await harness.respond(
                "/v2/local/search/address.json?query=%EC%84%9C%EC%9A%B8%20%EC%A4%91%EA%B5%AC%20%EC%84%B8%EC%A2%85%EB%8C%80%EB%A1%9C%20110",
                headers: key)
            #expect(search.status == 200)
            #expect((search.jsonObject?["meta"] as? [String: Any])?["pageable_count"] as? Int == 1)
        }
    }

    /// The map places a Kakao request at its `y`, `x` and labels it with the district.
    @Test func theDashboardPlacesAndNamesAKakaoRequest() async throws {
        try await withMock(setup, mode: .router) { harness in
            _ = try await harness.respond(
                "/v2/local/geo/coord2address.json?x=128.6014&y=35.8714",
                headers: Self.headers(key: "KakaoAK \(Self.restKey)"))
            let requests = try #require(
                try await harness.respond("/__admin/requests").jsonObject?["requests"] as? [[String: Any]])
            let entry = try #require(requests.last)
            #expect((entry["coordinates"] as? [String: Any])?["lat"] as? Double == 35.8714)
            #expect((entry["answer"] as? [String: Any])?["place"] as? String == "대구 동인동1가")
        }
    }

    @Test func theBundledKakaoCassettesAreWhatTheirScriptWrites() async throws {
        let script = PackageLayout.root.appendingPathComponent("Scripts/make-kakao-cassettes.py")
        // Through the harness's posix_spawn child, not Foundation's Process (see ChildProcess.swift).
        let result = try await RunningProcess.start(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--check"]
        ).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }
}
