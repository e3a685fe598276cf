import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Every way an archive or an entry can fail to import: each message names the entry index and the
/// field by JSON path (with line and column), and nothing is written for what was skipped.
@Suite struct HARImportErrorTests {
    /// The archive-level problems `importArchive` throws.
    private func readErrors(_ archive: String) throws -> [HARProblem] {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        do throws(HARReadError) {
            _ = try HARImporter.importArchive(
                Array(archive.utf8), file: "capture.har",
                options: HARImportOptions(directory: directory.url, providers: Providers.all))
            Issue.record("expected the archive to be refused")
            return []
        } catch {
            #expect(allFiles(under: directory.url).isEmpty)
            return error.problems
        }
    }

    @Test func archiveThatIsNotJSONIsRefusedWithLineAndColumn() throws {
        let problems = try readErrors("{\"log\": {\"version\": \"1.2\",\n  \"entries\": [,]}}")
        #expect(
            problems.map(\.description) == [
                "capture.har:2:15: $: not a HAR archive: not JSON: unexpected ','; expected a value"
            ])
        #expect(problems[0].entry == nil)
    }

    @Test(arguments: [
        ("[]", "$: not a HAR archive: expected an object with \"log\", found an array"),
        ("{\"entries\": []}", "$: not a HAR archive: missing \"log\" (HAR 1.2 files are {\"log\": {...}})"),
        ("{\"log\": []}", "$.log: expected the log object, found an array"),
        (
            "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"x\"}}}",
            "$.log: missing \"entries\" (the array of exchanges)"
        ),
        (
            "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"x\"}, \"entries\": {}}}",
            "$.log.entries: expected an array of entries, found an object"
        ),
        (
            "{\"log\": {\"version\": \"2.0\", \"creator\": {\"name\": \"x\"}, \"entries\": []}}",
            "$.log.version: unsupported HAR version \"2.0\"; this reader knows 1.x"
        ),
        (
            "{\"log\": {\"version\": \"1.2\", \"creator\": {\"version\": \"1\"}, \"entries\": []}}",
            "$.log.creator: missing \"name\""
        ),
    ])
    func malformedArchiveIsRefusedNamingTheField(archive: String, expected: String) throws {
        let problems = try readErrors(archive)
        #expect(problems.count == 1)
        #expect(problems.first.map { String($0.description.drop { $0 != " " }.dropFirst()) } == expected)
    }

    @Test func entryThatIsNotAnObjectIsSkippedAndTheOthersImported() throws {
        let (report, directory) = try importHAR(harJSON(entries: ["42", harEntry()]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.entry == 0)
        #expect(problem.description == "capture.har:2:14: $.log.entries[0]: expected an entry object, found a number")
        #expect(report.writtenCount == 1)
    }

    @Test(arguments: [
        (#""startedDateTime": "yesterday","#, "$.log.entries[0].startedDateTime", "expected an ISO 8601 time"),
        (#""startedDateTime": 5,"#, "$.log.entries[0].startedDateTime", "expected a string, found a number"),
    ])
    func entryWithABadStartTimeIsSkipped(replacement: String, path: String, message: String) throws {
        let entry = harEntry().replacingOccurrences(
            of: #""startedDateTime": "2026-11-29T10:00:00.000Z","#, with: replacement)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.entry == 0)
        #expect(problem.jsonPath == path)
        #expect(problem.message.hasPrefix(message), "\(problem.message)")
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test(arguments: [
        (#""url": 7"#, "$.log.entries[0].request.url", "expected a string, found a number"),
        (#""url": "not a url""#, "$.log.entries[0].request.url", "not an absolute URL with a host"),
        (#""method": "G E T""#, "$.log.entries[0].request.method", "invalid method \"G E T\""),
        (
            #""headers": {}"#, "$.log.entries[0].request.headers",
            "expected an array of {\"name\", \"value\"}, found an object"
        ),
        (#""headers": [{"name": "Accept"}]"#, "$.log.entries[0].request.headers[0]", "missing \"value\""),
    ])
    func entryWithABadRequestFieldIsSkippedNamingIt(field: String, path: String, message: String) throws {
        var entry = harEntry()
        let original = [
            #""url": "https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=\#(harTestKey)""#,
            #""method": "GET""#, #""headers": []"#,
        ]
        for text in original where text.prefix(6) == field.prefix(6) {
            entry = entry.replacingOccurrences(of: text, with: field)
        }
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.entry == 0)
        #expect(problem.jsonPath == path)
        #expect(problem.message.hasPrefix(message), "\(problem.message)")
        #expect(problem.line != nil && problem.column != nil)
    }

    @Test func entryWithoutAResponseIsSkippedAsNoResponse() throws {
        let (report, directory) = try importHAR(harJSON(entries: [harEntry(response: false)]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response")
        #expect(problem.message.hasPrefix("no response: the request failed or was still in flight"))
        #expect(report.rows.map(\.isSkipped) == [true])
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func nullResponseIsSkippedAsNoResponse() throws {
        let entry = harEntry(response: false).replacingOccurrences(
            of: #""cache": {}"#, with: #""response": null, "cache": {}"#)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        #expect(try onlyProblem(report).jsonPath == "$.log.entries[0].response")
    }

    @Test func statusZeroIsSkippedWithTheToolsErrorText() throws {
        let entry = harEntry(status: 0, headers: [], text: nil, extra: #", "_error": "net::ERR_CONNECTION_REFUSED""#)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.status")
        #expect(problem.message.hasPrefix("no response (status 0, net::ERR_CONNECTION_REFUSED)"))
    }

    @Test(arguments: [
        (
            #", "_resourceType": "websocket""#, "https://api.openweathermap.org/ws", 101,
            "$.log.entries[0]._resourceType"
        ),
        ("", "wss://api.openweathermap.org/ws?appid=\(harTestKey)", 101, "$.log.entries[0].request.url"),
        ("", "https://api.openweathermap.org/ws", 101, "$.log.entries[0].response"),
    ])
    func webSocketEntriesAreSkipped(extra: String, url: String, status: Int, path: String) throws {
        let entry = harEntry(url: url, status: status, headers: [], text: nil, extra: extra)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == path)
        #expect(problem.message.contains("a WebSocket connection"))
        #expect(!problem.description.contains(harTestKey))
    }

    @Test func connectTunnelIsSkippedSayingToEnableTLSProxying() throws {
        let entry = harEntry(url: "api.openweathermap.org:443", method: "CONNECT", headers: [], text: nil)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].request.method")
        #expect(problem.message.contains("a CONNECT tunnel"))
        #expect(problem.message.contains("enable SSL/TLS proxying for api.openweathermap.org"))
        #expect(report.rows.first?.request == "CONNECT api.openweathermap.org:443")
    }

    @Test func missingBodyIsReportedNeverInvented() throws {
        let (report, directory) = try importHAR(harJSON(entries: [harEntry(text: nil, size: 1876)]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content")
        #expect(problem.message.hasPrefix("missing body: content.text is absent (content.size says 1876 bytes)"))
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func bodylessAnswerWithSizeZeroImportsAsAnEmptyBody() throws {
        let (report, directory) = try importHAR(
            harJSON(entries: [harEntry(status: 200, headers: [], text: nil, size: 0)]))
        defer { directory.cleanUp() }
        #expect(report.problems.isEmpty)
        let cassette = try importedCassette("imported/current/q-seoul", in: directory)
        guard case .text(let text) = cassette.interactions[0].responses[0].body else {
            Issue.record("expected a text body")
            return
        }
        #expect(text.isEmpty)
    }

    @Test func absurdContentSizeIsReportedNotTrapped() throws {
        let entry = harEntry(text: nil).replacingOccurrences(of: #""size": 0"#, with: #""size": 1e300"#)
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content.size")
        #expect(problem.message == "expected a byte count, found 1e300")
    }

    @Test func invalidBase64IsReportedAtContentText() throws {
        let (report, directory) = try importHAR(harJSON(entries: [harEntry(text: "not base64!", encoding: "base64")]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content.text")
        #expect(problem.message == "content.encoding is \"base64\" but content.text is not valid base64")
    }

    @Test func unknownContentEncodingIsReportedAtContentEncoding() throws {
        let (report, directory) = try importHAR(
            harJSON(entries: [harEntry(text: "=48=69", encoding: "quoted-printable")]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content.encoding")
        #expect(problem.message.hasPrefix("unknown content.encoding \"quoted-printable\""))
    }

    @Test func gzipBodyThatDoesNotDecompressIsReported() throws {
        let corrupt = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0xFF, count: 12))
            .base64EncodedString()
        let entry = harEntry(headers: [("Content-Encoding", "gzip")], text: corrupt, encoding: "base64")
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content.text")
        #expect(problem.message.hasPrefix("the body is marked Content-Encoding: gzip but does not decompress: "))
    }

    @Test func brotliBodyStillCompressedIsReportedAsUndecodable() throws {
        let compressed = Data([0x1B, 0x2C, 0x00, 0xF8, 0xA5, 0x40, 0xC2, 0xFF]).base64EncodedString()
        let entry = harEntry(headers: [("content-encoding", "br")], text: compressed, encoding: "base64")
        let (report, directory) = try importHAR(harJSON(entries: [entry]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.content.text")
        #expect(
            problem.message.hasPrefix(
                "the body is still br-compressed (Content-Encoding: br), which mockweather cannot decode"))
    }

    @Test(arguments: [(100, "interim"), (302, "redirect"), (304, "cache revalidation"), (401, "key was rejected")])
    func answersReplayCannotUseAreSkippedByStatus(status: Int, reason: String) throws {
        let (report, directory) = try importHAR(harJSON(entries: [harEntry(status: status)]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].response.status")
        #expect(problem.message.contains(reason), "\(problem.message)")
    }

    @Test func requestCarryingTheKeyInItsOwnParametersIsNotImported() throws {
        let url = "https://api.openweathermap.org/data/2.5/weather?q=\(harTestKey)&appid=\(harTestKey)"
        let (report, directory) = try importHAR(harJSON(entries: [harEntry(url: url)]))
        defer { directory.cleanUp() }
        let problem = try onlyProblem(report)
        #expect(problem.jsonPath == "$.log.entries[0].request.url")
        #expect(problem.message.contains("carries a secret in its own path or parameters"))
        #expect(!report.description.contains(harTestKey))
        #expect(allFiles(under: directory.url).isEmpty)
    }

    @Test func everySkipIsCountedAndListedOnceInTheReport() throws {
        let archive = harJSON(entries: [
            harEntry(), harEntry(url: "api.openweathermap.org:443", method: "CONNECT", text: nil),
            harEntry(url: "https://api.openweathermap.org/data/2.5/weather?q=Busan", response: false),
        ])
        let (report, directory) = try importHAR(archive)
        defer { directory.cleanUp() }
        #expect(report.skippedCount == 2)
        #expect(report.problems.map(\.entry) == [1, 2])
        let text = report.description
        #expect(text.contains("imported 1 cassette from 1 entry; 2 skipped"))
        #expect(text.contains("skipped:\n  capture.har:"))
    }
}
