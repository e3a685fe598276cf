import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// `GET /__admin/requests.har` over a socket when one journal entry is larger than a stream may hold
/// unsent (1 MiB): the archive arrives whole and parses, the entry's body in full.
@Suite struct JournalHARLargeEntryTests {
    @Test func entryWithABodyOverAMebibyteIsServedWholeInTheArchive() async throws {
        let padding = String(repeating: "x", count: 2 * 1024 * 1024)
        let big = [("big.json", cassetteJSON(interaction(query: #"{"q": "big"}"#, body: #"{"pad":"\#(padding)"}"#)))]
        try await withMock(.cassettes(big), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!, readTimeoutMilliseconds: 20_000)
            let answered = try await client.exchange(method: "GET", "/data/2.5/weather?q=big", headers: [])
            #expect(answered.head.hasPrefix("HTTP/1.1 200"))
            let raw = try RawClient(port: base.port!, timeoutMilliseconds: 20_000)
            let bytes = try await offTheCooperativePool {
                try raw.send("GET /__admin/requests.har HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return try raw.readToEOF()
            }
            let headEnd = (0..<max(0, bytes.count - 3)).first { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
            #expect(headEnd != nil)
            let body = headEnd.flatMap { dechunked(Array(bytes[($0 + 4)...])) } ?? []
            #expect(body.count > padding.count, "the archive is whole, not cut after its head")
            let root = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
            let entries = (root?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
            #expect(entries?.count == 1)
            let content = (entries?.first?["response"] as? [String: Any])?["content"] as? [String: Any]
            #expect((content?["text"] as? String)?.count == padding.count + 10)
        }
    }
}
