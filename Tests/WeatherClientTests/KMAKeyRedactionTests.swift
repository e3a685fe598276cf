import Foundation
import Locking
import Testing
import WeatherClient

/// The service key, raw or encoded, never appears in error text, descriptions, dumps or logs.
@Suite struct KMAKeyRedactionTests {
    private static let forms = [KMAFixtures.rawKey, KMAFixtures.encodedKey]
    private static let url =
        "http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=\(KMAFixtures.encodedKey)&pageNo=1"

    /// Every way an answer can fail, each carrying the key (in one form or the other) in its text.
    private static let failingReplies: [(String, InMemoryTransport.Reply)] = [
        ("transport with URL", .fail(.timeout, "timed out: \(url)")),
        ("transport with raw key", .fail(.other, "failed for \(KMAFixtures.rawKey)")),
        (
            "service message",
            .json(#"{"response":{"header":{"resultCode":"30","resultMsg":"bad key \#(KMAFixtures.rawKey)"}}}"#)
        ),
        (
            "gateway XML",
            .xml(
                "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>\(url)</errMsg><returnAuthMsg>\(KMAFixtures.rawKey)"
                    + "</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
            )
        ),
        ("502 page", .text("<html><title>no route for \(url)</title></html>", status: 502)),
        ("500 text", .text("upstream said serviceKey=\(KMAFixtures.rawKey)", status: 500, contentType: "text/plain")),
        (
            "bad value",
            .json(
                KMAFixtures.page(
                    [KMAFixtures.villageRow("TMP", KMAFixtures.encodedKey)], pageNo: 1, numOfRows: 1000, totalCount: 1))
        ),
    ]

    @Test(arguments: failingReplies.map(\.0), [KMAFixtures.rawKey, KMAFixtures.encodedKey])
    func noErrorTextEverContainsTheKey(caseName: String, configuredKey: String) async throws {
        let reply = try #require(Self.failingReplies.first { $0.0 == caseName }?.1)
        let client = KMAForecastClient.testing(InMemoryTransport(reply), serviceKey: configuredKey)

        let error = try #require(
            await #expect(throws: KMAError.self) { try await client.villageForecast(at: KMAFixtures.seoul) })

        var dumped = ""
        dump(error, to: &dumped)
        for text in [
            error.description, error.debugDescription, error.localizedDescription, String(reflecting: error),
            error.serverMessage ?? "", dumped,
        ] {
            for form in Self.forms { #expect(!text.contains(form), "\(caseName) leaked the key: \(text)") }
        }
    }

    @Test func scrubbingKeepsTheRestOfTheMessage() async {
        let client = KMAForecastClient.testing(InMemoryTransport(.fail(.timeout, "timed out: \(Self.url)")))

        let error = await #expect(throws: KMAError.self) { try await client.villageForecast(at: KMAFixtures.seoul) }

        #expect(
            error
                == .transport(
                    kind: .timeout,
                    message: "timed out: http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/getVilageFcst"
                        + "?serviceKey=<redacted>&pageNo=1"))
    }

    @Test func printingOrDumpingAClientNeverShowsTheKey() {
        let client = KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.village2026)))
        var dumped = ""
        dump(client, to: &dumped)

        for text in [client.description, String(reflecting: client), dumped] {
            for form in Self.forms { #expect(!text.contains(form)) }
        }
        #expect(client.description == "KMAForecastClient(http://127.0.0.1:8080, key <redacted>)")
    }

    @Test func logLinesShowTheRequestWithTheKeyRedacted() async throws {
        let lines = Locked<[String]>([])
        let transport = InMemoryTransport([
            .json(KMAFixtures.village2026), .fail(.connectionLost, "reset: \(Self.url)"),
        ])
        let client = KMAForecastClient.testing(transport, logger: { line in lines.withLock { $0.append(line) } })

        _ = try await client.villageForecast(at: KMAFixtures.seoul)
        _ = try? await client.villageForecast(at: KMAFixtures.seoul)

        let all = lines.withLock { $0 }
        #expect(all.count == 2)
        #expect(all.allSatisfy { line in Self.forms.allSatisfy { !line.contains($0) } })
        #expect(
            all.first?.hasPrefix(
                "GET http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=<redacted>&pageNo=1&"
            )
                == true)
    }

    /// The transport request's own description (what a custom transport would print) hides the key too.
    @Test func aRequestsDescriptionRedactsTheServiceKeyButItsURLCarriesIt() async throws {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))
        _ = try await KMAForecastClient.testing(transport).villageForecast(at: KMAFixtures.seoul)
        let request = try #require(transport.requests.first)

        #expect(request.queryValue("serviceKey") == KMAFixtures.rawKey)
        #expect(!request.description.contains(KMAFixtures.encodedKey))
        #expect(request.redactedURL.contains("?serviceKey=<redacted>&pageNo=1"))
    }

    /// Any spelling of the parameter name (data.go.kr's other services write `ServiceKey`).
    @Test func anySpellingOfServiceKeyIsRedacted() {
        let request = TransportRequest(
            url: URL(string: "http://127.0.0.1:8080/x?ServiceKey=abc%2B&SERVICEKEY=def&appid=ghi")!,
            timeout: .seconds(1))

        #expect(
            request.redactedURL
                == "http://127.0.0.1:8080/x?ServiceKey=<redacted>&SERVICEKEY=<redacted>&appid=<redacted>")
    }
}
