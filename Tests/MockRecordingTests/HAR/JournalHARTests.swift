import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// `GET /__admin/requests.har`: the journal as a HAR archive, keys masked, answers included, and an
/// archive `mockweather import` takes back.
@Suite struct JournalHARTests {
    private let files = [
        (
            "seoul.json",
            cassetteJSON(
                interaction(query: #"{"q": "seoul"}"#),
                #"{"request": {"path": "/data/2.5/weather", "query": {"q": "mock-reset"}}, "response": {"status": 200, "fault": "reset"}}"#
            )
        )
    ]

    private func archive(_ response: HTTPResponse) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "mockweather")
        return try #require(log["entries"] as? [[String: Any]])
    }

    @Test func journalIsServedAsHARWithKeysMaskedAndAnswersIncluded() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            let served = try await harness.respond("/data/2.5/weather?q=Seoul&appid=\(harTestKey)")
            _ = try await harness.respond("/data/2.5/weather?q=Busan&APPID=\(harTestKey)")
            _ = try await harness.respond("/data/2.5/weather?q=mock-reset")
            let response = try await harness.respond("/__admin/requests.har")
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(response.headers["Content-Disposition"] == #"attachment; filename="mockweather-requests.har""#)
            #expect(!response.text.contains(harTestKey))
            let entries = try archive(response)
            #expect(entries.count == 3)
            let request = try #require(entries[0]["request"] as? [String: Any])
            #expect(request["url"] as? String == "http://127.0.0.1/data/2.5/weather?q=Seoul&appid=***")
            let queryString = try #require(request["queryString"] as? [[String: String]])
            #expect(queryString == [["name": "q", "value": "Seoul"], ["name": "appid", "value": "***"]])
            let first = try #require(entries[0]["response"] as? [String: Any])
            #expect(first["status"] as? Int == 200)
            #expect((first["content"] as? [String: Any])?["text"] as? String == served.text)
            #expect((entries[0]["comment"] as? String)?.hasPrefix("answered by seoul#0") == true)
            let unmatched = try #require(entries[1]["response"] as? [String: Any])
            #expect(unmatched["status"] as? Int == 501)
            #expect((entries[1]["comment"] as? String)?.contains("unmatched (501); closest: ") == true)
            #expect((entries[1]["_mockweather"] as? [String: Any])?["unmatched"] as? Bool == true)
            let reset = try #require(entries[2]["response"] as? [String: Any])
            #expect(reset["status"] as? Int == 0)
            #expect(reset["_error"] as? String == "mockweather fault: reset")
        }
    }

    @Test func aLargeJournalIsStreamedWholeOverASocket() async throws {
        // 40 answers of 200 KB: an archive of several MiB, more than a stream may hold unsent, so it
        // arrives whole only if it is written a batch at a time as the client takes it.
        let padding = String(repeating: "x", count: 200_000)
        let big = [("big.json", cassetteJSON(interaction(query: #"{"q": "big"}"#, body: #"{"pad":"\#(padding)"}"#)))]
        try await withMock(.cassettes(big), mode: .live) { mock in
            let base = try mock.baseURL
            let client = RawHTTPClient(port: base.port!, readTimeoutMilliseconds: 20_000)
            for _ in 0..<40 { _ = try await client.exchange(method: "GET", "/data/2.5/weather?q=big", headers: []) }
            let raw = try RawClient(port: base.port!, timeoutMilliseconds: 20_000)
            let bytes = try await offTheCooperativePool {
                try raw.send("GET /__admin/requests.har HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return try raw.readToEOF()
            }
            let headEnd = try #require(
                (0..<bytes.count - 3).first { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) })
            let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.contains("Transfer-Encoding: chunked"))
            let body = try #require(dechunked(Array(bytes[(headEnd + 4)...])), "the archive ends with its last chunk")
            #expect(body.count > 8_000_000)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(entries.count == 40)
            let text = ((entries[39]["response"] as? [String: Any])?["content"] as? [String: Any])?["text"] as? String
            #expect(text?.count == padding.count + 10)
        }
    }

    @Test func theStreamedArchiveIsTheDocumentsCompactForm() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=Seoul")
            _ = try await harness.respond("/data/2.5/weather?q=Busan")
            let streamed = try await harness.respond("/__admin/requests.har").body
            let document = JournalHAR.document(try harness.journal.entries(), host: "127.0.0.1").compactBytes
            #expect(streamed == document)
        }
    }

    @Test func limitKeepsTheLatestEntries() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness throws in
            _ = try await harness.respond("/data/2.5/weather?q=Seoul")
            _ = try await harness.respond("/data/2.5/weather?q=Busan")
            let entries = try archive(try await harness.respond("/__admin/requests.har?limit=1"))
            #expect(entries.count == 1)
            #expect(((entries[0]["request"] as? [String: Any])?["url"] as? String)?.contains("Busan") == true)
        }
    }

    @Test func onlyLoopbackAndOnlyGET() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness throws in
            #expect(try await harness.respond("/__admin/requests.har", loopback: false).status == 403)
            #expect(try await harness.respond("/__admin/requests.har", method: "POST").status == 405)
        }
    }

    @Test func journalArchiveImportsBackAsCassettesSkippingUnmatchedRequests() async throws {
        try await withMock(.cassettes(files), mode: .router) { harness in
            _ = try await harness.respond("/data/2.5/weather?q=Seoul&appid=\(harTestKey)")
            _ = try await harness.respond("/data/2.5/weather?q=Busan")
            // Polling: the same answer again is not a sequence.
            _ = try await harness.respond("/data/2.5/weather?q=Seoul")
            let archive = try await harness.respond("/__admin/requests.har").text
            // The journal's URLs name the mock's own host; its archives need no --host.
            let (report, directory) = try importHAR(archive, file: "requests.har")
            defer { directory.cleanUp() }
            #expect(
                report.rows.map(\.result) == [
                    "imported/current/q-seoul.json (new)", "skipped: $.log.entries[1]._mockweather.unmatched",
                ])
            #expect(try onlyProblem(report).message.hasPrefix("mockweather answered this request as unmatched"))
            let cassette = try importedCassette("imported/current/q-seoul", in: directory)
            #expect(cassette.creator?.name == "mockweather")
            #expect(cassette.interactions[0].responses.map(\.status) == [200])
        }
    }
}
