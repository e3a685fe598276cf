import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// The API key the HAR tests' archives carry (32 hex digits, as OpenWeatherMap keys are).
let harTestKey = "mockweatherfixturekeynotreal0000"

/// The HAR captures under Tests/MockRecordingTests/Fixtures/HAR (see the README there).
enum HARFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/HAR")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }
}

/// A HAR 1.2 document around `entries` (the JSON text of each entry object).
func harJSON(creator: String = "TestTool", version: String = "1.0", _ entries: String...) -> String {
    harJSON(creator: creator, version: version, entries: entries)
}

func harJSON(creator: String = "TestTool", version: String = "1.0", entries: [String]) -> String {
    """
    {"log": {"version": "1.2", "creator": {"name": "\(creator)", "version": "\(version)"},
     "entries": [\(entries.joined(separator: ",\n"))]}}
    """
}

/// One entry: a request for `url` answered `status` with `text` (omitted when nil); `response: false`
/// leaves the response out; `extra` is added to the entry, `contentExtra` to its content object.
func harEntry(
    url: String = "https://api.openweathermap.org/data/2.5/weather?q=Seoul&appid=\(harTestKey)",
    method: String = "GET", time: String = "2026-11-29T10:00:00.000Z", status: Int = 200,
    headers: [(String, String)] = [("Content-Type", "application/json; charset=utf-8")],
    text: String? = #"{"name":"Seoul","main":{"temp":270.81},"cod":200}"#, encoding: String? = nil,
    size: Int? = nil, response: Bool = true, extra: String = "", contentExtra: String = ""
) -> String {
    let headerJSON = headers.map { #"{"name": \#(JSONValue.quoted($0.0)), "value": \#(JSONValue.quoted($0.1))}"# }
        .joined(separator: ", ")
    var content = #""mimeType": "application/json""#
    if let text { content += #", "text": \#(JSONValue.quoted(text))"# }
    if let encoding { content += #", "encoding": "\#(encoding)""# }
    content += #", "size": \#(size ?? text?.utf8.count ?? 0)"# + contentExtra
    let responseJSON =
        response
        ? #", "response": {"status": \#(status), "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [\#(headerJSON)], "content": {\#(content)}, "redirectURL": "", "headersSize": -1, "bodySize": -1}"#
        : ""
    return """
        {"startedDateTime": "\(time)", "time": 10,
         "request": {"method": "\(method)", "url": \(JSONValue.quoted(url)), "httpVersion": "HTTP/1.1", "cookies": [],
                     "headers": [], "queryString": [], "headersSize": -1, "bodySize": 0}\(responseJSON),
         "cache": {}, "timings": {"send": 0, "wait": 10, "receive": 0}\(extra)}
        """
}

/// Imports `archive` into a fresh directory (removed by the caller).
func importHAR(
    _ archive: String, file: String = "capture.har", dryRun: Bool = false, hosts: [String] = [],
    into directory: TemporaryDirectory? = nil, scrubber: KeyScrubber = KeyScrubber()
) throws -> (report: HARImportReport, directory: TemporaryDirectory) {
    let directory = try directory ?? TemporaryDirectory()
    var options = HARImportOptions(directory: directory.url, providers: Providers.all)
    options.dryRun = dryRun
    options.extraHosts = hosts
    options.scrubber = scrubber
    let report = try HARImporter.importArchive(Array(archive.utf8), file: file, options: options)
    return (report, directory)
}

/// The one problem of a report, failing the test when there is not exactly one.
func onlyProblem(_ report: HARImportReport, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> HARProblem
{
    #expect(report.problems.count == 1, "\(report.problems)", sourceLocation: sourceLocation)
    return try #require(report.problems.first, sourceLocation: sourceLocation)
}

/// The decoded cassette written under `name` (`imported/current/q-seoul`).
func importedCassette(_ name: String, in directory: TemporaryDirectory) throws -> Cassette {
    let bytes = Array(try Data(contentsOf: directory.url.appendingPathComponent(name + ".json")))
    let decoded = CassetteDecoder.decode(file: name + ".json", bytes: bytes, providers: Providers.all)
    #expect(decoded.problems.isEmpty, "\(decoded.problems)")
    return try #require(decoded.cassette)
}

/// `text` in one stored (uncompressed) DEFLATE block of a gzip member, base64: valid gzip any decoder
/// reads, whose size inflated is exactly `text`'s length (checked with the importer's own CRC).
func gzippedBase64(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1]
    member += [UInt8(bytes.count & 0xFF), UInt8(bytes.count >> 8)]
    member += [UInt8(~bytes.count & 0xFF), UInt8((~bytes.count >> 8) & 0xFF)]
    member += bytes
    let crc = Inflate.crc32(bytes)
    member += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    member += (0..<4).map { UInt8(truncatingIfNeeded: bytes.count >> (8 * $0)) }
    return Data(member).base64EncodedString()
}
