import Testing

@testable import Basics

@Suite struct JSONParserTests {
    @Test func numberLiteralsAreReservedExactlyWhenReserialised() throws {
        let value = try JSONParser.parse(Array(#"{ "temp" : 270.81, "big": 1e400, "list": [ -0.0, 27 ] }"#.utf8))
        #expect(String(decoding: value.compactBytes, as: UTF8.self) == #"{"temp":270.81,"big":1e400,"list":[-0.0,27]}"#)
    }

    @Test func stringsKeepUnicodeAndEscapeOnlyWhatJSONRequires() throws {
        let value = try JSONParser.parse(Array(#"["튼구름 \u00e9 \ud83c\udf27 \"q\" \\ \/ \n"]"#.utf8))
        #expect(String(decoding: value.compactBytes, as: UTF8.self) == "[\"튼구름 é 🌧 \\\"q\\\" \\\\ / \\n\"]")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "expected a member name in double quotes, found '}'", 1, 9),
        ("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
        ("{\n  \"a\": True\n}", "unexpected 'True'; expected a value (did you mean true?)", 2, 8),
        ("{\"a\": 01}", "invalid number: leading zeros are not allowed", 1, 7),
        ("\"abc", "unterminated string", 1, 1),
        ("", "the file is empty; expected a JSON value", 1, 1),
        ("{} x", "unexpected 'x' after the end of the JSON value", 1, 4),
        ("[\"\\q\"]", "invalid escape '\\q' in a string", 1, 3),
        ("{\"a\":\n\n  -}", "invalid number: expected a digit after '-'", 3, 3),
    ])
    func syntaxErrorsNameWhatWasFoundAndWhere(source: String, message: String, line: Int, column: Int) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(source.utf8)) }
        do {
            _ = try JSONParser.parse(Array(source.utf8))
        } catch {
            #expect(error.message == message)
            let location = LineMap(Array(source.utf8)).position(ofOffset: error.offset)
            #expect(location == SourcePosition(line: line, column: column))
        }
    }

    @Test func aMemberIsLookedUpByItsLastOccurrenceInPlainAndDeferredObjects() throws {
        let source = #"{"a": 1, "b": {"c": "first", "c": "last"}, "a": 2}"#
        let plain = try JSONParser.parse(Array(source.utf8))
        #expect(plain["a"]?.numberText == "2")
        #expect(plain["b"]?["c"]?.stringValue == "last")
        #expect(plain["missing"] == nil)
        #expect(plain["a"]?["a"] == nil, "a number has no members")
        let deferred = try JSONParser.parse(
            Array(#"{"b": {"c": "first", "c": "last"}}"#.utf8), deferringMembersNamed: "b")
        guard case .deferred = deferred["b"]?.kind else {
            Issue.record("\"b\" was built: \(String(describing: deferred["b"]))")
            return
        }
        #expect(deferred["b"]?["c"]?.stringValue == "last")
    }

    @Test func invalidUTF8IsRefusedWithItsOffset() {
        #expect(throws: JSONSyntaxError(message: "the file is not valid UTF-8", offset: 2)) {
            try JSONParser.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D])
        }
    }

    @Test func deepNestingIsRefusedInsteadOfOverflowingTheStack() {
        let source = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(source.utf8)) }
    }

    @Test func columnsCountCharactersNotBytes() {
        let source = Array("{\"이름\": x}".utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(source) }
        do { _ = try JSONParser.parse(source) } catch {
            #expect(LineMap(source).position(ofOffset: error.offset) == SourcePosition(line: 1, column: 8))
        }
    }
}
