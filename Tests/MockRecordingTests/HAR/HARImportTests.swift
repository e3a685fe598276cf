import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// What an import writes: names, sequences, scrubbing, bodies, headers, and never overwriting.
@Suite struct HARImportTests {
    private let seoul = "https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=\(harTestKey)"

    @Test func exchangeBecomesACassetteNamedAsRecordModeNamesIt() throws {
        let (report, directory) = try importHAR(harJSON(creator: "Proxyman", version: "5.14.0", harEntry()))
        defer { directory.cleanUp() }
        #expect(report.rows.map(\.result) == ["imported/current/q-seoul.json (new)"])
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        #expect(cassette.source == .imported)
        #expect(cassette.creator == HARCreator(name: "Proxyman", version: "5.14.0"))
        #expect(cassette.recordedAt == "2026-11-29T10:00:00Z")
        #expect(cassette.notes?.contains("from capture.har (entry #0, written by Proxyman 5.14.0)") == true)
        let expected = RecordingRequest(method: "GET", rawPath: "/data/2.5/weather", rawQuery: "q=Seoul")
        #expect(cassette.interactions[0].request.canonicalKey == (try recordedKey(expected)))
    }

    @Test func entryTimeWithAnOffsetBecomesRecordedAtInUTC() throws {
        let (_, directory) = try importHAR(harJSON(harEntry(time: "2026-11-29T19:00:05.123456+09:00")))
        defer { directory.cleanUp() }
        #expect(try importedCassette("imported/current/q-seoul", in: directory).recordedAt == "2026-11-29T10:00:05Z")
    }

