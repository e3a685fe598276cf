import Basics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder start-up snapshots are kept in, one per cassette directory, and the one place that
/// decides whether one may be read or written (docs/ARCHITECTURE.md#start-up-snapshots).
///
/// It is the user's own (a folder another user owns, or others may write, is refused), so nobody
/// else can put a snapshot there for `mockweather serve` to trust. Snapshots not used for 30 days,
/// and all but the 32 most recently used, are removed whenever one is written.
package struct SnapshotFolder: Sendable {
    /// The folder's absolute path.
    package let path: String

    /// The folder at `path`.
    package init(path: String) {
        self.path = path
    }

    /// The environment variable naming the folder, or `off` for none.
    package static let environmentVariable = "MOCKWEATHER_SNAPSHOT_DIR"

    /// What `--snapshot-dir` (`explicit`) or the environment ask for: that folder, none for `off`,
    /// else `$XDG_CACHE_HOME/mockweather`, else `~/.cache/mockweather` (`~/Library/Caches/mockweather`
    /// on macOS); none when no home is known.
    package static func resolve(explicit: String?, environment: [String: String]) -> SnapshotFolder? {
        if let named = explicit ?? environment[environmentVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            return named == "off" ? nil : SnapshotFolder(path: absolute(named))
        }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return SnapshotFolder(path: base + "/mockweather")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if canImport(Darwin)
        return SnapshotFolder(path: home + "/Library/Caches/mockweather")
        #else
        return SnapshotFolder(path: home + "/.cache/mockweather")
        #endif
    }

    /// The running program, as snapshots name their writer (``ExecutableIdentity``), with the package's
    /// version and the snapshot format; nil when the program cannot be found, and then no snapshot is
    /// read or written.
    package static let builderIdentity: String? = ExecutableIdentity.current().map {
        "mockweather \(MockWeatherVersion.current); snapshot format \(CassetteSnapshot.formatVersion); \($0)"
    }

    /// Where the snapshot of the cassette directory whose real path is `directory` is kept: named by a
    /// hash of the path (the snapshot says whose it is, so two paths with one hash never mix).
    package func snapshotPath(forDirectory directory: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in directory.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "\(path)/snapshot-\(String(repeating: "0", count: 16 - hex.count) + hex).mwsnap"
    }

    /// The snapshot of `directory` (its real path) for `providers`: the outlines of its cassettes and
    /// the file their bytes are read from, or why there is none to use.
    package func open(
        directory: String, providers: ProviderSet
    ) -> Result<(file: SnapshotFile, outlines: [CassetteOutline]), CassetteSnapshot.Unusable> {
        guard let builder = Self.builderIdentity else {
            return .failure(.init("the running program cannot be identified"))
        }
        // The file's own checks are not enough: whoever may write in its folder may swap the snapshot
        // for another file of this user's (an older snapshot of another directory's name, a hard link).
        switch folderStatus() {
        case .missing: return .failure(.init("there is none yet"))
        case .untrusted(let reason): return .failure(.init(reason))
        case .trusted: break
        }
        let snapshot = snapshotPath(forDirectory: directory)
        do throws(CassetteSnapshot.Unusable) {
            let opened = try SnapshotFile.open(
                path: snapshot, directory: directory, builder: builder, providers: providers)
            // Marks it used, for pruning.
            _ = utimensat(AT_FDCWD, snapshot, nil, 0)
            return .success(opened)
        } catch {
            return .failure(error)
        }
    }

    /// Why a snapshot was not written.
    package struct SaveError: Error, Sendable, CustomStringConvertible {
        /// For people.
        package var reason: String
        /// `cannot write the start-up snapshot: ...`.
        package var description: String { "cannot write the start-up snapshot: \(reason)" }
    }

    /// Writes the snapshot of `directory` (its real path) from `outlines`, creating the folder (for
    /// this user only) when it is missing; returns how many cassettes it holds. Then removes the
    /// snapshots nobody used for long. Writes nothing, and returns 0, when no cassette of `outlines`
    /// could be kept (none had settled when read: the next load reads them all anyway).
    package func save(_ outlines: [CassetteOutline], directory: String) throws(SaveError) -> Int {
        guard outlines.contains(where: { $0.cassette.identity != nil && $0.cassette.precedence == 0 }) else { return 0 }
        guard let builder = Self.builderIdentity else {
            throw SaveError(reason: "the running program cannot be identified")
        }
        try prepare()
        let written: Int
        do throws(AtomicFile.WriteError) {
            written = try SnapshotWriter.write(
                outlines, directory: directory, builder: builder, to: snapshotPath(forDirectory: directory))
        } catch {
            throw SaveError(reason: "\(error.file): \(error.reason)")
        }
        prune()
        return written
    }

    /// Makes the folder (and its missing parents) readable by this user only, and refuses one that is
    /// not this user's alone.
    func prepare() throws(SaveError) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw SaveError(reason: "cannot create \(partial): \(String(cString: strerror(errno)))")
            }
        }
        switch folderStatus() {
        case .trusted: return
        case .missing: throw SaveError(reason: "\(path) is not a folder")
        case .untrusted(let reason): throw SaveError(reason: reason)
        }
    }

    /// Whether the folder is one snapshots may be read from and written to.
    enum FolderStatus: Equatable {
        /// A folder of this user's that nobody else may write in.
        case trusted
        /// Nothing there.
        case missing
        /// Something else, and why it is not trusted.
        case untrusted(String)
    }

    /// The one test of the folder, for reading as for writing: a folder (links followed, as opening a
    /// file in it follows them) that this user owns and neither group nor others may write in.
    func folderStatus() -> FolderStatus {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT
                ? .missing : .untrusted("\(path) cannot be examined (\(String(cString: strerror(errno))))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return .untrusted("\(path) is not a folder") }
        guard status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            return .untrusted("\(path) belongs to another user or others may write in it")
        }
        return .trusted
    }

    /// Removes snapshots not used for 30 days and all but the 32 most recently used, and what writers
    /// killed mid-write left behind over an hour ago.
    private func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        let now = FileIdentity.now()
        let day: Int64 = 86_400 * 1_000_000_000
        var snapshots: [(path: String, used: Int64)] = []
        for name in names {
            let file = path + "/" + name
            guard let identity = FileIdentity.of(path: file) else { continue }
            if name.hasPrefix(".snapshot-"), name.contains(AtomicFile.temporaryMarker) {
                if now - identity.modified > day / 24 { unlink(file) }
            } else if name.hasPrefix("snapshot-"), name.hasSuffix(".mwsnap") {
                snapshots.append((file, identity.modified))
            }
        }
        snapshots.sort { $0.used > $1.used }
        for (position, snapshot) in snapshots.enumerated() where position >= 32 || now - snapshot.used > 30 * day {
            unlink(snapshot.path)
        }
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
