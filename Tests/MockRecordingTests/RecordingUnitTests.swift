import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders
@testable import MockRecording

/// Record mode's parts on their own: names, patterns, expectations, scrubbing, shapes, the writer.
@Suite struct RecordingUnitTests {
    // MARK: - Names and patterns

    @Test(
        arguments: [
            ("/data/2.5/weather", "q=Seoul&appid=k", "recorded/current/q-seoul"),
            ("/data/2.5/weather", "q=Seoul,KR", "recorded/current/q-seoul-kr"),
            (
                "/data/2.5/weather", "lat=37.5683&lon=126.9778&units=metric",
                "recorded/current/lat37.57_lon126.98-metric"
            ),
            ("/data/2.5/weather", "lat=-33.8688&lon=-0.001", "recorded/current/lat-33.87_lon0.00"),
            ("/data/2.5/weather", "id=1835848&lang=kr&APPID=k", "recorded/current/id-1835848-lang-kr"),
            ("/data/2.5/weather", "q=%EC%84%9C%EC%9A%B8", "recorded/current/q-서울"),
            ("/data/2.5/weather", "q=!!!", "recorded/current/q-x212121"),
            ("/data/2.5/weather", "appid=k", "recorded/current/no-location"),
            ("/data/2.5/weather", "lat=100&lon=10", "recorded/current/lat-100_lon-10"),
            ("/data/2.5/forecast", "q=Seoul&cnt=5&units=imperial", "recorded/forecast/q-seoul-imperial-cnt-5"),
            ("/geo/1.0/direct", "q=Seoul&limit=5&units=metric", "recorded/geocoding/direct-q-seoul-limit-5"),
            (
                "/geo/1.0/reverse", "lat=35.8714&lon=128.6014&limit=1",
                "recorded/geocoding/reverse-lat35.87_lon128.60-limit-1"
            ),
            ("/img/wn/10d@2x.png", nil, "recorded/icons/10d-2x"),
            ("/img/wn/10d.png", nil, "recorded/icons/10d"),
            ("/img/other/10d.png", nil, "recorded/other/img-other-10d.png"),
        ] as [(String, String?, String)])
    func namesAreDeterministicAndReadable(path: String, query: String?, name: String) {
        let request = RecordingRequest(method: "GET", rawPath: path, rawQuery: query)
        #expect(request.cassetteName == name)
    }

    @Test func aNameNeverStartsWithADotSoTheLoaderNeverSkipsIt() {
        let request = RecordingRequest(method: "GET", rawPath: "/data/2.5/weather", rawQuery: "q=.hidden")
        #expect(request.cassetteName == "recorded/current/q-hidden")
    }

