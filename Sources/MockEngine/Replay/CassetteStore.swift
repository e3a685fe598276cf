import Dispatch
import Locking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The cassettes being served: one immutable `CassetteLibrary` at a time, swapped whole on reload,
/// `--watch`, or when record mode adds a cassette, so a request always sees one consistent set.
package final class CassetteStore: Sendable {
    /// The directory cassettes are loaded from.
    package let directory: URL
    /// The APIs the cassettes are read and answered for.
    package let providers: ProviderSet
    /// The library and what its reading of the directory left out, swapped together so the admin
    /// API never shows one set's cassettes with another's skipped entries.
    private let current: Locked<(library: CassetteLibrary, skipped: [SkippedEntry])>
    private let latestReload = Locked<ReloadOutcome?>(nil)

    /// How the latest reload attempt (the admin API's, or `--watch`'s) went.
    struct ReloadOutcome: Sendable {
        /// When it ran, in milliseconds since 1970.
        var timestampMilliseconds: Int64
        /// Why the files were refused (the previous set stayed); nil when the new set is served.
        var error: CassetteLoadError?
        /// What that reading of the directory left out and why, refused or not.
        var skipped: [SkippedEntry] = []
        /// Files read (new or changed) and cassettes taken unread from the set served before.
        var read = 0
        var reused = 0
    }

    /// Loads `directory` for `providers`; throws with every problem when any file is invalid.
    ///
    /// With a snapshot folder, files unchanged since the directory's start-up snapshot are taken from
    /// it unread, and after any load that read a file a new snapshot is written in the background
    /// (docs/ARCHITECTURE.md#start-up-snapshots); `diagnostics` hears of a snapshot that could not be
    /// written. `readTime` times each file's read (see ``CassetteLoader/loadOutlines(directory:providers:prior:memo:readTime:)``).
    package init(
        directory: URL, providers: ProviderSet, snapshots folder: SnapshotFolder? = nil,
        diagnostics: (@Sendable (String) -> Void)? = nil, readTime: @escaping @Sendable () -> Int64 = FileIdentity.now
    ) throws(CassetteLoadError) {
        self.directory = directory
        self.providers = providers
        self.readTime = readTime
        let keeper = folder.flatMap { folder in
            SnapshotKeeper.realPath(of: directory).map {
                SnapshotKeeper(folder: folder, directory: $0, diagnostics: diagnostics)
            }
        }
        snapshots = keeper
        // Walking the directory and reading the snapshot do not wait for each other: both at once.
        let walked = Locked<Result<CassetteFiles.Discovery, CassetteLoadError>?>(nil)
        let opened = Locked<Result<(file: SnapshotFile, outlines: [CassetteOutline]), CassetteSnapshot.Unusable>?>(nil)
        DispatchQueue.concurrentPerform(iterations: keeper == nil ? 1 : 2) { task in
            if task == 0 {
                let discovery = Result { () throws(CassetteLoadError) in try CassetteFiles.discover(in: directory) }
                walked.withLock { $0 = discovery }
            } else if let keeper {
                let snapshot = keeper.folder.open(directory: keeper.directory, providers: providers)
                opened.withLock { $0 = snapshot }
            }
        }
        var prior: [CassetteOutline] = []
        var unusable: String?
        // Taken out, so that nothing but `prior` holds the snapshot's outlines and nothing the paths.
        switch opened.withLock({ $0.take() }) {
        case .success(let snapshot)?: prior = snapshot.outlines
        case .failure(let reason)?: unusable = reason.description
        case nil: break
        }
        let report = CassetteLoader.loadOutlines(
            discovered: walked.withLock { $0.take()! }, directory: directory, providers: providers, prior: prior,
            readTime: readTime)
        let priorCount = prior.count
        prior = []  // before the library is built: the peak of a start's memory
        let library = CassetteLibrary(outlines: try report.result.get(), providers: providers)
        current = Locked((library, report.skipped))
        startup = StartupReport(
            reused: report.reused, read: report.read, decoded: report.decoded,
            snapshot: keeper.map { $0.folder.snapshotPath(forDirectory: $0.directory) }, unusable: unusable)
        if let keeper, report.read > 0 || library.cassettes.count != priorCount { keeper.schedule(library) }
    }

    /// Serves `library` (tests, and cassettes built in code); `directory` is used for reloads.
    package init(library: CassetteLibrary, directory: URL) {
        self.directory = directory
        providers = library.providers
        current = Locked((library, []))
        snapshots = nil
        readTime = FileIdentity.now
        startup = StartupReport(
            reused: 0, read: library.cassettes.count, decoded: library.cassettes.count, snapshot: nil, unusable: nil)
    }

    /// How the first load went: the cassettes taken unread from the directory's start-up snapshot,
    /// those read, and the snapshot (nil without a snapshot folder) or why it was not used.
    package struct StartupReport: Sendable, Equatable {
        /// Cassettes taken from the snapshot without reading their files.
        package var reused: Int
        /// Files read (new, changed, or not in the snapshot).
        package var read: Int
        /// Files read and decoded: the rest of those read held the bytes the snapshot had.
        package var decoded: Int
        /// The snapshot's path; nil when no snapshot folder is used.
        package var snapshot: String?
        /// Why the snapshot was not used ("there is none yet"); nil when it was, or when there is none
        /// to use.
        package var unusable: String?
    }

    /// How the first load went.
    package let startup: StartupReport
    private let snapshots: SnapshotKeeper?
    private let readTime: @Sendable () -> Int64

    /// Waits until every snapshot this store asked for is written (or given up): graceful shutdown.
    package func finishSnapshotWrites() {
        snapshots?.wait()
    }

    /// The library requests are matched against right now.
    package var library: CassetteLibrary { current.withLock { $0.library } }

    /// What the reading of the directory behind ``library`` left out and why (directory cycles,
    /// dangling links, FIFOs, devices), in the order met; empty for a library built in code.
    package var skipped: [SkippedEntry] { current.withLock { $0.skipped } }

    /// Reads the directory again and serves the new set when it is valid; when it is not, the old set
    /// stays and the error says why. Sequence positions start over in the new set.
    /// What it left out is in ``lastReload`` (and, once served, ``skipped``).
    @discardableResult
    package func reload() throws(CassetteLoadError) -> CassetteLibrary {
        // Files unchanged since the served set was read are taken from it: a reload reads what changed.
        let prior = library.outlines
        let report = CassetteLoader.loadOutlines(
            directory: directory, providers: providers, prior: prior, readTime: readTime)
        let outlines: [CassetteOutline]
        do {
            outlines = try report.result.get()
        } catch {
            latestReload.withLock {
                $0 = ReloadOutcome(
                    timestampMilliseconds: Timestamp.nowMilliseconds(), error: error, skipped: report.skipped,
                    read: report.read, reused: report.reused)
            }
            throw error
        }
        let library = CassetteLibrary(outlines: outlines, providers: providers)
        current.withLock { $0 = (library, report.skipped) }
        if report.read > 0 || outlines.count != prior.count { snapshots?.schedule(library) }
        latestReload.withLock {
            $0 = ReloadOutcome(
                timestampMilliseconds: Timestamp.nowMilliseconds(), error: nil, skipped: report.skipped,
                read: report.read, reused: report.reused)
        }
        return library
    }

    /// The latest reload attempt, nil when there was none since start-up (whose problems stop the
    /// server before it serves).
    var lastReload: ReloadOutcome? { latestReload.withLock { $0 } }

    /// Adds a cassette built at run time (record mode), after the loaded ones; throws when it repeats
    /// a request already served.
    func add(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.adding(cassette)
        current.withLock { $0.library = next }
    }

    /// Adds a recorded cassette, or replaces the one with the same name (`--record all` re-recording);
    /// throws when it repeats a request another cassette answers.
    package func addOrReplace(_ cassette: Cassette) throws(CassetteValidationError) {
        let next = try library.replacing(cassette)
        current.withLock { $0.library = next }
    }
}
