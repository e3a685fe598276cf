import Foundation
import HTTPServer
import MockEngine
import TestSupport
import Testing

@testable import MockProviders

/// `mockweather record --api kma` through the real binary, against a data.go.kr stand-in on
/// 127.0.0.1 that answers only the real key encoded exactly once and, worse than the live gateway,
/// repeats the query it received in a header and in every row; and the issuance a batch asks for,
/// by an injected clock.
@Suite(.serialized) struct KMARecordBatchTests {
    private static let rawKey = "Real+Key/Secret=="
    private static let encodedKey = "Real%2BKey%2FSecret%3D%3D"
    private static let clientKey = "Client%2BKey%2FWord%3D%3D"
    /// The key in every form it could leak in.
    private static let keyForms = [rawKey, encodedKey, "Real%252BKey", "Real Key", "Real%2bKey", "Client"]

    /// The stand-in: the gateway's refusal for a key not encoded once, else the operation's answer for
    /// the cell and issuance asked, each row carrying the query as received.
    private static func dataGoKr(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.query ?? ""
        let items = URLComponents(string: "http://x/?" + query)?.queryItems ?? []
        func value(_ name: String) -> String { items.first { $0.name == name }?.value ?? "" }
        var headers = HTTPHeaders()
        headers.add(name: "X-Echo", value: query)
        guard query.contains("serviceKey=\(encodedKey)") else {
            headers.add(name: "Content-Type", value: "text/xml;charset=UTF-8")
            return HTTPResponse(status: 200, headers: headers, body: Array(KMAGateway.classicBody(.unregistered).utf8))
        }
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        let base = #""baseDate":"\#(value("base_date"))","baseTime":"\#(value("base_time"))""#
        let cell = #""nx":\#(value("nx")),"ny":\#(value("ny")),"note":"\#(query)""#
        let rows: [String]
        switch request.path.split(separator: "/").last ?? "" {
        case "getUltraSrtNcst":
            rows = [("T1H", "3.1"), ("RN1", "0"), ("REH", "60"), ("PTY", "0"), ("WSD", "1.2")].map {
                #"{\#(base),"category":"\#($0.0)",\#(cell),"obsrValue":"\#($0.1)"}"#
            }
        case "getFcstVersion":
            rows = [#"{"filetype":"\#(value("ftype"))","version":"\#(value("basedatetime"))10","note":"\#(query)"}"#]
        default:
            let date = value("base_date")
            rows = [("TMP", "0600", "2"), ("SKY", "0600", "1"), ("PTY", "0600", "0"), ("TMP", "0700", "1")].map {
                #"{\#(base),"category":"\#($0.0)","fcstDate":"\#(date)","fcstTime":"\#($0.1)","fcstValue":"\#($0.2)",\#(cell)}"#
            }
        }
        let body = """
            {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",\
            "items":{"item":[\(rows.joined(separator: ","))]},"pageNo":1,"numOfRows":\(value("numOfRows")),\
            "totalCount":\(rows.count)}}}
            """
        return HTTPResponse(status: 200, headers: headers, body: Array(body.utf8))
    }

    /// Runs `mockweather record --api kma` into `directory` against `upstream`, served on 127.0.0.1 for
    /// the run; what the command did, and the upstream's address it was given.
    private static func record(_ arguments: [String], upstream: FakeUpstream, directory: TemporaryDirectory)
        async throws -> (result: ProcessResult, upstream: String)
    {
        try await withMock(.upstream(upstream), mode: .live) { api in
            let url = try api.baseURL.absoluteString
            let result = try await RunningProcess.run(
                "mockweather",
                ["record", "--api", "kma", "--upstream", "kma=\(url)", "--cassettes", directory.url.path]
                    + arguments,
                environment: ["KMA_SERVICE_KEY": encodedKey])
            return (result, url)
        }
    }

    @Test func aKMABatchWritesCassettesThatValidateAndReplayWithTheKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.dataGoKr)
        let (result, upstreamURL) = try await Self.record(
            [
                "--cell", "60,127", "--at", "35.87,128.60", "--at", "37.58,126.99", "--endpoint", "village",
                "--endpoint", "nowcast", "--endpoint", "ultra-forecast", "--endpoint", "version", "--issuance",
                "20261206T0500",
            ], upstream: upstream, directory: directory)

        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("mockweather record: --at 35.87,128.6 is cell 89,90"))
        #expect(result.standardError.contains("mockweather record: --at 37.58,126.99 is cell 60,127"))
        #expect(result.standardError.contains("mockweather record: 9 requests to \(upstreamURL), writing under "))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("REQUEST") == true)
        #expect(lines.last == "recorded 9 of 9", "\(result.standardOutput)")
        #expect(
            lines.contains {
                $0.contains("getVilageFcst?pageNo=1&numOfRows=1000&dataType=JSON&base_date=20261206&base_time=0500")
                    && $0.contains("nx=60&ny=127&serviceKey=***")
                    && $0.contains("recorded/vilage/nx60-ny127-t0500.json")
            }, "\(result.standardOutput)")
        #expect(upstream.targets.allSatisfy { $0.contains("serviceKey=\(Self.encodedKey)") }, "encoded exactly once")
        #expect(upstream.targets.contains { $0.contains("getFcstVersion") && $0.contains("basedatetime=202612060430") })

        let files = allFiles(under: directory.url)
        #expect(
            files.map(\.path) == [
                "recorded/ultra-forecast/nx60-ny127-t0430.json", "recorded/ultra-forecast/nx89-ny90-t0430.json",
                "recorded/ultra-nowcast/nx60-ny127-t0500.json", "recorded/ultra-nowcast/nx89-ny90-t0500.json",
                "recorded/version/odam.json", "recorded/version/shrt.json", "recorded/version/vsrt.json",
                "recorded/vilage/nx60-ny127-t0500.json", "recorded/vilage/nx89-ny90-t0500.json",
            ])
        #expect(files.allSatisfy { $0.contents.contains("\"source\": \"recorded\"") })
        let validated = try await RunningProcess.run("mockweather", ["validate", directory.url.path])
        #expect(validated.status == 0, "\(validated.standardOutput)")

        let key = "serviceKey=\(Self.clientKey)&dataType=JSON"
        let path = "/1360000/VilageFcstInfoService_2.0/"
        let replay = MockSetup.replay(directory.url, arguments: ["--clock", "2026-12-06T06:00+09:00"])
        let (served, log) = try await withMock(replay, mode: .binary) { server in
            var served: [ClientExchange] = []
            for target in [
                "getVilageFcst?\(key)&numOfRows=1000&base_date=20261206&base_time=0500&nx=89&ny=90",
                "getUltraSrtNcst?\(key)&base_date=20261206&base_time=0500&nx=60&ny=127",
                "getUltraSrtFcst?\(key)&base_date=20261206&base_time=0430&nx=60&ny=127",
                "getFcstVersion?\(key)&ftype=SHRT&basedatetime=202612060500",
            ] {
                served.append(try await fetch(path + target, port: try server.port))
            }
            return (served, try await server.process.stop())
        }
        #expect(served.map(\.status) == [200, 200, 200, 200], "\(served.map(\.text))")
        #expect(
            served.map { $0.header("X-Mockweather-Cassette") } == [
                "recorded/vilage/nx89-ny90-t0500", "recorded/ultra-nowcast/nx60-ny127-t0500",
                "recorded/ultra-forecast/nx60-ny127-t0430", "recorded/version/shrt",
            ])
        #expect(served[0].text.contains("\"resultCode\":\"00\"") && served[0].text.contains("\"nx\":89"))

        let everything =
            files.map(\.contents) + served.map(\.everything)
            + [result.standardOutput, result.standardError, log.standardOutput, log.standardError]
        for text in everything {
            for form in Self.keyForms { #expect(!text.contains(form), "\(form) leaked: \(text.prefix(300))") }
        }
    }

    @Test(arguments: [
        (["--cell", "200,1"], "invalid value '200,1' for '--cell': expected NX,NY such as 60,127"),
        (["--at", "10,10"], "invalid value '10,10' for '--at': expected a point on the KMA grid"),
        (
            ["--cell", "60,127", "--endpoint", "coord2address"],
            "invalid value 'coord2address' for '--endpoint': expected one of 'village', 'ultra-forecast', 'nowcast', "
                + "'version' for --api kma ('coord2address' is an endpoint of --api kakao-local)"
        ),
        (["--cell", "60,127", "--issuance", "2026-12-06 05:00"], "invalid value '2026-12-06 05:00' for '--issuance'"),
        (["--cell", "60,127", "--issuance", "20261232T0500"], "invalid value '20261232T0500' for '--issuance'"),
        (["--cell", "60,127", "--query", "서울"], "'--query' is for --api kakao-local (Kakao Local)"),
        (["--cell", "60,127", "--units", "metric"], "'--units' is for --api openweathermap (OpenWeatherMap)"),
        (["--endpoint", "village"], "nothing to record: give at least one --cell or --at"),
    ])
    func aKMABatchRefusesBadInputNamingTheOptionAndValue(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.dataGoKr)
        let (result, _) = try await Self.record(arguments, upstream: upstream, directory: directory)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(upstream.targets.isEmpty)
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func aKeyTheGatewayRefusesWithA200IsNotRecordedAndStopsTheBatch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.dataGoKr)
        // The raw key is sent encoded twice by nobody: the stand-in refuses anything but the encoded key.
        let result = try await withMock(.upstream(upstream), mode: .live) { api in
            try await RunningProcess.run(
                "mockweather",
                [
                    "record", "--api", "kma", "--upstream", "kma=\(try api.baseURL.absoluteString)", "--cassettes",
                    directory.url.path, "--cell", "60,127", "--cell", "89,90", "--endpoint", "village", "--issuance",
                    "20261206T0500",
                ],
                environment: ["KMA_SERVICE_KEY": "Wrong-Key-0042"])
        }
        #expect(result.status == 1, "\(result.standardOutput)\n\(result.standardError)")
        #expect(upstream.targets.count == 1, "the first refusal stops the batch")
        #expect(allFiles(under: directory.url).isEmpty, "a gateway refusal is not an answer worth recording")
        let output = result.standardOutput + result.standardError
        #expect(output.contains("the data.go.kr gateway refused the key (30"))
        #expect(output.contains("skipped: the key was rejected"))
        #expect(!output.contains("Wrong-Key-0042"))
    }

    @Test func aKMABatchWithoutItsKeyNamesTheVariableTheProfileReads() async throws {
        let port = try await closedPort()
        // RunningProcess clears the API keys; emptied here too, so the test says what it needs.
        let result = try await RunningProcess.run(
            "mockweather",
            ["record", "--api", "kma", "--cell", "60,127", "--upstream", "kma=http://127.0.0.1:\(port)"],
            environment: ["KMA_SERVICE_KEY": ""])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "'record --api kma' needs the KMA key: give --api-key kma=KEY or set KMA_SERVICE_KEY"))
    }

    /// 2026-12-06 05:05 KST: the village forecast's and the nowcast's 0500 are published at 05:10,
    /// the ultra-short forecast's 0430 at 04:45.
    @Test func theDefaultIssuanceIsEachOperationsLatestPublishedAtTheClocksNow() {
        let issuance = KMARecordIssuance.latestPublished(at: Date(timeIntervalSince1970: 1_796_501_100))
        let bases = [KMAOperation.villageForecast, .nowcast, .ultraShortForecast].map {
            let base = issuance.issuance(of: $0)
            return base.dateText + base.timeText
        }
        #expect(bases == ["202612060200", "202612060400", "202612060430"])
        let later = KMARecordIssuance.latestPublished(at: Date(timeIntervalSince1970: 1_796_501_100 + 300))
        #expect(later.issuance(of: .villageForecast).timeText == "0500")
        #expect(later.issuance(of: .nowcast).timeText == "0500")
    }

    @Test func aGivenIssuanceIsEachOperationsLatestAtOrBeforeIt() throws {
        let issuance = try #require(KMARecordIssuance(text: "20261206T0100"))
        let bases = [KMAOperation.villageForecast, .nowcast, .ultraShortForecast].map {
            let base = issuance.issuance(of: $0)
            return base.dateText + base.timeText
        }
        #expect(bases == ["202612052300", "202612060100", "202612060030"])
        #expect(KMARecordIssuance(text: "202612060100") == nil)
        #expect(KMARecordIssuance(text: "20261206T2460") == nil)
    }

    @Test func versionTargetsAskForEachProductAtItsOperationsIssuance() throws {
        let issuance = try #require(KMARecordIssuance(text: "20261206T0500"))
        let queries = KMARecordTarget.versionProducts.map {
            KMARecordTarget(place: .product($0), endpoint: .version, issuance: issuance).item(providers: Providers.all)
                .request?.forwardedQuery
        }
        #expect(
            queries == [
                "pageNo=1&numOfRows=10&dataType=JSON&ftype=ODAM&basedatetime=202612060500",
                "pageNo=1&numOfRows=10&dataType=JSON&ftype=VSRT&basedatetime=202612060430",
                "pageNo=1&numOfRows=10&dataType=JSON&ftype=SHRT&basedatetime=202612060500",
            ])
        let mismatched = KMARecordTarget(place: .cell(x: 60, y: 127), endpoint: .version, issuance: issuance)
            .item(providers: Providers.all)
        #expect(mismatched.request == nil && mismatched.skipReason?.contains("version takes no cell") == true)
    }
}