    @Test func patternsNameTheSignificantParametersAndNeverTheKey() {
        let current = RecordingRequest(
            method: "GET", rawPath: "/data/2.5/weather", rawQuery: "q=Seoul&appid=secret&_=123&units=metric")
        #expect(
            String(decoding: current.pattern(bodyIsConvertible: true).compactBytes, as: UTF8.self)
                == #"{"method":"GET","path":"/data/2.5/weather","query":{"q":"Seoul","units":"metric","lang":null,"mode":null}}"#
        )
        let standard = RecordingRequest(method: "GET", rawPath: "/data/2.5/weather", rawQuery: "q=Seoul")
        #expect(
            String(decoding: standard.pattern(bodyIsConvertible: false).compactBytes, as: UTF8.self)
                == #"{"method":"GET","path":"/data/2.5/weather","query":{"q":"Seoul","units":null,"lang":null,"mode":null}}"#,
            "a text body cannot be converted, so units are pinned absent")
        let coordinates = RecordingRequest(
            method: "GET", rawPath: "http://api.openweathermap.org/data/2.5/weather",
            rawQuery: "lat=37.56830&lon=126.9778&APPID=x")
        #expect(
            String(decoding: coordinates.pattern(bodyIsConvertible: true).compactBytes, as: UTF8.self)
                == #"{"method":"GET","path":"/data/2.5/weather","query":{"lang":null,"mode":null},"near":{"lat":37.5683,"lon":126.9778,"radiusKm":1}}"#
        )
        #expect(coordinates.captured.clientSecrets == ["x"])
        #expect(coordinates.captured.forwardedQuery == "lat=37.56830&lon=126.9778")
    }

    @Test func aRecordedPatternMatchesItsRequestAndItsNeighbourhoodOnly() throws {
        let request = RecordingRequest(
            method: "GET", rawPath: "/data/2.5/weather", rawQuery: "lat=37.5683&lon=126.9778")
        let pattern = request.pattern(bodyIsConvertible: true)
        let file =
            #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [{"request": "#
            + String(decoding: pattern.compactBytes, as: UTF8.self) + #", "response": {"status": 200, "json": {}}}]}"#
        let library = try library([("recorded.json", file)])
        let nearby = ReplayRequest(
            method: "GET", path: "/data/2.5/weather", query: "lat=37.5701&lon=126.9790&appid=k",
            providers: Providers.all)
        let far = ReplayRequest(
            method: "GET", path: "/data/2.5/weather", query: "lat=37.60&lon=126.9778", providers: Providers.all)
        let otherLanguage = ReplayRequest(
            method: "GET", path: "/data/2.5/weather", query: "lat=37.5683&lon=126.9778&lang=kr",
            providers: Providers.all)
        #expect(library.match(nearby)?.ordinal != nil)
        #expect(library.match(far) == nil)
        #expect(library.match(otherLanguage) == nil)
    }

    // MARK: - Expectations

    @Test func expectationsFollowTheResponse() throws {
        func expectation(_ status: Int, _ body: String, _ endpoint: RecordingRequest.Endpoint, _ units: Units) throws
            -> String?
        {
            let parsed = try? JSONParser.parse(Array(body.utf8))
            return ExpectDerivation.expectation(
                status: status, body: parsed, endpoint: endpoint, units: units, mode: nil
            )
            .map { String(decoding: $0.compactBytes, as: UTF8.self) }
        }
        #expect(
            try expectation(200, #"{"name":"Seoul","main":{"temp":27.79}}"#, .current, .imperial)
                == #"{"name":"Seoul","celsius":-2.34}"#)
        #expect(
            try expectation(200, #"{"name":"Seoul","main":{"temp":270.81}}"#, .current, .standard)
                == #"{"name":"Seoul","celsius":-2.34}"#)
        #expect(
            try expectation(200, #"{"city":{"name":"Daegu"},"list":[{"main":{"temp":3.23}}]}"#, .forecast, .metric)
                == #"{"name":"Daegu","celsius":3.23}"#)
        #expect(try expectation(200, "[]", .geocodingDirect, .standard) == "{}")
        #expect(try expectation(200, #"[{"name":"Seoul"}]"#, .geocodingReverse, .standard) == #"{"name":"Seoul"}"#)
        #expect(try expectation(200, #"{"cod":200}"#, .current, .standard) == #"{"error":"decoding"}"#)
        #expect(try expectation(200, "<html>", .current, .standard) == #"{"error":"decoding"}"#)
        #expect(
            try expectation(404, #"{"cod":"404","message":"city not found"}"#, .current, .standard)
                == #"{"error":"cityNotFound","message":"city not found"}"#)
        #expect(
            try expectation(400, #"{"cod":"400","message":"wrong latitude"}"#, .current, .standard)?.contains(
                "invalidRequest") == true)
        #expect(try expectation(502, "<html>bad gateway</html>", .current, .standard) == #"{"error":"server"}"#)
        #expect(try expectation(200, "{}", .other, .standard) == nil)
    }

    // MARK: - Scrubbing

    @Test func theScrubberMasksKeysInEveryForm() throws {
        let scrubber = try KeyScrubber(secrets: ["abc/123+XYZ", "k"], patterns: ["token-[0-9]+"])
        #expect(scrubber.scrub("key abc/123+XYZ and ABC/123+xyz") == "key *** and ***")
        #expect(scrubber.scrub("encoded abc%2F123%2BXYZ") == "encoded ***")
        #expect(scrubber.scrub(#"{"echo":"abc\/123+XYZ"}"#) == #"{"echo":"***"}"#)
        #expect(
            scrubber.scrub("/data/2.5/weather?q=seoul&APPID=anything-else&x=1")
                == "/data/2.5/weather?q=seoul&APPID=***&x=1")
        #expect(scrubber.scrub(#"{"url":"https://x/?api_key=zzz"}"#) == #"{"url":"https://x/?api_key=***"}"#)
        #expect(scrubber.scrub("monkey=banana&keys=1") == "monkey=banana&keys=1", "only whole key parameter names")
        #expect(scrubber.scrub("the k in kelvin") == "the k in kelvin", "short secrets are not free text")
        #expect(scrubber.scrub("trace token-42 here") == "trace *** here")
        #expect(scrubber.scrub("서울 ABC/123+xyz 날씨") == "서울 *** 날씨", "text around a key stays as it was")
        #expect(scrubber.scrub(Array("bytes abc/123+XYZ".utf8)) == Array("bytes ***".utf8))
        #expect(
            scrubber.scrub([0xFF, 0x61, 0x62, 0x63, 0x2F, 0x31, 0x32, 0x33, 0x2B, 0x58, 0x59, 0x5A]) == [0xFF]
                + Array("***".utf8))
    }

    @Test func scrubPatternsReadSwiftRegexSyntax() throws {
        let scrubber = try KeyScrubber(secrets: [], patterns: [#"(?i)session=\w+"#, #"\bdevice-\d{4}\b"#])
        #expect(scrubber.scrub("SESSION=abc1&q=seoul device-0042") == "***&q=seoul ***")
        #expect(scrubber.scrub("device-00421") == "device-00421")
    }

    @Test func unusableScrubPatternsAreRefusedByName() {
        do {
            _ = try KeyScrubber(secrets: [], patterns: ["("])
            Issue.record("a pattern that does not compile was accepted")
        } catch {
            #expect(error.description.hasPrefix(#"scrub pattern "(": it is not a valid regular expression ("#))
        }
        do {
            _ = try KeyScrubber(secrets: [], patterns: ["a*"])
            Issue.record("a pattern matching the empty string was accepted")
        } catch {
            #expect(error.description == #"scrub pattern "a*": it matches the empty string"#)
        }
    }

    @Test func anAPIKeyNeverShowsItself() throws {
        let key = try UpstreamAPIKey(realTestKey, origin: "--api-key")
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(describing: key), String(reflecting: key), dumped, "\([key])"] {
            #expect(!text.contains(realTestKey), "\(text)")
        }
        do {
            _ = try UpstreamAPIKey("\(realTestKey)\n", origin: "--api-key")
            Issue.record("a key with a newline was accepted")
        } catch {
            #expect(error.description.contains("--api-key contains whitespace"))
            #expect(!error.description.contains(realTestKey))
        }
        #expect(throws: UpstreamAPIKeyError.self) { try UpstreamAPIKey("", origin: "OPENWEATHERMAP_API_KEY") }
    }

    @Test func upstreamURLsAreHTTPWithAHostAndNoCredentials() throws {
        #expect(try UpstreamURL("http://127.0.0.1:8080/").description == "http://127.0.0.1:8080")
        #expect(try UpstreamURL("https://proxy.example/owm").description == "https://proxy.example/owm")
        for bad in ["ftp://x", "api.openweathermap.org", "https://x/?appid=1", "https://user:pass@x"] {
            #expect(throws: UpstreamURLError.self, "\(bad)") { try UpstreamURL(bad) }
        }
        do {
            _ = try UpstreamURL("https://user:hunter2@x")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }

    // MARK: - Shapes

    @Test func shapeDiffListsAddedRemovedAndRetypedFieldsByPath() throws {
        let recorded = try JSONParser.parse(
            Array(
                #"{"base":"stations","main":{"temp":1.5},"weather":[{"id":1}],"cod":200,"sys":{"country":"KR"}}"#.utf8))
        let live = try JSONParser.parse(
            Array(
                #"{"main":{"temp":2,"humidity":64},"weather":[{"id":1,"icon":"04d"}],"cod":"200","rain":{"1h":0.5},"extra":{"a":{"b":1}}}"#
                    .utf8))
        let diff = ShapeDiff(
            recorded: JSONShape(recorded), live: JSONShape(live), varying: OpenWeatherMapShapes.varyingPaths)
        #expect(
            diff.drift.map(\.description) == [
                "removed  $.base (was string)", "retyped  $.cod: number → string", "added    $.extra (object)",
                "added    $.main.humidity (number)", "removed  $.sys (was object)",
                "added    $.weather[].icon (string)",
            ])
        #expect(diff.varying.map(\.description) == ["added    $.rain (object)"])
        #expect(ShapeDiff(recorded: JSONShape(recorded), live: JSONShape(recorded), varying: []).isSameShape)
    }

    // MARK: - The writer

    @Test func theWriterNeverOverwritesAnotherRequestAndReplacesOnlyWhenAsked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let writer = CassetteWriter(directory: directory.url, providers: Providers.all)
        let (seoul, seoulKey) = try Self.document(query: "q=Seoul")
        let (other, otherKey) = try Self.document(query: "q=Seoul&units=metric")
        let name = "recorded/current/q-seoul"
        #expect(
            try writer.write(seoul, preferredName: name, requestKey: seoulKey, replacing: false) == .created(name: name)
        )
        #expect(
            try writer.write(seoul, preferredName: name, requestKey: seoulKey, replacing: false) == .kept(name: name))
        #expect(
            try writer.write(other, preferredName: name, requestKey: otherKey, replacing: true)
                == .created(name: name + "-2"))
        #expect(
            try writer.write(seoul, preferredName: name, requestKey: seoulKey, replacing: true) == .replaced(name: name)
        )
        try directory.write("recorded/current/q-x.json", "not a cassette")
        #expect(
            try writer.write(seoul, preferredName: "recorded/current/q-x", requestKey: seoulKey, replacing: true)
                == .created(name: "recorded/current/q-x-2"), "an unreadable file is never overwritten")
        #expect(
            allFiles(under: directory.url).map(\.path) == [
                "recorded/current/q-seoul-2.json", "recorded/current/q-seoul.json", "recorded/current/q-x-2.json",
                "recorded/current/q-x.json",
            ])
    }

    /// Record mode wrote whatever the API answered: a cassette over the loader's limit would have
    /// stopped the directory from loading at the next start.
    @Test func theWriterRefusesACassetteTheLoaderWouldRefuseAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let writer = CassetteWriter(directory: directory.url, providers: Providers.all)
        let (_, key) = try Self.document(query: "q=Seoul")
        let huge = [UInt8](repeating: 0x20, count: CassetteFiles.maximumFileSize + 1)

        let result = Result { () throws(CassetteWriteError) in
            try writer.write(huge, preferredName: "recorded/current/q-seoul", requestKey: key, replacing: true)
        }

        guard case .failure(let refusal) = result else {
            Issue.record("a cassette over the loader's limit must not be written")
            return
        }
        #expect(
            refusal.description
                == "cannot write recorded/current/q-seoul.json: the cassette would be 67108865 bytes, over the "
                + "limit of 67108864 bytes a cassette file may have (it would stop the directory from loading); "
                + "nothing was written")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("recorded").path))
    }

    @Test func theWriterRefusesAFolderThatLinksOutOfTheDirectoryAndWritesNothingThere() throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.cleanUp() }
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("recorded").path, withDestinationPath: elsewhere.url.path)
        let writer = CassetteWriter(directory: directory.url, providers: Providers.all)
        let (seoul, seoulKey) = try Self.document(query: "q=Seoul")

        var refusal: CassetteWriteError?
        do throws(CassetteWriteError) {
            _ = try writer.write(
                seoul, preferredName: "recorded/current/q-seoul", requestKey: seoulKey, replacing: true)
        } catch {
            refusal = error
        }
        let planned = Result { () throws(CassetteWriteError) in
            try writer.plan(
                preferredName: "recorded/current/q-seoul", requestKey: seoulKey, replacing: false, planned: [:])
        }

        #expect(
            refusal?.description
                == "cannot write recorded: it is a symbolic link out of the cassette directory (to \(elsewhere.url.path)); "
                + "nothing is written through it: remove the link or choose another directory")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path)) == [],
            "no folder or file made through the link")
        #expect((try? planned.get()) == nil, "a dry run says the same")
    }

    @Test func theWriterWritesThroughAFolderLinkThatStaysInside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("kept/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("recorded").path, withDestinationPath: "kept")
        let writer = CassetteWriter(directory: directory.url, providers: Providers.all)
        let (seoul, seoulKey) = try Self.document(query: "q=Seoul")

        let outcome = try writer.write(
            seoul, preferredName: "recorded/current/q-seoul", requestKey: seoulKey, replacing: false)

        #expect(outcome == .created(name: "recorded/current/q-seoul"))
        #expect(
            FileManager.default.fileExists(
                atPath: directory.url.appendingPathComponent("kept/current/q-seoul.json").path))
    }

    @Test func temporaryFilesOfKilledWritersAreRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let finished = ChildProcess()
        finished.executableURL = URL(fileURLWithPath: "/bin/sh")
        finished.arguments = ["-c", "exit 0"]
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let abandoned = "recorded/current/.q-seoul.json\(CassetteWriter.temporaryMarker)\(dead)-42"
        let ours = "recorded/current/.q-daegu.json\(CassetteWriter.temporaryMarker)\(getpid())-7"
        try directory.write(abandoned, "{")
        try directory.write(ours, "{")
        CassetteWriter(directory: directory.url, providers: Providers.all).removeAbandonedTemporaryFiles()
        #expect(allFiles(under: directory.url).map(\.path) == [ours])
    }

    @Test func prettyCassettesServeTheCompactBytes() throws {
        let body = #"{"a":[1,2.50,{"b":"서울\n"}],"c":{},"d":[],"e":-0.0}"#
        let parsed = try JSONParser.parse(Array(body.utf8))
        let pretty = parsed.prettyBytes
        #expect(String(decoding: pretty, as: UTF8.self).contains("\n  \"a\": [\n    1,\n    2.50,"))
        #expect(try JSONParser.parse(pretty).compactBytes == Array(body.utf8))
    }

    @Test func staleRecordingsAreFoundByAge() throws {
        let files = [
            ("recorded/old.json", Self.recorded(at: "2026-01-01T00:00:00Z")),
            ("recorded/fresh.json", Self.recorded(at: "2026-11-28T00:00:00+09:00")),
            ("documented.json", cassetteJSON(interaction(query: #"{"q": "x"}"#))),
        ]
        let cassettes = try library(files).wholeCassettes()
        let now = try #require(StaleCassette.parse("2026-11-29T10:00:00.5Z"))
        let stale = StaleCassette.find(in: cassettes, olderThan: .seconds(90 * 86_400), now: now)
        #expect(stale.map(\.description) == ["recorded/old.json: recorded 2026-01-01T00:00:00Z, 332 days ago"])
    }

    static func recorded(at time: String) -> String {
        """
        {"format": "mockweather-cassette/1", "source": "recorded", "recordedAt": "\(time)",
         "interactions": [\(interaction(query: #"{"q": "\#(time)"}"#))]}
        """
    }

    /// A recorded cassette document for `query` and its request's canonical key.
    static func document(query: String) throws -> ([UInt8], RequestPattern.CanonicalKey) {
        let request = RecordingRequest(method: "GET", rawPath: "/data/2.5/weather", rawQuery: query)
        let (document, _) = RecordedCassette.document(
            request: request, displayText: request.displayText, status: 200, headers: [],
            body: Array(#"{"name":"Seoul","main":{"temp":1}}"#.utf8),
            upstream: liveOpenWeatherMap, recordedAt: "2026-11-29T10:00:00Z")
        let bytes = document.prettyBytes
        let cassette = try #require(
            CassetteDecoder.decode(file: "x.json", bytes: bytes, providers: Providers.all).cassette)
        return (bytes, cassette.interactions[0].request.canonicalKey)
    }
}
