import Gazetteer
import Testing

@Suite struct GazetteerNameFoldingTests {
    @Test func latinDiacriticsAndCaseFoldAway() {
        #expect(NameFolding.key("São Paulo") == "sao paulo")
        #expect(NameFolding.key("Kraków") == "krakow")
        #expect(NameFolding.key("Straße") == "strasse")
        #expect(NameFolding.key("Łódź") == "lodz")
        #expect(NameFolding.key("Hồ Chí Minh") == "ho chi minh")
    }

    @Test func combiningMarksFoldAsPrecomposedLettersDo() {
        #expect(NameFolding.key("Sa\u{0303}o Paulo") == NameFolding.key("São Paulo"))
    }

    @Test func whiteSpaceIsTrimmedAndCollapsed() {
        #expect(NameFolding.key("  New \t York  ") == "new york")
    }

    @Test func otherScriptsAreLowerCasedAndKept() {
        #expect(NameFolding.key("부산") == "부산")
        #expect(NameFolding.key("МОСКВА") == "москва")
    }
}
