import Foundation
import HTTPServer
import MockEngine
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `mockweather record --api kakao-local` through the real binary, against a Kakao Local stand-in on
/// 127.0.0.1 that, like the live API, echoes a refused key (`wrong appKey(…) format`) and, worse than
/// it, repeats the `Authorization` header in a response header and a document.
@Suite(.serialized) struct KakaoRecordBatchTests {
    private static let realKey = "0123456789abcdef0123456789abcdef"
    private static let clientKey = "fedcba9876543210fedcba9876543210"
    private static let clientAuthorization = ["Authorization": "KakaoAK \(clientKey)"]

    /// The stand-in: 401 with the echo for any key but the real one; an address, a region or a search
    /// hit whose document repeats the header; 500 for the query `Broken`.
    private static func kakao(_ request: HTTPRequest) -> HTTPResponse {
        let header = request.headers["Authorization"] ?? ""
        let key = header.hasPrefix("KakaoAK ") ? String(header.dropFirst(8)) : ""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        headers.add(name: "X-Echo", value: header)
        func answer(_ status: Int, _ body: String) -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
        }
        guard key == realKey else {
            return answer(401, #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(key)) format"}"#)
        }
        let address = """
            {"address_name":"서울 중구 태평로1가 31","region_1depth_name":"서울","region_2depth_name":"중구",\
            "region_3depth_name":"태평로1가","mountain_yn":"N","main_address_no":"31","sub_address_no":"",\
            "zip_code":"","note":"\(header)"}
            """
        switch request.path {
        case "/v2/local/geo/coord2address.json":
            return answer(200, #"{"meta":{"total_count":1},"documents":[{"road_address":null,"address":\#(address)}]}"#)
        case "/v2/local/geo/coord2regioncode.json":
            return answer(
                200,
                """
                {"meta":{"total_count":1},"documents":[{"region_type":"B","code":"1114010300",\
                "address_name":"서울특별시 중구 태평로1가","region_1depth_name":"서울특별시","region_2depth_name":"중구",\
                "region_3depth_name":"태평로1가","region_4depth_name":"","x":126.9779,"y":37.5663,"note":"\(header)"}]}
                """)
        default:
            guard request.query?.contains("query=Broken") != true else {
                return answer(500, #"{"errorType":"InternalServerError","message":"\#(header)"}"#)
            }
            return answer(
                200,
                """
                {"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[{"address_name":\
                "서울 중구 태평로1가 31","address_type":"REGION_ADDR","x":"126.9779","y":"37.5663",\
                "address":\(address),"road_address":null}]}
                """)
        }
    }

    /// Runs `mockweather record --api kakao-local` into `directory` against `upstream`, served on
    /// 127.0.0.1 for the run; what the command did, and the upstream's address it was given.
    private static func record(
        _ arguments: [String], upstream: FakeUpstream, directory: TemporaryDirectory, key: String
    )
        async throws -> (result: ProcessResult, upstream: String)
    {
        try await withMock(.upstream(upstream), mode: .live) { api in
            let url = try api.baseURL.absoluteString
            let result = try await RunningProcess.run(
                "mockweather",
                ["record", "--api", "kakao-local", "--upstream", "kakao-local=\(url)", "--cassettes"]
                    + [directory.url.path] + arguments,
                environment: ["KAKAO_REST_API_KEY": key])
            return (result, url)
        }
    }

    @Test func aKakaoBatchWritesCassettesThatValidateAndReplayWithTheKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.kakao)
        let (result, upstreamURL) = try await Self.record(
            ["--at", "37.5663,126.9779", "--query", "서울 중구 세종대로 110", "--query", "Broken"], upstream: upstream,
            directory: directory, key: Self.realKey)

        #expect(result.status == 1, "the 500 is not recorded: \(result.standardError)")
        #expect(result.standardError.contains("mockweather record: 4 requests to \(upstreamURL), writing under "))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("REQUEST") == true)
        #expect(
            lines.contains {
                $0.contains("GET /v2/local/geo/coord2address.json?x=126.9779&y=37.5663")
                    && $0.contains("recorded/coord2address/lat37.57_lon126.98.json (new)")
            }, "\(result.standardOutput)")
        #expect(lines.contains { $0.contains("recorded/coord2regioncode/lat37.57_lon126.98.json (new)") })
        #expect(lines.contains { $0.contains("query=Broken") && $0.contains("500") && $0.contains("not recorded") })
        #expect(lines.last == "recorded 3 of 4; 1 failed", "\(result.standardOutput)")
        #expect(!result.standardError.contains("\u{1B}["), "no progress line when standard error is not a terminal")
        #expect(upstream.targets.count == 4)

