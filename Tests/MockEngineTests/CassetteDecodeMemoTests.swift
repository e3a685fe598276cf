import Foundation
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

/// The decode memo: an unchanged file is not decoded twice, and whatever changed is, with the same
/// verdict a fresh decode gives.
@Suite struct CassetteDecodeMemoTests {
    private let seoul = cassetteJSON(interaction(query: #"{"q": "seoul"}"#))
    private let busan = cassetteJSON(interaction(query: #"{"q": "busan"}"#))

    @Test func aDirectoryLoadedAgainUnchangedDecodesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("a.json", seoul)
        try directory.write("b/c.json", busan)
        let memo = CassetteDecodeMemo()
        let first = try CassetteLoader.load(directory: directory.url, providers: Providers.all, memo: memo)
        let second = try CassetteLoader.load(directory: directory.url, providers: Providers.all, memo: memo)
        #expect(second == first)
        #expect(second.map(\.name) == ["a", "b/c"])
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 2))
    }

    @Test func aRewrittenFileIsDecodedAgainHoweverSoonAfterTheLastLoad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("a.json", seoul)
        let memo = CassetteDecodeMemo()
        let first = try CassetteLoader.load(directory: directory.url, providers: Providers.all, memo: memo)
        // Same size, same second: a size and modification time check could not tell.
        try directory.write("a.json", seoul.replacingOccurrences(of: "seoul", with: "daegu"))
        let reloaded = try CassetteLoader.load(directory: directory.url, providers: Providers.all, memo: memo)
        #expect(reloaded != first)
        #expect(try reloaded == CassetteLoader.load(directory: directory.url, providers: Providers.all, memo: .init()))
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 0))
    }

    @Test func aFileSwitchingBetweenTwoVersionsReusesEachOnceSeen() {
        let memo = CassetteDecodeMemo()
        let daegu = seoul.replacingOccurrences(of: "seoul", with: "daegu")
        var names: [String] = []
        for version in [seoul, daegu, seoul, daegu] {
            let result = CassetteLoader.decode([("a.json", Array(version.utf8))], providers: Providers.all, memo: memo)
            names += result.cassettes.flatMap { $0.interactions.map(\.request.summary) }
        }
        #expect(names == ["q=seoul", "q=daegu", "q=seoul", "q=daegu"])
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 2))
        #expect(memo.entryCount == 2)
    }

    @Test func bytesEqualToAVersionButNotTheSameArrayAreReused() {
        let memo = CassetteDecodeMemo()
        _ = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        // A fresh read: another array holding the same bytes, compared by content.
        let again = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        #expect(again.problems.isEmpty)
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 1, reused: 1))
        // One byte more (a trailing space) is another version, decoded.
        _ = CassetteLoader.decode([("a.json", Array((seoul + " ").utf8))], providers: Providers.all, memo: memo)
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 1))
    }

    @Test func aBrokenFileKeepsFailingTheLoadWithTheSameProblems() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("good.json", seoul)
        try directory.write("bad.json", #"{"format": "mockweather-cassette/1", "source": "synthetic""#)
        let memo = CassetteDecodeMemo()
        let first = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all, memo: memo)
        let second = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all, memo: memo)
        let messages = [first, second].map { report -> String? in
            guard case .failure(let error) = report.result else { return nil }
            return error.description
        }
        #expect(messages[0]?.contains("bad.json:1:") == true, "\(messages)")
        #expect(messages[1] == messages[0])
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 2))
    }

    @Test func theSameBytesUnderAnotherPathAreAnotherCassette() throws {
        let memo = CassetteDecodeMemo()
        let first = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        let moved = CassetteLoader.decode([("moved/a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        #expect(first.cassettes.map(\.name) == ["a"])
        #expect(moved.cassettes.map(\.name) == ["moved/a"])
        #expect(memo.counts.decoded == 2)
    }

    @Test func anotherProviderSetDecodesTheFileAfresh() {
        let memo = CassetteDecodeMemo()
        let withProviders = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        let withNone = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: .none, memo: memo)
        #expect(withProviders.problems.isEmpty)
        #expect(memo.counts == CassetteDecodeMemo.Counts(decoded: 2, reused: 0))
        #expect(
            withNone.problems.map(\.description)
                == CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: .none, memo: .init()).problems.map(
                    \.description))
    }

    @Test func aDuplicateRequestAcrossFilesIsStillReportedWhenBothAreMemoized() {
        let memo = CassetteDecodeMemo()
        let files = [("a.json", Array(seoul.utf8)), ("b.json", Array(seoul.utf8))]
        let first = CassetteLoader.decode(files, providers: Providers.all, memo: memo)
        let second = CassetteLoader.decode(files, providers: Providers.all, memo: memo)
        #expect(first.problems.count == 1)
        #expect(second.problems.map(\.description) == first.problems.map(\.description))
        #expect(memo.counts.reused == 2)
    }

    @Test func entriesTheLatestLoadDidNotUseAreDroppedBeyondTheLimit() {
        let memo = CassetteDecodeMemo(retainedByteLimit: seoul.utf8.count)
        _ = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        _ = CassetteLoader.decode([("b.json", Array(busan.utf8))], providers: Providers.all, memo: memo)
        #expect(memo.entryCount == 2, "one unused file within the limit is kept")
        _ = CassetteLoader.decode([("c.json", Array(busan.utf8))], providers: Providers.all, memo: memo)
        #expect(memo.entryCount == 1, "two unused files are beyond it: only c.json stays")
        _ = CassetteLoader.decode([("a.json", Array(seoul.utf8))], providers: Providers.all, memo: memo)
        #expect(memo.counts.decoded == 4)
    }
}
