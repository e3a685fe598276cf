import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve --record new` against a data.go.kr stand-in on 127.0.0.1 that answers only the real key
/// encoded exactly once and, worse than the live gateway, repeats the query it received in a header
/// and a row: the key, given in the portal's encoded form, is sent once-encoded upstream and reaches
/// nothing else in any of its forms.
@Suite(.serialized) struct KMARecordModeTests {
    private static let rawKey = "Real+Key/Secret=="
    private static let encodedKey = "Real%2BKey%2FSecret%3D%3D"
    private static let clientKey = "Client%2BKey%2FWord%3D%3D"

    private static func dataGoKr(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.query ?? ""
        var headers = HTTPHeaders()
        headers.add(name: "X-Echo", value: query)
        guard query.contains("serviceKey=\(encodedKey)") else {
            headers.add(name: "Content-Type", value: "text/xml;charset=UTF-8")
            return HTTPResponse(
                status: 200, headers: headers,
                body: Array(KMAGateway.classicBody(.unregistered).utf8))
        }
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        let rows = [
            ("TMP", "0600", "9"), ("SKY", "0600", "4"), ("PTY", "0600", "1"), ("PCP", "0600", "1mm 미만"),
            ("POP", "0600", "60"), ("TMX", "1500", "15.0"), ("TMP", "0700", "10"),
        ].map { category, time, value in
            #"{"baseDate":"20261002","baseTime":"0500","category":"\#(category)","fcstDate":"20261002","fcstTime":"\#(time)","fcstValue":"\#(value)","nx":60,"ny":127,"note":"\#(query)"}"#
        }
        let body = """
            {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",\
            "items":{"item":[\(rows.joined(separator: ","))]},"pageNo":1,"numOfRows":1000,"totalCount":7}}}
            """
        return HTTPResponse(status: 200, headers: headers, body: Array(body.utf8))
    }

    @Test func recordingKMASendsTheKeyEncodedOnceAndLeavesItNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let upstream = FakeUpstream(Self.dataGoKr)
        var shown: [String] = []
        // The logs are read once the server has stopped, when every line is written.
        let (log, diagnostics) = try await withMock(.upstream(upstream), mode: .live) { api in
            var options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
            options.eventLoopCount = 1
            options.clock = .fixed(Date(timeIntervalSince1970: 1_790_920_800))  // 2026-10-02 06:00 KST
            let access = UpstreamAccess(
                keys: ["kma": try UpstreamAPIKey(Self.encodedKey, origin: "test")],
                upstreams: ["kma": try UpstreamURL(try api.baseURL.absoluteString)])
            let scrubber = KeyScrubber()
            options.recording = RecordingOptions(mode: .new, access: access).hook(
                scrubber: scrubber, directory: directory.url)
            options.scrubber = scrubber
            return try await withMock(.serve(options), mode: .live) { server in
                let port = try server.port
                let forecast = try await fetch(
                    "/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=\(Self.clientKey)&pageNo=1"
                        + "&numOfRows=1000&dataType=JSON&base_date=20261002&base_time=0500&nx=60&ny=127", port: port)
                #expect(forecast.status == 200)
                shown.append(forecast.everything)
                shown.append(try await fetch("/__admin/requests", port: port).everything)
                shown.append(try await fetch("/__admin/requests.har", port: port).everything)
                shown.append(try await fetch("/__admin/cassettes", port: port).everything)
                return (try server.log, try server.diagnostics)
            }
        }

        #expect(upstream.targets.count == 1)
        #expect(upstream.targets.first?.contains("serviceKey=\(Self.encodedKey)") == true)
        #expect(upstream.targets.first?.contains("Client") == false)
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path) == ["recorded/vilage/nx60-ny127-t0500.json"])
        let cassette = try #require(files.first?.contents)
        #expect(cassette.contains("\"source\": \"recorded\""))
        #expect(cassette.contains("\"base_time\": \"0500\""))
        #expect(cassette.contains("\"celsius\": 9"))
        #expect(cassette.contains("\"precipitationType\": \"rain\""))
        #expect(cassette.contains("\"precipitation\": \"1mm 미만\""))
        #expect(cassette.contains("\"maxCelsius\": 15"))
        #expect(cassette.contains("\"hours\": 3"))  // 0600, 0700 and the TMX row's 1500
        let forms = [Self.rawKey, Self.encodedKey, "Real%252BKey", "Real Key", "Real%2bKey", "Client"]
        for text in files.map(\.contents) + shown + log.lines + diagnostics.lines {
            for form in forms { #expect(!text.contains(form), "\(form) leaked: \(text.prefix(300))") }
        }
    }

    /// `verify` re-asks a recorded cell for a current issuance of its slot in the JSON form (what
    /// issuance depends on the day `verify` runs, so only its form is pinned here).
    @Test func verifyAsksTheLiveAPIForACurrentIssuanceOfTheRecordedSlot() throws {
        let file = cassetteJSON(
            source: "synthetic",
            """
            {"request":{"method":"GET","path":"/1360000/VilageFcstInfoService_2.0/getVilageFcst",
             "query":{"nx":"60","ny":"127","base_time":"0500"}},
             "response":{"status":200,"json":{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}}}
            """)
        let pattern = try #require(try library([("kma/r.json", file)]).entries.first?.pattern)
        let request = CassetteVerifier.request(for: pattern, providers: Providers.all)
        #expect(request.value("base_time") == "0500")
        #expect(request.value("base_date")?.count == 8)
        #expect(request.value("datatype") == "JSON")
        #expect(request.value("numofrows") == "1000")
        #expect(request.parameters.filter { $0.name == "base_time" }.count == 1)
    }
}