        let files = allFiles(under: directory.url)
        #expect(files.count == 3, "\(files.map(\.path))")
        #expect(files.map(\.path).contains("recorded/coord2address/lat37.57_lon126.98.json"))
        #expect(files.map(\.path).contains("recorded/coord2regioncode/lat37.57_lon126.98.json"))
        let search = try #require(files.first { $0.path.hasPrefix("recorded/search/address-") })
        #expect(search.contents.contains("\"query\": \"서울 중구 세종대로 110\""))
        #expect(files.allSatisfy { $0.contents.contains("\"source\": \"recorded\"") })
        let validated = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
        #expect(validated.status == 0, "\(validated.standardOutput)")

        let (served, log) = try await withMock(.replay(directory.url), mode: .binary) { server in
            let port = try server.port
            var served: [ClientExchange] = []
            served.append(
                try await fetch(
                    "/v2/local/geo/coord2address.json?x=126.978&y=37.5664", port: port,
                    headers: Self.clientAuthorization))
            served.append(
                try await fetch(
                    "/v2/local/geo/coord2regioncode.json?x=126.9779&y=37.5663", port: port,
                    headers: Self.clientAuthorization))
            let query = CapturedRequest.queryEncoded("서울 중구 세종대로 110")
            served.append(
                try await fetch(
                    "/v2/local/search/address.json?query=\(query)", port: port, headers: Self.clientAuthorization))
            return (served, try await server.process.stop())
        }
        #expect(served.map(\.status) == [200, 200, 200], "\(served.map(\.everything))")
        #expect(
            served.map { $0.header("X-Mockweather-Cassette") } == [
                "recorded/coord2address/lat37.57_lon126.98", "recorded/coord2regioncode/lat37.57_lon126.98",
                String(search.path.dropLast(".json".count)),
            ])
        #expect(served[0].text.contains("서울 중구 태평로1가 31"))

        let everything =
            files.map(\.contents) + served.map(\.everything)
            + [result.standardOutput, result.standardError, log.standardOutput, log.standardError]
        for text in everything {
            #expect(!text.contains(Self.realKey), "the real key leaked: \(text.prefix(300))")
            #expect(!text.contains(Self.clientKey), "the client's key leaked: \(text.prefix(300))")
        }
    }

    /// The upstream refuses the key and echoes it: the first 401 stops the batch, nothing is written,
    /// and the echoed key shows nowhere.
    @Test func aRejectedKakaoKeyStopsTheBatchAndIsNeverShown() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.kakao)
        let wrongKey = "99999999999999999999999999999999"
        let (result, _) = try await Self.record(
            ["--at", "37.5663,126.9779", "--query", "서울 중구 세종대로 110"], upstream: upstream, directory: directory,
            key: wrongKey)
        #expect(result.status == 1)
        #expect(upstream.targets.count == 1, "nothing is sent after the key is rejected")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("coord2address") && $0.contains("401") && $0.contains("rejected") })
        #expect(lines.filter { $0.contains("skipped: the key was rejected") }.count == 2, "\(result.standardOutput)")
        #expect(allFiles(under: directory.url).isEmpty)
        #expect(!(result.standardOutput + result.standardError).contains(wrongKey))
    }

    @Test(arguments: [
        (
            ["--cell", "60,127"],
            "'--cell' is for --api kma (KMA); --api kakao-local takes --at, --query and --endpoint"
        ),
        (["--city", "Seoul"], "'--city' is for --api openweathermap (OpenWeatherMap)"),
        (
            ["--at", "37.5,127", "--endpoint", "village"],
            "invalid value 'village' for '--endpoint': expected one of 'coord2address', 'coord2regioncode', "
                + "'search-address' for --api kakao-local ('village' is an endpoint of --api kma)"
        ),
        (["--query", "  "], "invalid value '  ' for '--query'"),
        ([], "nothing to record: give at least one --at or --query"),
    ])
    func aKakaoBatchRefusesOptionsItDoesNotTakeByName(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.kakao)
        let (result, _) = try await Self.record(arguments, upstream: upstream, directory: directory, key: Self.realKey)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(upstream.targets.isEmpty)
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func anUnqualifiedUpstreamIsOpenWeatherMapsAndNeverSendsAKakaoBatchLive() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let port = try await closedPort()
        let result = try await RunningProcess.run(
            "mockweather",
            [
                "record", "--api", "kakao-local", "--upstream", "http://127.0.0.1:\(port)", "--cassettes",
                directory.url.path, "--at", "37.5,127",
            ], environment: ["KAKAO_REST_API_KEY": Self.realKey])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "'--upstream' without API= is OpenWeatherMap's; for --api kakao-local give --upstream kakao-local=URL"))
        #expect(allFiles(under: directory.url).isEmpty)
    }
}
