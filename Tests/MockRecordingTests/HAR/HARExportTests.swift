import Basics
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// `mockweather export`: entries other HAR tools accept, the request a client would send, the answer
/// `serve` gives; and export then import round-trips a cassette set to one that answers the same.
@Suite struct HARExportTests {
    /// The bundled set, exported once for the tests that read it: an export decodes, encodes and
    /// pretty-prints every bundled answer, the costliest step of this suite when each test did it.
    private static let bundledExport = Result { () throws(CassetteLoadError) in
        try HARExporter.export(
            directory: PackageLayout.bundledCassettes, now: 1_764_410_400_000, providers: Providers.all)
    }

    /// Every file under `directory` as the in-memory files `MockSetup.cassettes` serves.
    private func files(under directory: URL) -> [(String, String)] {
        allFiles(under: directory).filter { $0.path.hasSuffix(".json") && !$0.path.hasPrefix(".") }
            .map { ($0.path, $0.contents) }
    }

    private func entries(_ export: HARExporter.Export) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [String: Any])
        return try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
    }

    @Test func everyEntryHasWhatHAR12RequiresWithIntegerTimings() throws {
        let export = try Self.bundledExport.get()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "mockweather")
        #expect(log["pages"] as? [Any] != nil)
        let entries = try entries(export)
        #expect(entries.count == export.entryCount)
        for (index, entry) in entries.enumerated() {
            let started = try #require(entry["startedDateTime"] as? String, "entry \(index)")
            #expect(ISO8601Time.milliseconds(started) != nil && started.hasSuffix("Z"))
            #expect(entry["time"] is Int, "entry \(index): time must be a whole number")
            #expect(entry["cache"] is [String: Any])
            let request = try #require(entry["request"] as? [String: Any])
            for key in ["method", "url", "httpVersion"] { #expect(request[key] is String, "request.\(key)") }
            for key in ["cookies", "headers", "queryString"] { #expect(request[key] is [Any], "request.\(key)") }
            for key in ["headersSize", "bodySize"] { #expect(request[key] is Int, "request.\(key)") }
            let response = try #require(entry["response"] as? [String: Any])
            #expect(response["status"] is Int)
            for key in ["statusText", "httpVersion", "redirectURL"] { #expect(response[key] is String, "\(key)") }
            for key in ["cookies", "headers"] { #expect(response[key] is [Any], "response.\(key)") }
            let content = try #require(response["content"] as? [String: Any])
            #expect(content["size"] is Int && content["mimeType"] is String)
            let timings = try #require(entry["timings"] as? [String: Any])
            for key in ["send", "wait", "receive"] { #expect(timings[key] is Int, "timings.\(key)") }
            // Each on its API's live host; OpenWeatherMap's icons on the web site's.
            let url = request["url"] as? String ?? ""
            let hosts = [
                "https://api.openweathermap.org/", "https://openweathermap.org/img/wn/",
                "https://dapi.kakao.com/v2/local/", "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/",
            ]
            #expect(hosts.contains { url.hasPrefix($0) }, "\(url)")
        }
    }

    @Test func everyResponseOfASequenceIsAnEntry() throws {
        let export = try Self.bundledExport.get()
        let cassettes = try CassetteLoader.load(directory: PackageLayout.bundledCassettes, providers: Providers.all)
        let responses = cassettes.flatMap(\.interactions).reduce(0) { $0 + $1.responses.count }
        #expect(export.entryCount == responses)
        #expect(export.cassetteCount == cassettes.count)
        let flaky = try entries(export).filter { ($0["comment"] as? String)?.contains("faults/flaky,") == true }
        #expect(flaky.map { ($0["response"] as? [String: Any])?["status"] as? Int } == [0, 200])
        #expect(((flaky.first?["response"] as? [String: Any])?["_error"] as? String) == "mockweather fault: reset")
    }

    @Test func requestIsWhatAClientSendsAndTheAnswerIsWhatServeGives() async throws {
        let export = try Self.bundledExport.get()
        try await withMock(.cassettes(files(under: PackageLayout.bundledCassettes)), mode: .router) { harness in
            let byURL = Dictionary(
                try entries(export).map { ($0["request"] as! [String: Any])["url"] as! String }.enumerated().map {
                    ($1, $0)
                },
                uniquingKeysWith: { first, _ in first })
            let seoulURL = "https://api.openweathermap.org/data/2.5/weather?q=seoul&appid=***"
            let seoul = try #require(byURL[seoulURL].map { try entries(export)[$0] })
            let content = try #require((seoul["response"] as? [String: Any])?["content"] as? [String: Any])
            let served = try await harness.respond("/data/2.5/weather?q=seoul&appid=***")
            #expect(content["text"] as? String == served.text)
            #expect(content["mimeType"] as? String == "application/json; charset=utf-8")
            #expect(byURL["https://api.openweathermap.org/data/2.5/weather?lat=37.5683&lon=126.9778&appid=***"] != nil)
            #expect(byURL["https://api.openweathermap.org/data/2.5/weather?appid=invalid"] != nil)
            #expect(byURL["https://api.openweathermap.org/data/2.5/weather?lat=100&lon=1&appid=***"] != nil)
            #expect(export.shadowed.isEmpty, "\(export.shadowed)")
        }
    }

    @Test func kakaoRequestsCarryTheHeaderTheirPatternNamesAndOtherwiseAMaskedKey() throws {
        let export = try Self.bundledExport.get()
        func authorization(_ cassette: String, _ interaction: Int) throws -> [String] {
            let entry = try #require(
                try entries(export).first {
                    let mockweather = $0["_mockweather"] as? [String: Any]
                    return mockweather?["cassette"] as? String == cassette
                        && mockweather?["interaction"] as? Int == interaction
                }, "\(cassette)#\(interaction)")
            let headers = try #require((entry["request"] as? [String: Any])?["headers"] as? [[String: Any]])
            return headers.filter { ($0["name"] as? String)?.lowercased() == "authorization" }
                .compactMap { $0["value"] as? String }
        }
        #expect(try authorization("kakao-local/coord2address/route/seoul-city-hall", 0) == ["KakaoAK ***"])
        #expect(try authorization("kakao-local/errors/key-states", 0) == [])
        #expect(try authorization("kakao-local/errors/key-states", 1) == ["KakaoAK null"])
        #expect(try authorization("kakao-local/errors/missing-parameters", 0) == ["KakaoAK ***"])
    }

    @Test func exportThenImportRoundTripsTheBundledSetToCassettesThatAnswerTheSame() async throws {
        let export = try Self.bundledExport.get()
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var options = HARImportOptions(directory: directory.url, providers: Providers.all)
        options.scrubber = KeyScrubber()
        let report = try HARImporter.importArchive(export.bytes, file: "bundled.har", options: options)
        #expect(report.skippedCount == 0, "\(report)")
        #expect(report.problems.isEmpty)
        try await withMock(.cassettes(files(under: PackageLayout.bundledCassettes)), mode: .router) { original in
            try await withMock(.cassettes(files(under: directory.url)), mode: .router) { imported in
                // Every entry's request, in archive order, so sequences advance alike on both.
                for entry in try entries(export) {
                    let url = try #require((entry["request"] as? [String: Any])?["url"] as? String)
                    let target = String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
                    let expected = try await original.respond(target)
                    let actual = try await imported.respond(target)
                    #expect(actual.status == expected.status, "\(target)")
                    #expect(actual.body == expected.body, "\(target)")
                    #expect(actual.fault == expected.fault, "\(target)")
                    #expect(actual.delay == expected.delay, "\(target)")
                    let headers = { (response: HTTPResponse) in
                        response.headers.filter { $0.name != "X-Mockweather-Cassette" }.map {
                            "\($0.name): \($0.value)"
                        }
                    }
                    #expect(headers(actual) == headers(expected), "\(target)")
                }
                // And in other units, converted the same way.
                for target in [
                    "/data/2.5/weather?q=Seoul&units=metric&appid=x", "/data/2.5/forecast?q=Seoul&units=imperial",
                ] {
                    let (fromImport, fromOriginal) = (
                        try await imported.respond(target), try await original.respond(target)
                    )
                    #expect(fromImport.body == fromOriginal.body, "\(target)")
                }
            }
        }
    }

    @Test func binaryBodiesRoundTripByteForByte() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF, 0x80, 0x00]
        let source = try TemporaryDirectory()
        defer { source.cleanUp() }
        try source.write(
            "icons/10d.json",
            cassetteJSON(
                #"""
                {"request": {"path": "/img/wn/10d@2x.png"},
                 "response": {"status": 200, "headers": {"Content-Type": "image/png"}, "base64": "\#(Data(png).base64EncodedString())"}}
                """#))
        let export = try HARExporter.export(directory: source.url, now: 0, providers: Providers.all)
        let entry = try #require(try entries(export).first)
        #expect(
            (entry["request"] as? [String: Any])?["url"] as? String
                == "https://openweathermap.org/img/wn/10d@2x.png", "icons take no key at the API")
        let content = try #require((entry["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64")
        #expect(content["text"] as? String == Data(png).base64EncodedString())
        let target = try TemporaryDirectory()
        defer { target.cleanUp() }
        _ = try HARImporter.importArchive(
            export.bytes, file: "icons.har", options: HARImportOptions(directory: target.url, providers: Providers.all))
        let served = try await withMock(.cassettes(files(under: target.url)), mode: .router) {
            try await $0.respond("/img/wn/10d@2x.png")
        }
        #expect(served.body == png)
        #expect(served.headers["Content-Type"] == "image/png")
    }

    @Test func exportIsWrittenAtomicallyAndReplacesTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let path = directory.url.appendingPathComponent("out.har").path
        try directory.write("out.har", "old")
        let export = try Self.bundledExport.get()
        try HARExporter.write(export, to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == export.bytes)
        #expect(allFiles(under: directory.url).map(\.path) == ["out.har"], "no temporary file is left")
        #expect(throws: HARWriteError.self) { try HARExporter.write(export, to: "/nonexistent-dir/out.har") }
    }

    @Test func invalidCassettesAreNotExported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("broken.json", #"{"format": "mockweather-cassette/1"}"#)
        #expect(throws: CassetteLoadError.self) {
            try HARExporter.export(directory: directory.url, providers: Providers.all)
        }
    }
}
