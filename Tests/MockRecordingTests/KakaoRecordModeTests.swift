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

/// `serve --record new` against a Kakao Local stand-in on 127.0.0.1 that, like the live API, echoes
/// the key of the `Authorization` header (`wrong appKey(…) format`) and, worse than it, repeats the
/// header in a response header and a document: the key is sent upstream and reaches nothing else.
@Suite(.serialized) struct KakaoRecordModeTests {
    private static let realKey = "0123456789abcdef0123456789abcdef"
    private static let clientKey = "fedcba9876543210fedcba9876543210"

    /// The stand-in: 401 with the echo for any key but the real one (and for the point 1, 2), else an
    /// address whose document repeats the header.
    private static func kakao(_ request: HTTPRequest) -> HTTPResponse {
        let header = request.headers["Authorization"] ?? ""
        let key = header.hasPrefix("KakaoAK ") ? String(header.dropFirst(8)) : ""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json;charset=UTF-8")
        headers.add(name: "X-Echo", value: header)
        guard key == realKey, request.query?.contains("x=1.0") != true else {
            let body = "{\"errorType\":\"AccessDeniedError\",\"message\":\"wrong appKey(\(key)) format\"}"
            return HTTPResponse(status: 401, headers: headers, body: Array(body.utf8))
        }
        let body = """
            {"meta":{"total_count":1},"documents":[{"road_address":null,"address":{"address_name":"서울 중구 태평로1가 31",\
            "region_1depth_name":"서울","region_2depth_name":"중구","region_3depth_name":"태평로1가","mountain_yn":"N",\
            "main_address_no":"31","sub_address_no":"","zip_code":"","note":"\(header)"}}]}
            """
        return HTTPResponse(status: 200, headers: headers, body: Array(body.utf8))
    }

    @Test func recordingKakaoLeavesTheHeaderKeyNowhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var shown: [String] = []
        // The logs are read once the server has stopped, when every line is written.
        let (log, diagnostics) = try await withMock(.upstream(FakeUpstream(Self.kakao)), mode: .live) { upstream in
            var options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
            options.eventLoopCount = 1
            let access = UpstreamAccess(
                keys: ["kakao-local": try UpstreamAPIKey(Self.realKey, origin: "test")],
                upstreams: ["kakao-local": try UpstreamURL(try upstream.baseURL.absoluteString)])
            let scrubber = KeyScrubber()
            options.recording = RecordingOptions(mode: .new, access: access).hook(
                scrubber: scrubber, directory: directory.url)
            options.scrubber = scrubber
            return try await withMock(.serve(options), mode: .live) { server in
                let port = try server.port
                let address = try await fetch(
                    "/v2/local/geo/coord2address.json?x=126.9779&y=37.5663", port: port,
                    headers: ["Authorization": "KakaoAK \(Self.clientKey)"])
                #expect(address.status == 200)
                // The upstream refuses this one and echoes the real key it was sent.
                let refused = try await fetch(
                    "/v2/local/geo/coord2address.json?x=1.0&y=2.0", port: port,
                    headers: ["Authorization": "KakaoAK \(Self.clientKey)"])
                #expect(refused.status == 401)
                #expect(refused.everything.contains("wrong appKey(***) format"))
                shown = [address.everything, refused.everything]
                shown.append(try await fetch("/__admin/requests", port: port).everything)
                shown.append(try await fetch("/__admin/requests.har", port: port).everything)
                shown.append(try await fetch("/__admin/cassettes", port: port).everything)
                return (try server.log, try server.diagnostics)
            }
        }

        let files = allFiles(under: directory.url)
        #expect(
            files.map(\.path) == ["recorded/coord2address/lat37.57_lon126.98.json"])
        #expect((log.lines + diagnostics.lines).contains { $0.contains("rejected the API key (401)") })
        let cassette = try #require(files.last?.contents)
        #expect(cassette.contains("\"source\": \"recorded\""))
        #expect(cassette.contains("\"name\": \"서울 태평로1가\""))
        for text in files.map(\.contents) + shown + log.lines + diagnostics.lines {
            #expect(!text.contains(Self.realKey), "the real key leaked: \(text)")
            #expect(!text.contains(Self.clientKey), "the client's key leaked: \(text)")
        }
    }
}
