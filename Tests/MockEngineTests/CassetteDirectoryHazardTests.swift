import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import MockEngine
@testable import MockProviders

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a hostile or careless cassette directory can hold (link loops, FIFOs, dangling links) and how
/// discovery, loading, reloads and `--watch` stay bounded and say what they left out (issue 24,
/// findings 3 and 4).
///
/// The hang guards (`.timeLimit`) only stop a regression from wedging the whole run: nothing here
/// measures time.
@Suite(.timeLimit(.minutes(1))) struct CassetteDirectoryHazardTests {
    private func seoul() -> String { cassetteJSON(interaction(query: #"{"q": "seoul"}"#)) }

    private func link(_ directory: TemporaryDirectory, _ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent(name).path, withDestinationPath: destination)
    }

    private func makeFIFO(_ directory: TemporaryDirectory, _ name: String) throws {
        let path = directory.url.appendingPathComponent(name).path
        try #require(mkfifo(path, 0o644) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
    }

    @Test func aSingleLinkBackToTheDirectoryIsNamedAsACycleAndReadsNoBogusDuplicates() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try link(directory, "a", to: ".")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        #expect(report.skipped.map(\.description) == ["a: a link back to . (a directory cycle), not followed"])
    }

    @Test func twoLinksBackToTheDirectoryLoadInBoundedTimeNamingBothLoops() throws {
        // Followed, `ln -s . a; ln -s . b` makes 2^40 paths before the kernel's link limit ends them.
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try link(directory, "a", to: ".")
        try link(directory, "b", to: ".")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        #expect(
            report.skipped.map(\.description) == [
                "a: a link back to . (a directory cycle), not followed",
                "b: a link back to . (a directory cycle), not followed",
            ])
        #expect(try CassetteFiles.list(in: directory.url).map(\.relativePath) == ["seoul.json"])
    }

    @Test func aLinkToAnAncestorDeeperDownIsACycleAndALinkToADirectoryInsideIsFollowedOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.write("store/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        try directory.write("sub/seoul.json", seoul())
        try link(directory, "sub/up", to: "..")
        try link(directory, "one", to: directory.url.appendingPathComponent("store").path)
        try link(directory, "two", to: "sub/../store")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["one/busan", "sub/seoul"])
        #expect(
            report.skipped.map(\.description) == [
                "store: the same directory as one, already read, not followed",
                "sub/up: a link back to . (a directory cycle), not followed",
                "two: the same directory as one, already read, not followed",
            ])
    }

    @Test func linksOutOfTheDirectoryAreNamedAndNotFollowedWhereverTheyLead() throws {
        // `ln -s / vendor` or `ln -s ../.. up` once made a load read every JSON file on the machine,
        // quoting their keys in its problems.
        let outside = try TemporaryDirectory()
        try outside.write("settings.json", #"{"token": "secret"}"#)
        try outside.write("nested/busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try link(directory, "root", to: "/")
        try link(directory, "up", to: "../..")
        try link(directory, "elsewhere", to: outside.url.path)
        try link(directory, "settings.json", to: outside.url.appendingPathComponent("settings.json").path)
        try link(directory, "hop", to: "elsewhere/nested")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        let reason = "a symbolic link out of the cassette directory (to %@), not followed"
        #expect(
            report.skipped.map(\.description) == [
                "elsewhere: " + reason.replacingOccurrences(of: "%@", with: outside.url.path),
                "hop: " + reason.replacingOccurrences(of: "%@", with: "elsewhere/nested"),
                "root: " + reason.replacingOccurrences(of: "%@", with: "/"),
                "settings.json: "
                    + reason.replacingOccurrences(
                        of: "%@", with: outside.url.appendingPathComponent("settings.json").path),
                "up: " + reason.replacingOccurrences(of: "%@", with: "../.."),
            ])
    }

    @Test func aLinkToACassetteInsideTheDirectoryIsRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write("kept/seoul.json", seoul())
        try link(directory, "seoul.json", to: "kept/seoul.json")
        try link(directory, "kept-too", to: "./kept")

        let files = try CassetteFiles.discover(in: directory.url)

        #expect(files.files.map(\.relativePath) == ["kept/seoul.json", "seoul.json"])
        #expect(
            files.skipped.map(\.description) == ["kept-too: the same directory as kept, already read, not followed"])
    }

    @Test func aFileOverTheSizeLimitIsRefusedByItsSizeNamingFileSizeAndLimit() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        let huge = directory.url.appendingPathComponent("huge.json").path
        let size = CassetteFiles.maximumFileSize + 1
        // Sparse: no disk, and nothing in memory unless the loader reads it.
        let descriptor = open(huge, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        try #require(ftruncate(descriptor, off_t(size)) == 0)
        close(descriptor)

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        guard case .failure(.invalid(let error)) = report.result else {
            Issue.record("a file over the limit must refuse the set, as any unreadable cassette does")
            return
        }
        #expect(
            error.problems.map(\.description) == [
                "huge.json: $: cannot read the file: 67108865 bytes, over the limit of 67108864 bytes (64 MiB) "
                    + "for a cassette file"
            ])
    }

    @Test func aFIFONamedLikeACassetteIsSkippedWithAReasonAndDoesNotBlockTheLoad() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try makeFIFO(directory, "pipe.json")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        #expect(report.skipped == [SkippedEntry(relativePath: "pipe.json", reason: "a FIFO (named pipe), not read")])
    }

    @Test func readingAFIFOFailsAtOnceSayingSoInsteadOfWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        try makeFIFO(directory, "pipe.json")

        let result = CassetteFiles.read(directory.url.appendingPathComponent("pipe.json").path)

        guard case .failure(let error) = result else {
            Issue.record("a FIFO must not read as a cassette")
            return
        }
        #expect(error.description == "a FIFO (named pipe), not a regular file")
    }

    @Test func aFileSwappedForAFIFOBetweenDiscoveryAndReadingIsSkippedNotWaitedOn() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try directory.write("swapped.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        let discovery = try CassetteFiles.discover(in: directory.url)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("swapped.json"))
        try makeFIFO(directory, "swapped.json")

        let report = CassetteLoader.load(discovery, directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        #expect(report.skipped.map(\.description) == ["swapped.json: a FIFO (named pipe), not read"])
    }

    @Test func aDanglingLinkIsNamedWithItsTarget() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try link(directory, "gone.json", to: "removed-long-ago.json")
        try link(directory, "self.json", to: "self.json")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        #expect(try report.result.get().map(\.name) == ["seoul"])
        #expect(
            report.skipped.map(\.description) == [
                "gone.json: a dangling symbolic link (to removed-long-ago.json), not followed",
                "self.json: a symbolic link that loops (to self.json), not followed",
            ])
    }

    @Test func anInvalidCassetteStillRefusesTheSetBesideSkippedEntries() throws {
        let directory = try TemporaryDirectory()
        try directory.write("broken.json", "{")
        try link(directory, "a", to: ".")

        let report = CassetteLoader.loadReporting(directory: directory.url, providers: Providers.all)

        guard case .failure(.invalid(let error)) = report.result else {
            Issue.record("an invalid cassette must refuse the set")
            return
        }
        #expect(error.problems.map(\.file) == ["broken.json"])
        #expect(report.skipped.map(\.relativePath) == ["a"])
    }

    @Test func theStoreAndTheAdminAPINameWhatWasSkipped() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try link(directory, "a", to: ".")
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        try await withMock(
            .store(store, options: ServeOptions(cassetteDirectory: directory.url, providers: Providers.all)),
            mode: .router
        ) { harness in

            let listed = try #require(try await harness.respond("/__admin/cassettes").jsonObject)
            #expect(
                listed["skipped"] as? [[String: String]] == [
                    ["path": "a", "reason": "a link back to . (a directory cycle), not followed"]
                ])

            try makeFIFO(directory, "pipe.json")
            let reloaded = try await harness.respond("/__admin/reload", method: "POST", headers: [:])
            #expect(reloaded.status == 200)
            let reloadBody = try #require(reloaded.jsonObject)
            #expect((reloadBody["skipped"] as? [[String: String]])?.map { $0["path"] } == ["a", "pipe.json"])
            let after = try #require(try await harness.respond("/__admin/cassettes").jsonObject)
            let lastReload = try #require(after["lastReload"] as? [String: Any])
            #expect(
                (lastReload["skipped"] as? [[String: String]])?.map { $0["reason"] } == [
                    "a link back to . (a directory cycle), not followed", "a FIFO (named pipe), not read",
                ])
        }
    }

    @Test func aWatchedDirectoryGainingLinkLoopsAndAFIFOKeepsReloadingAndSaysWhatItSkipped() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        let watcher = CassetteWatcher(store: store) { _ in }

        try link(directory, "a", to: ".")
        try link(directory, "b", to: ".")
        try makeFIFO(directory, "pipe.json")
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 1, interactions: 1))
        #expect(store.skipped.map(\.relativePath) == ["a", "b", "pipe.json"])

        try directory.write("busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 2, interactions: 2))
        #expect(store.lastReload?.skipped.map(\.relativePath) == ["a", "b", "pipe.json"])
    }

    @Test func aCassetteReplacedByAFIFODuringWatchIsSkippedAndTheWatcherGoesOn() throws {
        let directory = try TemporaryDirectory()
        try directory.write("seoul.json", seoul())
        try directory.write("busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        let store = try CassetteStore(directory: directory.url, providers: Providers.all)
        let lines = CollectedLog()
        let watcher = CassetteWatcher(store: store) { lines.write(line: "\($0)") }

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("busan.json"))
        try makeFIFO(directory, "busan.json")
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 1, interactions: 1))
        #expect(store.skipped == [SkippedEntry(relativePath: "busan.json", reason: "a FIFO (named pipe), not read")])

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("busan.json"))
        try directory.write("busan.json", cassetteJSON(interaction(query: #"{"q": "busan"}"#)))
        #expect(watcher.checkForChanges() == .reloaded(cassettes: 2, interactions: 2))
        #expect(store.skipped.isEmpty)
        #expect(lines.lines.count == 2)
    }
}
