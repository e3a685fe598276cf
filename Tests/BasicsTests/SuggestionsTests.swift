import Basics
import Testing

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("--prot", ["--port", "--host"], "--port"),
        ("qeury", ["query", "near"], "query"),
        ("speedKph", ["speedKmh", "lat"], "speedKmh"),
        ("Denied", ["denied", "restricted"], "denied"),
        ("rest", ["reset", "empty", "truncate"], "reset"),
    ])
    func aLikelyTypoSuggestsTheClosestCandidate(word: String, candidates: [String], expected: String) {
        #expect(Suggestions.closest(to: word, among: candidates) == expected)
        #expect(Suggestions.didYouMean(word, among: candidates) == "; did you mean '\(expected)'?")
    }

    @Test func aWordFartherThanAThirdOfItsLengthSuggestsNothing() {
        #expect(Suggestions.closest(to: "--x", among: ["--port", "--host"]) == nil)
        #expect(Suggestions.closest(to: "kelvin", among: ["standard", "metric", "imperial"]) == nil)
        #expect(Suggestions.didYouMean("kelvin", among: ["standard", "metric"]).isEmpty)
    }

    @Test func aSwapOfNeighbouringLettersIsOneEdit() {
        #expect(Suggestions.editDistance("nmae", "name") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
    }
}
