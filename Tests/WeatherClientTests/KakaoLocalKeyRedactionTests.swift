import Foundation
import Locking
import Testing
import WeatherClient

/// The Kakao REST API key never appears in error text, descriptions, dumps or logs.
@Suite struct KakaoLocalKeyRedactionTests {
    private static let key = KakaoFixtures.apiKey
    private static let cityHall = Coordinate(latitude: 37.5663174209601, longitude: 126.977829174031)

    /// Every way an answer can fail, each one carrying the key in the text the client turns into an error.
    private static let failingReplies: [(String, InMemoryTransport.Reply)] = [
        (
            "401 echo",
            .json(#"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(key)) format"}"#, status: 401)
        ),
        ("401 other", .json(#"{"errorType":"AccessDeniedError","message":"key \#(key) unknown"}"#, status: 401)),
        ("403", .json(#"{"errorType":"NotAuthorizedError","message":"App(\#(key)) disabled"}"#, status: 403)),
        ("429", .json(#"{"errorType":"RequestThrottled","message":"limit for \#(key)"}"#, status: 429)),
        ("code dialect", .json(#"{"code":-401,"msg":"invalid app key \#(key)"}"#, status: 401)),
        ("502 HTML", .text("<html><title>Bad Gateway for KakaoAK \(key)</title></html>", status: 502)),
        ("503 text", .text("Authorization: KakaoAK \(key)", status: 503, contentType: "text/plain")),
        ("transport", .fail(.other, "failed with header KakaoAK \(key)")),
        (
            "200 wrong type",
            .json(
                KakaoFixtures.cityHall.replacingOccurrences(
                    of: #""zone_no": "04524""#, with: #""zone_no": ["\#(key)"]"#))
        ),
        ("200 not JSON", .text("\(key) garbage", status: 200, contentType: "text/plain")),
    ]

    /// No error's description, debugDescription, localizedDescription, message or dump contains the key.
    @Test(arguments: failingReplies.map(\.0))
    func noErrorTextEverContainsTheKey(caseName: String) async throws {
        let reply = try #require(Self.failingReplies.first { $0.0 == caseName }?.1)
        let client = KakaoLocalClient.testing(InMemoryTransport(reply))

        let error = try #require(
            await #expect(throws: KakaoLocalError.self) { try await client.address(at: Self.cityHall) })

        var dumped = ""
        dump(error, to: &dumped)
        for text in [
            error.description, error.debugDescription, error.localizedDescription, String(describing: error),
            String(reflecting: error), error.serverMessage ?? "", dumped,
        ] {
            #expect(!text.contains(Self.key), "\(caseName) leaked the key: \(text)")
        }
    }

    /// The key the server echoes in "wrong appKey(…) format" is replaced by ***, the rest kept.
    @Test func echoedKeyIsReplacedByStars() async {
        let body = #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(Self.key)) format"}"#
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(body, status: 401)))

        let error = await #expect(throws: KakaoLocalError.self) { try await client.address(at: Self.cityHall) }

        #expect(
            error
                == .unauthorized(
                    .init(status: 401, errorType: "AccessDeniedError", message: "wrong appKey(***) format")))
        #expect(
            error?.description == "Kakao Local refused the key (HTTP 401 AccessDeniedError): wrong appKey(***) format")
    }

    /// A short, malformed key the server echoes is masked too, though short keys are not scrubbed as words.
    @Test func shortEchoedKeyIsMaskedButNotScrubbedAsAWord() async {
        let body = #"{"errorType":"AccessDeniedError","message":"wrong appKey(mock) format for mockweather"}"#
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(body, status: 401)), apiKey: "mock")

        let error = await #expect(throws: KakaoLocalError.self) { try await client.address(at: Self.cityHall) }

        #expect(error?.serverMessage == "wrong appKey(***) format for mockweather")
    }

    /// The missing-header message keeps its "KakaoAK header" wording.
    @Test func missingHeaderMessageIsKeptAsTheServerWroteIt() async {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.missingHeaderBody, status: 401)))

        let error = await #expect(throws: KakaoLocalError.self) { try await client.address(at: Self.cityHall) }

        #expect(error?.serverMessage == "cannot find Authorization : KakaoAK header")
    }

    /// Printing, debug-printing or dumping a client never shows the key.
    @Test func printingOrDumpingAClientNeverShowsTheKey() {
        let client = KakaoLocalClient.testing(InMemoryTransport(.json(KakaoFixtures.sea)))
        var dumped = ""
        dump(client, to: &dumped)

        for text in [client.description, client.debugDescription, String(reflecting: client), dumped] {
            #expect(!text.contains(Self.key))
        }
        #expect(client.description == "KakaoLocalClient(http://127.0.0.1:8080, key <redacted>)")
        #expect(client.hasAPIKey)
    }

    /// Log lines show each request and its outcome without the key.
    @Test func logLinesShowTheRequestWithoutTheKey() async throws {
        let lines = Locked<[String]>([])
        let transport = InMemoryTransport([
            .json(KakaoFixtures.sea), .fail(.connectionLost, "reset, KakaoAK \(Self.key)"),
        ])
        let client = KakaoLocalClient.testing(transport, logger: { line in lines.withLock { $0.append(line) } })

        _ = try await client.address(at: Self.cityHall)
        _ = try? await client.address(at: Self.cityHall)

        let logged = lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.allSatisfy { !$0.contains(Self.key) })
        #expect(
            logged.first
                == "GET http://127.0.0.1:8080/v2/local/geo/coord2address.json"
                + "?x=126.977829174031&y=37.5663174209601&input_coord=WGS84 → 200, \(KakaoFixtures.sea.utf8.count) bytes"
        )
        #expect(logged.last?.hasSuffix("→ failed: reset, KakaoAK ***") == true)
    }
}