    @Test func sameRequestWithDifferentAnswersBecomesASequenceInTheOrderSeen() throws {
        // Written out of order: HAR readers sort by startedDateTime.
        let archive = harJSON(entries: [
            harEntry(time: "2026-11-29T10:00:02Z", status: 200),
            harEntry(time: "2026-11-29T10:00:01Z", status: 503, text: #"{"cod":503,"message":"busy"}"#),
            harEntry(time: "2026-11-29T10:00:03Z", status: 200),
            harEntry(time: "2026-11-29T10:00:04Z", status: 404, text: #"{"cod":"404","message":"city not found"}"#),
        ])
        let (report, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        #expect(report.rows.map(\.entries) == [[1, 0, 2, 3]])
        #expect(report.rows.map(\.statuses) == ["503,200,404"])
        #expect(report.rows.map(\.result) == ["imported/current/q-seoul.json (new; a sequence of 3)"])
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        #expect(cassette.interactions[0].isSequence)
        #expect(cassette.interactions[0].responses.map(\.status) == [503, 200, 404])
        #expect(cassette.interactions[0].responses.map(\.expectation?.error) == ["server", nil, "cityNotFound"])
        #expect(cassette.recordedAt == "2026-11-29T10:00:01Z")
    }

    @Test func identicalAnswersCollapseIntoOne() throws {
        let archive = harJSON(entries: [
            harEntry(time: "2026-11-29T10:00:01Z"), harEntry(time: "2026-11-29T10:00:02Z"),
            harEntry(time: "2026-11-29T10:00:03Z"),
        ])
        let (report, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        #expect(report.rows.map(\.result) == ["imported/current/q-seoul.json (new)"])
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        #expect(!cassette.interactions[0].isSequence)
        #expect(cassette.interactions[0].expectation == Expectation(name: "Seoul", celsius: -2.34))
    }

    @Test func keyInTheQueryAHeaderAndABodyIsNowhereInTheCassettes() throws {
        let archive = harJSON(
            harEntry(
                url: seoul,
                headers: [
                    ("Content-Type", "application/json"),
                    ("X-Cache-Key", "/data/2.5/weather?q=seoul&appid=\(harTestKey)"),
                    ("Set-Cookie", "session=\(harTestKey)"),
                ],
                text:
                    #"{"name":"Seoul","debug":"GET /data/2.5/weather?q=Seoul&APPID=\#(harTestKey)","echo":"\#(harTestKey)"}"#
            ),
            harEntry(
                url: "https://api.openweathermap.org/data/2.5/forecast?q=Seoul&appid=\(harTestKey)",
                text: #"{"cod":"200","list":[],"note":"key \#(harTestKey.uppercased())"}"#))
        let (report, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        #expect(report.writtenCount == 2)
        let files = allFiles(under: directory.url)
        #expect(files.count == 2)
        for file in files {
            #expect(!file.contents.lowercased().contains(harTestKey), "\(file.path) holds the key")
            #expect(!file.contents.contains("session="), "Set-Cookie is never kept")
        }
        #expect(!report.description.contains(harTestKey))
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        let response = cassette.interactions[0].responses[0]
        #expect(
            response.headers.contains(HeaderField(name: "X-Cache-Key", value: "/data/2.5/weather?q=seoul&appid=***")))
    }

    @Test func oneCall4PageLinksCarryingTheKeyInAnyEncodingAreImportedWithItMasked() throws {
        let link = { (start: Int, key: String) in
            "http://api.openweathermap.org/data/4.0/onecall/timeline/1h?cnt=20&lat=37.5683&lon=126.9778&start=\(start)&appid=\(key)&units=metric"
        }
        // The key in the links as the API writes it, percent-encoded, and JSON-escaped.
        let encodedKey = harTestKey.map { "%" + String(format: "%02X", $0.asciiValue ?? 0) }.joined()
        let page =
            #"{"lat":37.5683,"lon":126.9778,"timezone":"Asia/Seoul","timezone_offset":32400,"data":[{"dt":1670205600,"temp":-2.5,"pop":0}],"#
            + #""prev":"\#(link(1_670_133_600, harTestKey))","next":"\#(link(1_670_277_600, encodedKey).replacingOccurrences(of: "/", with: "\\/"))"}"#
        let archive = harJSON(
            harEntry(
                url:
                    "https://api.openweathermap.org/data/4.0/onecall/timeline/1h?lat=37.5683&lon=126.9778&cnt=1&appid=\(harTestKey)&units=metric",
                text: page))
        let (report, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        #expect(report.writtenCount == 1)
        let files = allFiles(under: directory.url)
        #expect(files.map(\.path) == ["imported/onecall4/1h-lat37.57_lon126.98-metric-cnt-1.json"])
        for file in files {
            #expect(!file.contents.lowercased().contains(harTestKey.lowercased()), "\(file.path) holds the key")
            #expect(!file.contents.contains(encodedKey), "\(file.path) holds the encoded key")
            #expect(file.contents.contains("appid=***"))
        }
        #expect(!report.description.contains(harTestKey))
    }

    @Test func keySeenInOneEntryIsMaskedInEveryOther() throws {
        // The second request sends no key, but its body echoes the one the first request used.
        let archive = harJSON(
            harEntry(url: seoul),
            harEntry(
                url: "https://api.openweathermap.org/geo/1.0/direct?q=Seoul&limit=1",
                text: #"[{"name":"Seoul","token":"\#(harTestKey)"}]"#))
        let (_, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        for file in allFiles(under: directory.url) { #expect(!file.contents.contains(harTestKey), "\(file.path)") }
    }

    @Test func shortFakeKeyIsMaskedAsAParameterButNotSearchedForAsText() throws {
        let archive = harJSON(
            harEntry(
                url: "https://api.openweathermap.org/data/2.5/weather?q=mock-bad&appid=invalid", status: 400,
                text: #"{"cod":"400","message":"invalid request"}"#))
        let (_, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        let cassette = try importedCassette("imported/current/q-mock-bad", in: directory)
        #expect(cassette.interactions[0].expectation == Expectation(error: .invalidRequest, message: "invalid request"))
        #expect(cassette.notes?.contains("appid=***") == true)
    }

    @Test func scrubPatternsAreAppliedToo() throws {
        let scrubber = try KeyScrubber(secrets: [], patterns: ["device-[0-9]+"])
        let archive = harJSON(harEntry(text: #"{"name":"Seoul","device":"device-4711"}"#))
        let (_, directory) = try importHAR(archive, scrubber: scrubber)
        defer { directory.cleanUp() }
        let text = try #require(allFiles(under: directory.url).first?.contents)
        #expect(!text.contains("device-4711"))
        #expect(text.contains(#""device": "***""#))
    }

    @Test func headersAReplayMustNotCarryAreDropped() throws {
        let headers = [
            ("content-type", "application/json; charset=utf-8"), ("content-length", "52"),
            ("transfer-encoding", "chunked"), ("connection", "keep-alive"), ("keep-alive", "timeout=5"),
            ("date", "Sun, 29 Nov 2026 10:00:00 GMT"), ("set-cookie", "a=b"), ("retry-after", "60"),
        ]
        let (_, directory) = try importHAR(harJSON(harEntry(headers: headers)))
        defer { directory.cleanUp() }
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        #expect(
            cassette.interactions[0].responses[0].headers == [
                HeaderField(name: "Content-Type", value: "application/json; charset=utf-8"),
                HeaderField(name: "Retry-After", value: "60"),
            ])
    }

    @Test func httpVersionAndPseudoHeadersDoNotChangeTheCassette() throws {
        var cassettes: [[UInt8]] = []
        for version in ["HTTP/1.1", "HTTP/2.0", "h2", "http/2.0", "h3", ""] {
            let entry = harEntry().replacingOccurrences(
                of: #""httpVersion": "HTTP/1.1""#, with: #""httpVersion": "\#(version)""#
            ).replacingOccurrences(
                of: #""headers": [], "queryString""#,
                with:
                    #""headers": [{"name": ":authority", "value": "api.openweathermap.org"}, {"name": ":path", "value": "/x"}], "queryString""#
            )
            let (_, directory) = try importHAR(harJSON(entries: [entry]))
            cassettes.append(
                Array(try Data(contentsOf: directory.url.appendingPathComponent("imported/current/q-seoul.json"))))
            directory.cleanUp()
        }
        #expect(Set(cassettes).count == 1)
    }

    @Test func binaryBodyIsStoredAsBase64AndServedByteForByte() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x80]
        let entry = harEntry(
            url: "https://openweathermap.org/img/wn/10d@2x.png", headers: [("Content-Type", "image/png")],
            text: Data(png).base64EncodedString(), encoding: "base64")
        let (report, directory) = try importHAR(harJSON(entry))
        defer { directory.cleanUp() }
        #expect(report.rows.map(\.result) == ["imported/icons/10d-2x.json (new)"])
        let cassette = try importedCassette("imported/icons/10d-2x", in: directory)
        guard case .base64(let bytes) = cassette.interactions[0].responses[0].body else {
            Issue.record("expected a base64 body")
            return
        }
        #expect(bytes == png)
    }

    @Test(arguments: ["gzip", "x-gzip", "deflate"])
    func compressedBodyTheToolDidNotDecodeIsDecompressed(coding: String) throws {
        let body = #"{"name":"Seoul","main":{"temp":270.81},"cod":200}"#
        // Compressed by Python's gzip/zlib modules (level 6), as a capture tool would store them.
        let compressed =
            coding == "deflate"
            ? "eJyrVspLzE1VslIKTs0vzVHSUcpNzMxTsqpWKknNLVCyMjI30LMwrNVRSs5PAfIMDGoBe1oOgQ=="
            : "H4sIAAAAAAAAA6tWykvMTVWyUgpOzS/NUdJRyk3MzFOyqlYqSc0tULIyMjfQszCs1VFKzk8B8gwMagFbD4EZMQAAAA=="
        let entry = harEntry(
            headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)], text: compressed,
            encoding: "base64")
        let (report, directory) = try importHAR(harJSON(entry))
        defer { directory.cleanUp() }
        #expect(report.problems.isEmpty, "\(report.problems)")
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        guard case .json(let json) = cassette.interactions[0].responses[0].body else {
            Issue.record("expected a json body")
            return
        }
        #expect(String(decoding: json.compactBytes, as: UTF8.self) == body)
        #expect(!cassette.interactions[0].responses[0].headers.contains { $0.name.lowercased() == "content-encoding" })
    }

    @Test(arguments: ["gzip", "br", "gzip, br"])
    func bodyTheToolAlreadyDecodedIsTakenAsItIs(coding: String) throws {
        let entry = harEntry(headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)])
        let (report, directory) = try importHAR(harJSON(entry))
        defer { directory.cleanUp() }
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(
            try importedCassette("imported/current/q-seoul", in: directory).interactions[0].expectation?.name == "Seoul"
        )
    }

    @Test func dryRunWritesNothingAndPrintsTheSameTable() throws {
        let archive = harJSON(harEntry(), harEntry(url: "https://api.openweathermap.org/data/2.5/weather?q=Busan"))
        let (planned, directory) = try importHAR(archive, dryRun: true)
        defer { directory.cleanUp() }
        #expect(allFiles(under: directory.url).isEmpty)
        let (written, _) = try importHAR(archive, into: directory)
        #expect(planned.rows.map(\.result) == written.rows.map(\.result))
        #expect(planned.description.contains("would import 2 cassettes from 2 entries; dry run: nothing written"))
        #expect(written.description.contains("imported 2 cassettes from 2 entries\n"))
    }

    @Test func dryRunPlansSuffixesForDifferentRequestsSharingAName() throws {
        // `q=Seoul KR` and `q=Seoul,KR` both make `q-seoul-kr`.
        let archive = harJSON(
            harEntry(url: "https://api.openweathermap.org/data/2.5/weather?q=Seoul%20KR"),
            harEntry(url: "https://api.openweathermap.org/data/2.5/weather?q=Seoul,KR"))
        let (planned, directory) = try importHAR(archive, dryRun: true)
        defer { directory.cleanUp() }
        let (written, _) = try importHAR(archive, into: directory)
        let expected = ["imported/current/q-seoul-kr.json (new)", "imported/current/q-seoul-kr-2.json (new)"]
        #expect(planned.rows.map(\.result) == expected)
        #expect(written.rows.map(\.result) == expected)
    }

    @Test func existingCassetteIsNeverOverwritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        _ = try importHAR(harJSON(harEntry()), into: directory)
        let path = directory.url.appendingPathComponent("imported/current/q-seoul.json")
        let before = try Data(contentsOf: path)
        let changed = harJSON(harEntry(text: #"{"name":"Seoul","main":{"temp":280},"cod":200}"#))
        let (report, _) = try importHAR(changed, file: "later.har", into: directory)
        #expect(
            report.rows.map(\.result) == [
                "skipped: imported/current/q-seoul.json already answers this request (never overwritten)"
            ])
        #expect(report.skippedCount == 1)
        #expect(try Data(contentsOf: path) == before)
    }

    @Test func importingTheSameArchiveAgainIsIdenticalAndNotASkip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        _ = try importHAR(harJSON(harEntry()), into: directory)
        let (again, _) = try importHAR(harJSON(harEntry()), into: directory)
        #expect(again.rows.map(\.result) == ["imported/current/q-seoul.json (already imported, identical)"])
        #expect(again.skippedCount == 0)
    }

    @Test func requestAnotherCassetteAlreadyAnswersIsSkippedSoTheDirectoryStillLoads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(
            "mine/seoul.json",
            cassetteJSON(
                interaction(query: #"{"q": "Seoul", "lang": null, "mode": null}"#)))
        let (report, _) = try importHAR(harJSON(harEntry()), into: directory)
        #expect(
            report.rows.map(\.result) == ["skipped: mine/seoul.json already answers this request (never overwritten)"])
        #expect(try CassetteLoader.load(directory: directory.url, providers: Providers.all).count == 1)
    }

    @Test func otherHostsAreIgnoredUnlessNamed() throws {
        let archive = harJSON(
            harEntry(), harEntry(url: "https://fonts.gstatic.com/s/inter.woff2"),
            harEntry(url: "http://127.0.0.1:8080/data/2.5/weather?q=Busan"),
            harEntry(url: "http://127.0.0.1:9090/data/2.5/weather?q=Daegu"))
        let (plain, first) = try importHAR(archive, dryRun: true)
        defer { first.cleanUp() }
        #expect(plain.rows.count == 1)
        #expect(plain.ignoredHosts.map(\.host) == ["127.0.0.1:8080", "127.0.0.1:9090", "fonts.gstatic.com"])
        #expect(plain.description.contains("3 entries for other hosts ignored"))
        let (named, second) = try importHAR(archive, dryRun: true, hosts: ["127.0.0.1:8080"])
        defer { second.cleanUp() }
        #expect(
            named.rows.map(\.request) == ["GET /data/2.5/weather?q=Seoul&appid=***", "GET /data/2.5/weather?q=Busan"])
        let (anyPort, third) = try importHAR(archive, dryRun: true, hosts: ["127.0.0.1"])
        defer { third.cleanUp() }
        #expect(anyPort.rows.count == 3)
    }

    @Test func archiveWithNothingForTheHostsSaysSo() throws {
        let (report, directory) = try importHAR(harJSON(harEntry(url: "https://example.com/")))
        defer { directory.cleanUp() }
        #expect(report.isEmpty)
        #expect(
            report.description.hasPrefix("nothing to import: no entry for api.openweathermap.org, openweathermap.org"))
    }

    @Test func gzipCompressedArchiveIsRead() throws {
        let archive = harJSON(harEntry())
        let compressed = Array(try #require(Data(base64Encoded: gzippedBase64(archive))))
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let report = try HARImporter.importArchive(
            compressed, file: "capture.har.gz",
            options: HARImportOptions(directory: directory.url, providers: Providers.all))
        #expect(report.writtenCount == 1)
    }

    /// A recorded cassette's canonical key for `request`, as record mode would write it.
    private func recordedKey(_ request: RecordingRequest) throws -> RequestPattern.CanonicalKey {
        let document = RecordedCassette.document(
            request: request, displayText: "", status: 200, headers: [], body: Array("{}".utf8),
            upstream: liveOpenWeatherMap, recordedAt: "2026-11-29T10:00:00Z"
        ).document
        return try #require(
            CassetteDecoder.decode(file: "x.json", bytes: document.prettyBytes, providers: Providers.all).cassette
        )
        .interactions[0].request.canonicalKey
    }
}
