import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `MockWeatherServer` (`withMock`'s live mode over a cassette directory) over real sockets on 127.0.0.1, port 0: each fault as a raw client sees it.
@Suite(.serialized) struct ServerTests {
    private static let faults = cassetteJSON(
        interaction(query: #"{"q": "ok"}"#, body: #"{"name":"Seoul","cod":200}"#),
        interaction(query: #"{"q": "reset"}"#, extra: #", "fault": "reset""#),
        interaction(query: #"{"q": "empty"}"#, extra: #", "fault": "empty""#),
        interaction(query: #"{"q": "hang"}"#, extra: #", "fault": "hang""#),
        interaction(
            query: #"{"q": "truncate"}"#, body: #"{"name":"0123456789abcdef"}"#,
            extra: #", "fault": {"kind": "truncate", "bodyBytes": 7}"#),
        interaction(
            query: #"{"q": "truncate-unframed"}"#, body: #"{"name":"0123456789abcdef"}"#,
            extra: #", "fault": {"kind": "truncate", "bodyBytes": 7, "contentLength": false}"#),
        interaction(
            query: #"{"q": "drip"}"#, body: #"{"name":"drip"}"#,
            extra: #", "fault": {"kind": "drip", "bytesPerSecond": 4000}"#))

    private func withFaultCassettes(_ body: (Int, MockClient) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("faults.json", Self.faults)
        var options = ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)
        options.eventLoopCount = 1
        try await withMock(.serve(options), mode: .live) { server in try await body(try server.port, server) }
    }

    @Test func aMatchedRequestIsServedOverHTTP() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=ok")
            #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(exchange.body == #"{"name":"Seoul","cod":200}"#)
        }
    }

    @Test func resetIsSeenAsAConnectionReset() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=reset")
            #expect(exchange.ending == .reset)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test func emptyIsSeenAsACloseWithoutAnyByte() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=empty")
            #expect(exchange.ending == .closed)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test func truncateSendsTheWholeHeadThenPartOfTheBody() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=truncate")
            #expect(exchange.ending == .closed)
            #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK"))
            #expect(exchange.head.contains("Content-Length: 27"))
            #expect(exchange.body == #"{"name""#)
        }
    }

    @Test func truncateWithoutContentLengthEndsTheShortBodyWithTheClose() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=truncate-unframed")
            #expect(exchange.ending == .closed)
            #expect(!exchange.head.lowercased().contains("content-length"))
            #expect(exchange.body == #"{"name""#)
        }
    }

    @Test func dripStillDeliversTheWholeResponse() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=drip")
            #expect(exchange.body == #"{"name":"drip"}"#)
        }
    }

    @Test func hangNeverAnswersSoTheClientTimesOut() async throws {
        try await withFaultCassettes { port, _ in
            let exchange = try await RawHTTPClient(port: port, readTimeoutMilliseconds: 300).exchange(
                "/data/2.5/weather?q=hang")
            #expect(exchange.ending == .timedOut)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test func unmatchedRequestsAre501OverTheWireAndCountedInTheSummary() async throws {
        try await withFaultCassettes { port, server in
            let exchange = try await RawHTTPClient(port: port).exchange("/data/2.5/weather?q=busan&appid=key")
            #expect(exchange.head.hasPrefix("HTTP/1.1 501"))
            #expect(exchange.head.contains("X-Mockweather-Unmatched: 1"))
            let summary = try server.summary
            #expect(summary.unmatched == 1)
            #expect(
                summary.unmatchedRequests == [
                    "GET /data/2.5/weather?q=busan&appid=*** → 501 (closest: faults#1 (q: busan ≠ reset))"
                ])
        }
    }
}
