import Basics
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

/// Start-up snapshots (docs/ARCHITECTURE.md#start-up-snapshots): a load takes unchanged files from the
/// snapshot unread and reads everything else as before, fail-closed; a snapshot that is not exactly
/// this build's, this directory's and sound is not read; what a cassette read back answers is what it
/// answered when decoded from its file.
@Suite struct StartupSnapshotTests {
    /// A clock far enough ahead that every file just written has settled when "read": tests move the
    /// clock rather than wait two seconds.
    private static let settled: @Sendable () -> Int64 = { FileIdentity.now() + 60 * FileIdentity.settlingNanoseconds }

    private let seoul = cassetteJSON(interaction(query: #"{"q": "seoul"}"#))
    private let busan = cassetteJSON(interaction(query: #"{"q": "busan"}"#))

    /// A cassette directory and a snapshot folder of the test's own.
    private struct Setup {
        let cassettes: TemporaryDirectory
        let snapshots: TemporaryDirectory
        let folder: SnapshotFolder

        init(_ files: [(String, String)]) throws {
            cassettes = try TemporaryDirectory()
            snapshots = try TemporaryDirectory()
            folder = SnapshotFolder(path: snapshots.url.appendingPathComponent("cache").path)
            for (path, text) in files { try cassettes.write(path, text) }
        }

        var directory: String { SnapshotKeeper.realPath(of: cassettes.url)! }
        var snapshotPath: String { folder.snapshotPath(forDirectory: directory) }

        /// Loads the directory as a start does: from the snapshot when there is one.
        func load(readTime: @escaping @Sendable () -> Int64 = StartupSnapshotTests.settled) -> (
            report: CassetteLoader.OutlineReport, unusable: String?
        ) {
            var prior: [CassetteOutline] = []
            var unusable: String?
            switch folder.open(directory: directory, providers: Providers.all) {
            case .success(let opened): prior = opened.outlines
            case .failure(let reason): unusable = reason.reason
            }
            let report = CassetteLoader.loadOutlines(
                directory: cassettes.url, providers: Providers.all, prior: prior, memo: CassetteDecodeMemo(),
                readTime: readTime)
            return (report, unusable)
        }

        /// Loads, then writes the snapshot of what was loaded.
        @discardableResult
        func loadAndSave() throws -> [CassetteOutline] {
            let outlines = try load().report.result.get()
            _ = try folder.save(outlines, directory: directory)
            return outlines
        }

        func cleanUp() {
            cassettes.cleanUp()
            snapshots.cleanUp()
        }
    }

    /// The bundled set decoded from its files, and again as a snapshot of it written to `folder` gives it.
    private func bundledSnapshot(in folder: TemporaryDirectory) throws -> (
        decoded: [CassetteOutline], read: [CassetteOutline]
    ) {
        let snapshots = SnapshotFolder(path: folder.url.path)
        let bundled = PackageLayout.bundledCassettes
        let directory = try #require(SnapshotKeeper.realPath(of: bundled))
        let decoded = try CassetteLoader.loadOutlines(
            directory: bundled, providers: Providers.all, memo: CassetteDecodeMemo(), readTime: Self.settled
        ).result.get()
        #expect(try snapshots.save(decoded, directory: directory) == decoded.count)
        return (decoded, try snapshots.open(directory: directory, providers: Providers.all).get().outlines)
    }

    @Test func everyBundledCassetteReadsBackFromASnapshotAsItWasDecoded() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let (decoded, read) = try bundledSnapshot(in: folder)
        #expect(read.count == decoded.count)
        for (stored, original) in zip(read, decoded) {
            #expect(stored.cassette.file == original.cassette.file)
            #expect(stored.cassette.name == original.cassette.name)
            #expect(stored.cassette.source == original.cassette.source)
            #expect(stored.cassette.identity == original.cassette.identity)
            #expect(stored.interactions == original.interactions, "\(original.cassette.file)")
            #expect(stored.cassette.content.inMemory == nil, "read back on demand, not at start")
            #expect(try stored.cassette.content.cassette() == original.cassette.content.cassette())
        }
    }

    /// Over every bundled interaction: the request made from its pattern gets the same interaction and
    /// the same bytes from a library read back from a snapshot as from one decoded from the files.
    @Test func aLibraryFromASnapshotAnswersEveryBundledRequestAsTheFilesDo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let (decoded, read) = try bundledSnapshot(in: folder)
        let fromFiles = CassetteLibrary(outlines: decoded, providers: Providers.all)
        let report = CassetteLoader.loadOutlines(
            directory: PackageLayout.bundledCassettes, providers: Providers.all, prior: read,
            memo: CassetteDecodeMemo(), readTime: Self.settled)
        #expect(report.read == 0 && report.reused == decoded.count)
        let fromSnapshot = CassetteLibrary(outlines: try report.result.get(), providers: Providers.all)
        #expect(fromSnapshot.interactionCount == fromFiles.interactionCount)
        for ordinal in fromFiles.entries.indices {
            let request = RuleAgreementTests.request(for: fromFiles.entries[ordinal].pattern)
            #expect(fromSnapshot.match(request)?.ordinal == fromFiles.match(request)?.ordinal)
            for position in fromFiles.entries[ordinal].responses.indices {
                let expected = fromFiles.entries[ordinal].responses[position]
                let served = fromSnapshot.entries[ordinal].responses[position]
                let expectedResponse = expected.response(for: request)
                let servedResponse = served.response(for: request)
                #expect(servedResponse.status == expectedResponse.status)
                #expect(servedResponse.body == expectedResponse.body, "\(fromFiles.entries[ordinal].label)")
                #expect(servedResponse.headers.map(\.name) == expectedResponse.headers.map(\.name))
                #expect(served.fault == expected.fault && served.delay == expected.delay)
            }
        }
    }

    @Test func aLoadFromASnapshotReadsOnlyTheFilesThatChanged() throws {
        let setup = try Setup([
            ("a.json", seoul), ("b/c.json", busan), ("d.json", seoul.replacing("seoul", with: "daegu")),
        ])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        // Same size: a size check alone could not tell.
        try setup.cassettes.write("b/c.json", busan.replacing("busan", with: "ulsan"))
        let (report, unusable) = setup.load()
        #expect(unusable == nil)
        #expect(report.read == 1 && report.decoded == 1 && report.reused == 2)
        let library = CassetteLibrary(outlines: try report.result.get(), providers: Providers.all)
        #expect(
            try library.wholeCassettes().map { $0.interactions[0].request.summary } == [
                "q=seoul", "q=ulsan", "q=daegu",
            ])
    }

    /// A fresh checkout (CI) writes every file anew: new inodes and times, the same bytes. Each is read
    /// but none decoded: its bytes are the ones the snapshot was made from.
    @Test func filesWrittenAgainWithTheSameBytesAreReadButNotDecoded() throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        try setup.cassettes.write("a.json", seoul)
        try setup.cassettes.write("b.json", busan.replacing("busan", with: "ulsan"))
        let (report, _) = setup.load()
        #expect(report.read == 2 && report.decoded == 1 && report.reused == 0)
        let outlines = try report.result.get()
        #expect(outlines[0].cassette.content.inMemory == nil, "a.json is still the snapshot's")
        #expect(
            outlines[0].cassette.identity
                == FileIdentity.of(path: setup.cassettes.url.appendingPathComponent("a.json").path))
        let library = CassetteLibrary(outlines: outlines, providers: Providers.all)
        #expect(try library.wholeCassettes().map { $0.interactions[0].request.summary } == ["q=seoul", "q=ulsan"])
        // Saved again with the new identities: the next load reads nothing.
        _ = try setup.folder.save(outlines, directory: setup.directory)
        #expect(setup.load().report.reused == 2)
    }

    @Test func anEditWhoseModificationTimeIsPutBackIsStillRead() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        let path = setup.cassettes.url.appendingPathComponent("a.json").path
        var before = stat()
        #expect(stat(path, &before) == 0)
        // Rewritten in place (same inode, same size), then its modification time put back: only the
        // status-change time, which no program can set, still tells.
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(
            FileDescriptorWriter.writeAll(Array(seoul.replacing("seoul", with: "jinju").utf8), to: descriptor) == nil)
        close(descriptor)
        #if canImport(Darwin)
        var times = [before.st_atimespec, before.st_mtimespec]
        #else
        var times = [before.st_atim, before.st_mtim]
        #endif
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let (report, _) = setup.load()
        #expect(report.read == 1 && report.decoded == 1 && report.reused == 0)
        let library = CassetteLibrary(outlines: try report.result.get(), providers: Providers.all)
        #expect(try library.wholeCassettes()[0].interactions[0].request.summary == "q=jinju")
    }

    @Test func aFileReadBeforeItSettledIsReadAgainByTheNextLoad() throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        // Read at the moment they were written: an edit in the same tick of the file system's clock
        // would leave their identity as it is, so it proves nothing.
        let outlines = try setup.load(readTime: FileIdentity.now).report.result.get()
        #expect(outlines.allSatisfy { $0.cassette.identity == nil })
        #expect(try setup.folder.save(outlines, directory: setup.directory) == 0)
        #expect(!FileManager.default.fileExists(atPath: setup.snapshotPath), "nothing worth keeping is written")
        try setup.loadAndSave()
        #expect(setup.load().report.reused == 2)
    }

    @Test func aFileBrokenSinceTheSnapshotFailsTheLoadWithItsProblem() throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        try setup.cassettes.write("b.json", #"{"format": "mockweather-cassette/1", "source": "synthetic"}"#)
        let (report, _) = setup.load()
        guard case .failure(.invalid(let error)) = report.result else {
            Issue.record("a broken file was served: \(report.result)")
            return
        }
        #expect(error.problems.map(\.file) == ["b.json"])
        #expect(error.problems[0].message.contains("missing \"interactions\""))
    }

    @Test func aRemovedFileIsGoneAndANewOneIsRead() throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        try FileManager.default.removeItem(at: setup.cassettes.url.appendingPathComponent("a.json"))
        try setup.cassettes.write("c.json", seoul.replacing("seoul", with: "jeonju"))
        let (report, _) = setup.load()
        #expect(report.read == 1 && report.reused == 1)
        #expect(try report.result.get().map(\.cassette.file) == ["b.json", "c.json"])
    }

    @Test func aDuplicateBetweenAnUnchangedFileAndANewOneIsReported() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        try setup.cassettes.write("b.json", seoul)
        guard case .failure(.invalid(let error)) = setup.load().report.result else {
            Issue.record("the same request in two files was served")
            return
        }
        #expect(error.problems.map(\.file) == ["b.json"])
        #expect(error.problems[0].message.contains("the same request as a.json"))
    }

    @Test func aSnapshotOfAnotherBuildOrAnotherDirectoryIsNotRead() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        let outlines = try setup.loadAndSave()
        // Another build: decoding may differ, so its snapshot says nothing about this one's.
        let other = setup.snapshotPath + ".other"
        _ = try SnapshotWriter.write(outlines, directory: setup.directory, builder: "mockweather 0.0.1", to: other)
        do {
            _ = try SnapshotFile.open(
                path: other, directory: setup.directory, builder: SnapshotFolder.builderIdentity!,
                providers: Providers.all)
            Issue.record("another build's snapshot was read")
        } catch {
            #expect(error.reason == "it was written by another build of mockweather")
        }
        // Another directory whose path hashes alike: the snapshot names its own directory.
        do {
            _ = try SnapshotFile.open(
                path: setup.snapshotPath, directory: "/elsewhere", builder: SnapshotFolder.builderIdentity!,
                providers: Providers.all)
            Issue.record("a snapshot of another directory was read")
        } catch {
            #expect(error.reason.hasPrefix("it is of another directory"))
        }
    }

    @Test(arguments: ["index", "truncated", "magic", "version"])
    func aDamagedSnapshotIsNotReadAndTheFilesAreReadInstead(damage: String) throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.snapshotPath)))
        switch damage {
        case "index": bytes[bytes.count - 3] ^= 0x40
        case "truncated": bytes.removeLast(10)
        case "magic": bytes[0] = UInt8(ascii: "X")
        default: bytes[8] = 9
        }
        try Data(bytes).write(to: URL(fileURLWithPath: setup.snapshotPath))
        let (report, unusable) = setup.load()
        let expected = [
            "index": "its index is damaged", "truncated": "it is truncated or damaged", "magic": "not a snapshot",
            "version": "snapshot format 9, this mockweather writes 1",
        ]
        #expect(unusable == expected[damage])
        #expect(report.read == 2 && report.reused == 0)
        #expect(try report.result.get().count == 2)
    }

    @Test func aCassetteDamagedInItsSnapshotIsReadFromItsUnchangedFile() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        let library = CassetteLibrary(outlines: try setup.load().report.result.get(), providers: Providers.all)
        try damageFirstCassette(in: setup.snapshotPath)
        #expect(try library.cassette(at: 0).interactions[0].request.summary == "q=seoul")
    }

    @Test func aCassetteThatCannotBeReadBackIsAnswered500SayingWhy() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        try setup.loadAndSave()
        let library = CassetteLibrary(outlines: try setup.load().report.result.get(), providers: Providers.all)
        try damageFirstCassette(in: setup.snapshotPath)
        try setup.cassettes.write("a.json", busan)
        let request = ReplayRequest(
            method: "GET", path: "/data/2.5/weather", query: "q=seoul", providers: Providers.all)
        let answer = try #require(library.match(request).map { library.entries[$0.ordinal].responses[0] })
            .response(for: request)
        #expect(answer.status == 500)
        let message = String(decoding: answer.body, as: UTF8.self)
        #expect(message.contains("cannot read the cassette a.json back"), "\(message)")
        #expect(message.contains("reload the cassettes"), "\(message)")
    }

    @Test func aSnapshotFolderOthersMayWriteIsNotWrittenAndASnapshotOthersMayWriteIsNotRead() throws {
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        let outlines = try setup.loadAndSave()
        #expect(chmod(setup.snapshotPath, 0o666) == 0)
        #expect(setup.load().unusable == "it belongs to another user or others may write it")
        #expect(chmod(setup.folder.path, 0o777) == 0)
        #expect(throws: SnapshotFolder.SaveError.self) { try setup.folder.save(outlines, directory: setup.directory) }
    }

    @Test func aSnapshotOfThisUsersOwnInAFolderOthersMayWriteIsNotRead() throws {
        // Whoever may write in the folder may swap the snapshot for another file of this user's.
        let setup = try Setup([("a.json", seoul)])
        defer { setup.cleanUp() }
        _ = try setup.loadAndSave()
        #expect(setup.load().unusable == nil, "read while the folder is the user's alone")

        #expect(chmod(setup.folder.path, 0o777) == 0)
        let fromWritableFolder = setup.load().unusable
        #expect(chmod(setup.folder.path, 0o720) == 0)
        let fromGroupWritableFolder = setup.load().unusable

        let expected = "\(setup.folder.path) belongs to another user or others may write in it"
        #expect(fromWritableFolder == expected)
        #expect(fromGroupWritableFolder == expected)
    }

    @Test func aStoreReloadReadsOnlyWhatChangedAndAStoreStartedAgainReadsItsSnapshot() throws {
        let setup = try Setup([("a.json", seoul), ("b.json", busan)])
        defer { setup.cleanUp() }
        let store = try CassetteStore(
            directory: setup.cassettes.url, providers: Providers.all, snapshots: setup.folder, readTime: Self.settled)
        #expect(store.startup.read == 2 && store.startup.unusable == "there is none yet")
        try setup.cassettes.write("b.json", busan.replacing("busan", with: "ulsan"))
        try store.reload()
        #expect(store.lastReload?.read == 1 && store.lastReload?.reused == 1)
        store.finishSnapshotWrites()
        let again = try CassetteStore(
            directory: setup.cassettes.url, providers: Providers.all, snapshots: setup.folder, readTime: Self.settled)
        #expect(
            again.startup
                == CassetteStore.StartupReport(
                    reused: 2, read: 0, decoded: 0, snapshot: setup.snapshotPath, unusable: nil))
        #expect(
            try again.library.wholeCassettes().map { $0.interactions[0].request.summary } == ["q=seoul", "q=ulsan"])
    }

    /// Snapshots name the build that wrote them by its linker build ID where it has one: the ELF note
    /// is found through the program headers, and anything else is no build ID.
    @Test func theBuildIDIsReadFromAnELFNoteAndNothingElseIsTakenForOne() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        func little(_ value: UInt64, _ width: Int) -> [UInt8] {
            (0..<width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
        }
        let id: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x01, 0x02, 0x03]
        // A 64-byte header, one 56-byte program header (PT_NOTE at offset 120), then two notes: another
        // vendor's first, then GNU's build ID.
        var header = [UInt8](repeating: 0, count: 64)
        header.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        header.replaceSubrange(0x20..<0x28, with: little(64, 8))
        header.replaceSubrange(0x36..<0x38, with: little(56, 2))
        header.replaceSubrange(0x38..<0x3A, with: little(1, 2))
        let other = little(4, 4) + little(4, 4) + little(1, 4) + Array("Xen\0".utf8) + [1, 2, 3, 4]
        let gnu = little(4, 4) + little(UInt64(id.count), 4) + little(3, 4) + Array("GNU\0".utf8) + id + [0]
        let notes = other + gnu
        var program = little(4, 4) + little(0, 4) + little(120, 8) + little(0, 8) + little(0, 8)
        program += little(UInt64(notes.count), 8) + little(UInt64(notes.count), 8) + little(4, 8)
        let file = folder.url.appendingPathComponent("elf").path
        try Data(header + program + notes).write(to: URL(fileURLWithPath: file))
        #expect(ExecutableIdentity.buildID(ofELF: file) == id)
        try Data(header + program + other).write(to: URL(fileURLWithPath: file))
        #expect(ExecutableIdentity.buildID(ofELF: file) == nil, "no GNU note")
        try Data(header + program + notes.prefix(30)).write(to: URL(fileURLWithPath: file))
        #expect(ExecutableIdentity.buildID(ofELF: file) == nil, "truncated notes")
        try Data(Array("#!/bin/sh\n".utf8) + [UInt8](repeating: 0, count: 100)).write(to: URL(fileURLWithPath: file))
        #expect(ExecutableIdentity.buildID(ofELF: file) == nil, "not ELF")
        #if os(Linux)
        #expect(
            SnapshotFolder.builderIdentity?.contains("; build ") == true, "\(SnapshotFolder.builderIdentity ?? "none")")
        #endif
    }

    /// Flips a byte of the first cassette's bytes in the snapshot at `path` (they start after the header).
    private func damageFirstCassette(in path: String) throws {
        let descriptor = open(path, O_RDWR)
        defer { close(descriptor) }
        var byte: UInt8 = 0
        #expect(pread(descriptor, &byte, 1, off_t(CassetteSnapshot.headerSize + 2)) == 1)
        byte ^= 0x20
        #expect(pwrite(descriptor, &byte, 1, off_t(CassetteSnapshot.headerSize + 2)) == 1)
    }
}
