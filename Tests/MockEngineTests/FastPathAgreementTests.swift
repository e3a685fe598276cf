import Basics
import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// The start-up fast paths (bodies skimmed and minified without a tree, UTF-8 checked without a
/// string, files read in one `read` of their `fstat` size) must agree with the tree-based code they stand in for:
/// the same bytes, the same errors at the same places. (The cassette decoder's own fast path is gone:
/// it saved under 20% of start-up, docs/ARCHITECTURE.md#cassettes; its corpus stays, for the decoder.)
@Suite struct FastPathAgreementTests {
    private func decoded(_ file: String, _ bytes: [UInt8]) -> (cassette: Cassette?, problems: Int) {
        #expect(CassetteDecoderCheck.brokenPromise(file: file, bytes: bytes, providers: Providers.all) == nil)
        let result = CassetteDecoder.decode(file: file, bytes: bytes, providers: Providers.all)
        return (result.cassette, result.problems.count)
    }

    /// Valid cassettes with the tricky parts of each form (escapes, a byte-order mark, odd spacing).
    static let validCassettes = [
        cassetteJSON(interaction(query: #"{"q": "Seoul", "APPID": "*", "zip": null, "id": 1835848}"#)),
        cassetteJSON(interaction(near: #"{"lat": 37.5683, "lon": 126.9778, "radiusKm": 20}"#)),
        cassetteJSON(
            source: "recorded",
            #"""
            {"request": {"path": "/data/2.5/weather", "method": "get"}, "notes": "caf\u00e9 \"quoted\"",
             "responses": [{"status": 200, "headers": {"X-A": "1", "Content-Type": "application/json"},
                            "json": [1, {"a": "\ud83c\udf27"}], "units": "imperial", "delayMs": 5,
                            "expect": {"name": "Seoul", "celsius": null}},
                           {"status": 500, "fault": "reset"}],
             "fault": null, "delayMs": 250, "expect": {"error": "server", "message": "boom"}}
            """#
        ).replacingOccurrences(
            of: #""source": "recorded""#, with: #""source": "recorded", "recordedAt": "2026-11-29T10:00:00Z""#),
        "\u{FEFF}" + cassetteJSON(interaction(extra: #", "fault": "truncate""#)),
        cassetteJSON(#"{"request": {"path": "/"}, "response": {"status": 204}, "fault": "empty"}"#),
        cassetteJSON(#"{"request": {"path": "/x"}, "response": {"status": 200, "text": "plain \n text"}}"#),
        cassetteJSON(source: "imported", interaction()).replacingOccurrences(
            of: #""source": "imported""#,
            with:
                #""source": "imported", "recordedAt": "2026-11-29T10:00:00Z", "creator": {"name": "Proxyman", "version": "5.14.0"}"#
        ),
        " \n\t" + cassetteJSON(interaction(), interaction(query: #"{"q": "other"}"#)) + "\r\n",
    ]

    @Test(arguments: FastPathAgreementTests.validCassettes)
    func validCassettesDecodeWithoutAProblem(text: String) {
        let (cassette, problems) = decoded("x/y.json", Array(text.utf8))

        #expect(problems == 0)
        #expect(cassette != nil)
    }

    /// Cassettes with one thing wrong each.
    static let brokenCassettes = [
        "",
        "[]",
        cassetteJSON(interaction()) + ",",
        cassetteJSON(interaction()).replacingOccurrences(of: "mockweather-cassette/1", with: "mockweather-cassette/2"),
        cassetteJSON(interaction()).replacingOccurrences(of: "synthetic", with: "made-up"),
        cassetteJSON(interaction()).replacingOccurrences(of: #""format""#, with: #""fromat""#),
        cassetteJSON(interaction(extra: #", "fault": "explode""#)),
        cassetteJSON(interaction(extra: #", "delayMs": -1"#)),
        cassetteJSON(interaction(extra: #", "delayMs": 1.5"#)),
        cassetteJSON(interaction(extra: #", "expect": {"error": "server", "name": "Seoul"}"#)),
        cassetteJSON(interaction(extra: #", "expect": {"message": "no error"}"#)),
        cassetteJSON(interaction(query: #"{"q": "a", "Q": "b"}"#)),
        cassetteJSON(interaction(query: #"{"q": true}"#)),
        cassetteJSON(interaction(near: #"{"lat": 91, "lon": 0, "radiusKm": 1}"#)),
        cassetteJSON(interaction(near: #"{"lat": 0, "lon": 0, "radiusKm": 0}"#)),
        cassetteJSON(interaction(body: #"{"a": 01}"#)),
        cassetteJSON(interaction(body: #"{"a": "\x"}"#)),
        cassetteJSON(interaction(body: #"{"a": [1,]}"#)),
        cassetteJSON(interaction(body: "{\"a\": \"tab\tinside\"}")),
        cassetteJSON(interaction(path: "/data?q=1")),
        cassetteJSON(interaction(extra: #", "response": {"status": 200, "text": "twice"}"#)),
        cassetteJSON(#"{"request": {"path": "/"}, "response": {"status": 200}}"#),
        cassetteJSON(#"{"request": {"path": "/"}, "response": {"status": 600, "text": ""}}"#),
        cassetteJSON(#"{"request": {"path": "/"}, "response": {"status": 200, "text": "", "json": {}}}"#),
        cassetteJSON(
            #"{"request": {"path": "/"}, "response": {"status": 200, "headers": {"Bad Name": "x"}, "text": ""}}"#),
        cassetteJSON(#"{"request": {"path": "/"}, "response": {"status": 200, "units": "kelvin", "text": ""}}"#),
        cassetteJSON(#"{"request": {"path": "/", "method": "G T"}, "response": {"status": 200, "text": ""}}"#),
        cassetteJSON(#"{"request": {"path": "/"}, "responses": []}"#),
        #"{"format": "mockweather-cassette/1", "source": "recorded", "interactions": [\#(interaction())]}"#,
        #"{"format": "mockweather-cassette/1", "source": "synthetic", "interactions": []}"#,
        #"{"format": "mockweather-cassette/1", "source": "imported", "recordedAt": "2026-11-29T10:00:00Z", "interactions": [\#(interaction())]}"#,
        cassetteJSON(interaction()).replacingOccurrences(
            of: #""interactions""#, with: #""creator": {"name": 5}, "interactions""#),
        cassetteJSON(interaction()).replacingOccurrences(
            of: #""interactions""#, with: #""creator": {"name": "x", "versoin": "1"}, "interactions""#),
        String(repeating: "[", count: 300),
    ]

    @Test(arguments: FastPathAgreementTests.brokenCassettes)
    func everyBrokenCassetteIsRefusedWithAProblem(text: String) {
        let (cassette, problems) = decoded("broken.json", Array(text.utf8))

        #expect(cassette == nil)
        #expect(problems > 0)
    }

    @Test func aFileThatIsNotUTF8IsRefusedWithOneProblem() {
        var bytes = Array(cassetteJSON(interaction()).utf8)
        bytes.insert(0xFF, at: 10)
        let (cassette, problems) = decoded("broken.json", bytes)

        #expect(cassette == nil)
        #expect(problems == 1)
    }

    @Test(arguments: [
        #"{ "a" : [ 1 , -2.5e+3 , true , false , null ] , "b" : { } , "c" : [ ] }"#,
        #"{"escapes": "\"q\" \\ \/ \b\f\n\r\t \u0001 \u00e9 \ud83c\udf27", "plain": "튼구름 °C"}"#,
        "[\n  {\"nested\": {\"deep\": [[[\"x\"]]]}},\r\n\t\"a b\"\n]",
        #"{"dup": 1, "dup": 2, "": ""}"#,
    ])
    func bodiesAreMinifiedExactlyAsTheTreeWriterWritesThem(body: String) throws {
        let document = Array("{\"json\": \(body)}".utf8)
        let deferred = try #require(try JSONParser.parse(document, deferringMembersNamed: "json")["json"])
        let built = try #require(try JSONParser.parse(document)["json"])

        guard case .deferred = deferred.kind else {
            Issue.record("the body was built, not deferred")
            return
        }
        #expect(deferred.compactBytes == built.compactBytes)
        #expect(deferred.built.compactBytes == built.compactBytes)
        #expect(deferred.members?.count == built.members?.count)
    }

    @Test(arguments: [
        #"{"json": {"a": 01}}"#, #"{"json": [1, 2,]}"#, #"{"json": {"a" 1}}"#, #"{"json": ["\q"]}"#,
        #"{"json": ["\ud800"]}"#, "{\"json\": [\"\u{1}\"]}", #"{"json": [tru]}"#, #"{"json": {"a": -}}"#,
        #"{"json": [1.]}"#, #"{"json": [1e]}"#, #"{"json": {"a": [}"#, #"{"json": {"a": 1}"#,
        "{\"json\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}",
    ])
    func deferredBodiesReportTheSameErrorsAtTheSamePlaces(text: String) {
        let bytes = Array(text.utf8)
        let full = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
        let deferred = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes, deferringMembersNamed: "json")
        }

        guard case .failure(let expected) = full, case .failure(let found) = deferred else {
            Issue.record("both parses should fail: \(full), \(deferred)")
            return
        }
        #expect(found == expected)
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 70_000])
    func filesAreReadWholeWhateverTheirSize(size: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let text = String((0..<size).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        try directory.write("file.json", text)
        let path = directory.url.appendingPathComponent("file.json").path

        #expect(try CassetteFiles.read(path).get() == Array(text.utf8))
        #expect(throws: CassetteFiles.ReadError.self) {
            try CassetteFiles.read(path + ".missing").get()
        }
    }

    #if os(Linux)
    /// `/proc` files say they are empty and are not: what a file that grew after `fstat` looks like.
    @Test func aFileLongerThanItsStatedSizeIsReadToItsEnd() throws {
        let expected: [UInt8] = CommandLine.arguments.flatMap { Array($0.utf8) + [UInt8(0)] }
        #expect(try CassetteFiles.read("/proc/self/cmdline").get() == expected)
    }
    #endif

    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8C, 0xA7], [0xC0, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF], Array("plain ascii text".utf8),
        ]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).flatMap { _ in
                pieces.randomElement(using: &random)!
            }
            #expect(UTF8Validation.firstInvalidOffset(in: bytes) == Self.referenceInvalidOffset(bytes), "\(bytes)")
        }
    }

    /// Where the standard library's decoder first fails (what the parser used to report).
    private static func referenceInvalidOffset(_ bytes: [UInt8]) -> Int? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return before
            }
        }
    }
}
