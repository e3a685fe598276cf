import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// A variant of a large body (other units, `cnt`, a range) is made off the event loop: the handler
/// answers with `respondLater` while the variant is not kept, so one huge cassette cannot hold up
/// the other connections of its loop; a kept variant, and every small body, is answered at once.
@Suite struct LargeVariantTests {
    /// A forecast of `count` items in kelvin: 10,000 items make a compact body of about 300 KB.
    private static func forecast(items count: Int) -> String {
        let items = (0..<count).map { #"{"dt":\#(1_670_198_400 + $0 * 10_800),"main":{"temp":273.15}}"# }
        let body = #"{"cod":"200","message":0,"cnt":\#(count),"list":[\#(items.joined(separator: ","))]}"#
        return cassetteJSON(
            interaction(path: "/data/2.5/forecast", query: #"{"q": "big"}"#, body: body),
            interaction(path: "/data/2.5/forecast", query: #"{"q": "small"}"#, body: smallBody))
    }

    private static let smallBody =
        #"{"cod":"200","message":0,"cnt":1,"list":[{"dt":1670198400,"main":{"temp":273.15}}]}"#

    /// Whether the stack answered `target` later (`respondLater`) rather than at once, and the response.
    private func answer(_ target: String, in harness: MockClient) async throws -> (
        isDeferred: Bool, response: HTTPResponse
    ) {
        let request = HTTPRequest(
            method: "GET", target: target, headers: ["Host": "127.0.0.1"], remoteAddress: "127.0.0.1",
            isFromLoopback: true)
        switch try harness.stack.handle(request) {
        case .respond(let response): return (false, response)
        case .respondLater(let produce): return (true, await produce())
        }
    }

    @Test func variantOfALargeBodyIsMadeLaterThenServedAtOnce() async throws {
        try await withMock(.cassettes([("big.json", Self.forecast(items: 10_000))]), mode: .router) { harness in
            let recorded = try await answer("/data/2.5/forecast?q=big", in: harness)
            #expect(!recorded.isDeferred, "the body as recorded is ready")
            #expect(recorded.response.body.count > PreparedResponse.inlineBodyLimit)

            let metric = try await answer("/data/2.5/forecast?q=big&units=metric", in: harness)
            #expect(metric.isDeferred, "a variant of a body over the limit is made off the event loop")
            #expect(metric.response.status == 200)
            #expect(metric.response.text.contains(#""main":{"temp":0}"#))
            #expect(try harness.journal.entries().last?.status == 200, "the deferred answer is journalled")

            let again = try await answer("/data/2.5/forecast?q=big&units=metric", in: harness)
            #expect(!again.isDeferred, "a variant made before is kept, and served at once")
            #expect(again.response.body == metric.response.body)

            let counted = try await answer("/data/2.5/forecast?q=big&cnt=2", in: harness)
            #expect(counted.isDeferred)
            #expect(counted.response.body.count < 200)
        }
    }

    @Test func variantOfASmallBodyIsServedAtOnce() async throws {
        try await withMock(.cassettes([("big.json", Self.forecast(items: 10_000))]), mode: .router) { harness in
            let metric = try await answer("/data/2.5/forecast?q=small&units=metric", in: harness)
            #expect(!metric.isDeferred)
            #expect(metric.response.text.contains(#""main":{"temp":0}"#))
        }
    }
}
