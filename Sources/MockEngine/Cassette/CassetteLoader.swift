import Dispatch
import Locking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a cassette directory could not be loaded.
public enum CassetteLoadError: Error, Sendable, CustomStringConvertible {
    /// The directory does not exist or is not a directory.
    case directoryNotFound(String)
    /// The files were read and at least one has problems; every problem is listed.
    case invalid(CassetteValidationError)

    /// A human message naming the directory and, for invalid cassettes, every problem. It names no
    /// command-line flag: a program embedding the library has none (the executable adds its advice).
    public var description: String {
        switch self {
        case .directoryNotFound(let path): "cassette directory not found: \(LogText.escapingControlCharacters(path))"
        case .invalid(let error): error.description
        }
    }
}

/// Finds, reads and validates cassette files.
///
/// Files are the `*.json` files found recursively under the directory (hidden files and folders are
/// skipped), taken in byte order of their relative paths: that order breaks matching ties
/// (docs/ARCHITECTURE.md#cassettes). Link cycles, dangling links and files that are not regular files
/// are left out and named (``SkippedEntry``), never waited on.
package enum CassetteLoader {
    /// A directory's load: the cassettes (or why they were refused) and the entries left out.
    package struct Report: Sendable {
        /// The cassettes in path order, or every problem of every file.
        package var result: Result<[Cassette], CassetteLoadError>
        /// What discovery and reading left out and why (cycles, dangling links, FIFOs, devices); these
        /// never make a load fail.
        package var skipped: [SkippedEntry]
    }

    /// Loads every cassette under `directory`, each interaction read with the vocabulary of its
    /// provider in `providers`, or throws with every problem of every file at once. Entries that are
    /// not cassette files are left out (see ``loadReporting(directory:providers:)`` for which).
    package static func load(
        directory: URL, providers: ProviderSet, memo: CassetteDecodeMemo = .shared
    ) throws(CassetteLoadError) -> [Cassette] {
        try loadReporting(directory: directory, providers: providers, memo: memo).result.get()
    }

    /// Loads as ``load(directory:providers:)`` does and also names every entry left out: a directory
    /// cycle or a second link to a directory already read, a dangling link, and a `*.json` that is a
    /// FIFO, device or socket (also one swapped in between discovery and reading). Real cassette
    /// files are validated exactly as before: any problem refuses the whole set.
    ///
    /// Files are read and decoded on all cores; the result is in path order whatever the scheduling.
    /// Every file is read; one whose path and bytes `memo` has decoded before is not decoded again.
    package static func loadReporting(
        directory: URL, providers: ProviderSet, memo: CassetteDecodeMemo = .shared
    ) -> Report {
        let discovery: CassetteFiles.Discovery
        do {
            discovery = try CassetteFiles.discover(in: directory)
        } catch {
            return Report(result: .failure(error), skipped: [])
        }
        return load(discovery, directory: directory, providers: providers, memo: memo)
    }

    /// A directory's load for serving: each cassette as a library takes it, those of files unchanged
    /// since `prior` (a start-up snapshot, or the library a reload replaces) taken from it unread.
    package struct OutlineReport: Sendable {
        /// The cassettes in path order, or every problem of every file read.
        package var result: Result<[CassetteOutline], CassetteLoadError>
        /// What discovery and reading left out and why (see ``Report/skipped``).
        package var skipped: [SkippedEntry]
        /// How many files were read (new, changed, or not known to `prior`).
        package var read: Int
        /// How many were taken from `prior` without being read.
        package var reused: Int
        /// How many of those read were decoded: the rest held the bytes `prior` had decoded (a file
        /// touched, copied or checked out again unchanged), and were taken from it.
        package var decoded: Int
    }

    /// Loads the cassettes under `directory` as a library takes them (docs/ARCHITECTURE.md#start-up-snapshots).
    ///
    /// A file whose path is in `prior` with the identity `stat` gives now (device, inode, size,
    /// modification and status-change times) is taken from `prior` without being read: `prior` holds
    /// only files that were valid, and an identity only for those that had settled when read
    /// (``FileIdentity/isSettled(readAt:)``). Every other file is read; one holding the very bytes
    /// `prior` decoded is taken from it with its new identity, and the rest are validated as
    /// ``loadReporting(directory:providers:memo:)`` validates them: any problem refuses the whole set.
    /// The duplicate check runs over every cassette, whatever its origin, unless nothing was decoded
    /// and the files are exactly `prior`'s.
    ///
    /// `readTime` is the clock a file's read is timed by (tests move it past the settling time rather
    /// than wait for it).
    package static func loadOutlines(
        directory: URL, providers: ProviderSet, prior: [CassetteOutline] = [], memo: CassetteDecodeMemo = .shared,
        readTime: @escaping @Sendable () -> Int64 = FileIdentity.now
    ) -> OutlineReport {
        loadOutlines(
            discovered: Result { () throws(CassetteLoadError) in try CassetteFiles.discover(in: directory) },
            directory: directory, providers: providers, prior: prior, memo: memo, readTime: readTime)
    }

    /// The same, with the directory already walked (a start walks it while it reads the snapshot).
    package static func loadOutlines(
        discovered: consuming Result<CassetteFiles.Discovery, CassetteLoadError>, directory: URL,
        providers: ProviderSet, prior: [CassetteOutline], memo: CassetteDecodeMemo = .shared,
        readTime: @escaping @Sendable () -> Int64 = FileIdentity.now
    ) -> OutlineReport {
        switch consume discovered {
        case .success(let discovery):
            return load(
                discovery, directory: directory, providers: providers, prior: prior, memo: memo, readTime: readTime)
        case .failure(let error):
            return OutlineReport(result: .failure(error), skipped: [], read: 0, reused: 0, decoded: 0)
        }
    }

    /// What reading one file came to: its cassette (with its interactions' keys, for the duplicate
    /// check, when it was decoded) or its problems, or why it was left out.
    private struct FileOutcome {
        var outline: CassetteOutline?
        var problems: [CassetteProblem] = []
        var keys: [RequestPattern.CanonicalKey]?
        var skipped: SkippedEntry?
        var wasRead = true
        var wasDecoded = false
    }

    /// Reads and validates the files `discovery` found. Apart so that a test can change a file between
    /// discovery and reading (a FIFO swapped in during a reload) without depending on timing.
    static func load(
        _ discovery: CassetteFiles.Discovery, directory: URL, providers: ProviderSet,
        memo: CassetteDecodeMemo = .shared
    ) -> Report {
        let report = load(
            discovery, directory: directory, providers: providers, prior: [], memo: memo, readTime: FileIdentity.now)
        // With no prior load every cassette was decoded here, so each is in memory.
        return Report(
            result: report.result.map { outlines in outlines.map { $0.cassette.content.inMemory! } },
            skipped: report.skipped)
    }

    /// The outlines of the files `discovery` found; see ``loadOutlines(directory:providers:prior:memo:readTime:)``.
    static func load(
        _ discovery: consuming CassetteFiles.Discovery, directory: URL, providers: ProviderSet,
        prior: [CassetteOutline], memo: CassetteDecodeMemo, readTime: @escaping @Sendable () -> Int64
    ) -> OutlineReport {
        let load = memo.beginLoad()
        defer { memo.endLoad(load) }
        var skipped = discovery.skipped
        // The paths are let go once every file is read or matched: with 100,000 cassettes they are
        // megabytes the library, built next, need not find still held.
        var outcomes = Self.readAll(
            (consume discovery).files, providers: providers, prior: prior, memo: memo, load: load,
            readTime: readTime)
        var outlines: [CassetteOutline] = []
        var keys: [[RequestPattern.CanonicalKey]?] = []
        var problems: [CassetteProblem] = []
        var read = 0
        var reused = 0
        var decoded = 0
        outlines.reserveCapacity(outcomes.count)
        keys.reserveCapacity(outcomes.count)
        for position in outcomes.indices {
            guard let outcome = outcomes[position].take() else { continue }
            if outcome.skipped == nil {
                if outcome.wasRead { read += 1 } else { reused += 1 }
                if outcome.wasDecoded { decoded += 1 }
            }
            if let outline = outcome.outline {
                outlines.append(outline)
                keys.append(outcome.keys)
            }
            problems += outcome.problems
            if let entry = outcome.skipped { skipped.append(entry) }
        }
        // A set taken in full from `prior`, file for file (unread, or read and found the same), is the
        // set `prior` was: valid as a whole.
        let unchanged = decoded == 0 && problems.isEmpty && outlines.count == prior.count
        if !unchanged { problems += duplicateRequests(in: outlines, keys: keys) }
        guard problems.isEmpty else {
            return OutlineReport(
                result: .failure(.invalid(CassetteValidationError(directory: directory.path, problems: problems))),
                skipped: skipped, read: read, reused: reused, decoded: decoded)
        }
        return OutlineReport(
            result: .success(outlines), skipped: skipped, read: read, reused: reused, decoded: decoded)
    }

    /// Each file's outcome, in order: taken from `prior` when its identity is unchanged, else read.
    private static func readAll(
        _ files: [CassetteFiles.File], providers: ProviderSet, prior: [CassetteOutline], memo: CassetteDecodeMemo,
        load: Int, readTime: @escaping @Sendable () -> Int64
    ) -> [FileOutcome?] {
        let known = Self.match(files, in: prior)
        let results = Locked([FileOutcome?](repeating: nil, count: files.count))
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (files.count + chunk - 1) / chunk) { batch in
            var outcomes: [(Int, FileOutcome)] = []
            var directories = CassetteFiles.DirectoryCursor()
            defer { directories.close() }
            for position in batch * chunk..<min(files.count, (batch + 1) * chunk) {
                let file = files[position]
                if let earlier = known[position], let identity = prior[earlier].cassette.identity,
                    directories.identity(of: file.path) == identity
                {
                    outcomes.append((position, FileOutcome(outline: prior[earlier], wasRead: false)))
                    continue
                }
                outcomes.append(
                    (
                        position,
                        readOne(
                            file, prior: known[position].map { prior[$0] }, providers: providers, memo: memo,
                            load: load, readTime: readTime)
                    ))
            }
            results.withLock { results in for (position, outcome) in outcomes { results[position] = outcome } }
        }
        // Moved out, not copied: copies of 10,000 outcomes retained and released every field.
        return results.withLock { results in
            var taken: [FileOutcome?] = []
            swap(&taken, &results)
            return taken
        }
    }

    /// Reads and decodes one file, unless it holds the very bytes `prior` (its outline in the prior
    /// load, if any) was decoded from: then `prior` is taken, with the file's new identity.
    private static func readOne(
        _ file: CassetteFiles.File, prior: CassetteOutline?, providers: ProviderSet, memo: CassetteDecodeMemo,
        load: Int, readTime: @Sendable () -> Int64
    ) -> FileOutcome {
        let readAt = readTime()
        switch CassetteFiles.readWithIdentity(file.path) {
        case .success(let (bytes, identity)):
            let trusted = identity.isSettled(readAt: readAt) ? identity : nil
            if let prior, prior.cassette.content.holds(bytes) {
                return FileOutcome(outline: prior.with(identity: trusted))
            }
            // The duplicate check runs on one core once all files are in: its keys are made here.
            let decoded = memo.decode(file: file.relativePath, bytes: bytes, providers: providers, load: load)
            guard let cassette = decoded.cassette else {
                return FileOutcome(problems: decoded.problems, wasDecoded: true)
            }
            return FileOutcome(
                outline: CassetteOutline(decoded: cassette, bytes: bytes, identity: trusted), keys: decoded.keys,
                wasDecoded: true)
        case .failure(let reason) where reason.fileType != nil:
            // Swapped for a FIFO or device since discovery: left out as discovery would have.
            let what = CassetteFiles.describe(fileType: reason.fileType ?? 0)
            return FileOutcome(skipped: SkippedEntry(relativePath: file.relativePath, reason: "\(what), not read"))
        case .failure(let reason):
            return FileOutcome(problems: [
                CassetteProblem(
                    file: file.relativePath, jsonPath: "$", line: nil, column: nil,
                    message: "cannot read the file: \(reason)")
            ])
        }
    }

    /// For each file, where `prior` has an outline of the same relative path, if it has. Both are in
    /// path order when `prior` comes from a load, so one merging walk finds them; a `prior` out of
    /// order (a damaged snapshot) finds fewer, and those files are read.
    private static func match(_ files: [CassetteFiles.File], in prior: [CassetteOutline]) -> [Int?] {
        var found = [Int?](repeating: nil, count: files.count)
        guard !prior.isEmpty else { return found }
        var next = 0
        for position in files.indices {
            let path = files[position].relativePath
            while next < prior.count, prior[next].cassette.file < path { next += 1 }
            if next < prior.count, prior[next].cassette.file == path { found[position] = next }
        }
        return found
    }

    /// Decodes in-memory files (relative path and contents), checking each on its own and then the
    /// set for the same request in two places. Files are taken in the order given; one whose path and
    /// bytes `memo` has decoded before is not decoded again.
    package static func decode(
        _ files: [(file: String, bytes: [UInt8])], providers: ProviderSet, memo: CassetteDecodeMemo = .shared
    ) -> (cassettes: [Cassette], problems: [CassetteProblem]) {
        let load = memo.beginLoad()
        defer { memo.endLoad(load) }
        var cassettes: [Cassette] = []
        var keys: [[RequestPattern.CanonicalKey]?] = []
        var problems: [CassetteProblem] = []
        for (file, bytes) in files {
            let result = memo.decode(file: file, bytes: bytes, providers: providers, load: load)
            problems += result.problems
            if let cassette = result.cassette {
                cassettes.append(cassette)
                keys.append(result.keys)
            }
        }
        problems += duplicateRequests(in: cassettes.map { CassetteOutline(decoded: $0) }, keys: keys)
        return (cassettes, problems)
    }

    /// "The same request in two files" (or twice in one): only the first could ever answer.
    package static func duplicateRequests(in cassettes: [Cassette]) -> [CassetteProblem] {
        duplicateRequests(
            in: cassettes.map { CassetteOutline(decoded: $0) },
            keys: [[RequestPattern.CanonicalKey]?](repeating: nil, count: cassettes.count))
    }

    /// The same, for outlines, with each interaction's `canonicalKey` made beforehand where it was
    /// (`keys[c][i]` for interaction `i` of cassette `c`; nil to make them here).
    static func duplicateRequests(
        in outlines: [CassetteOutline], keys: [[RequestPattern.CanonicalKey]?]
    ) -> [CassetteProblem] {
        var firstSeen: [RequestPattern.CanonicalKey: (position: Int, index: Int)] = [:]
        firstSeen.reserveCapacity(outlines.reduce(0) { $0 + $1.interactions.count })
        var problems: [CassetteProblem] = []
        func path(_ index: Int) -> String { "$.interactions[\(index)].request" }
        // By position: an interaction is read only to describe a duplicate (copying each one to look at
        // its key retains every field, for every interaction of every load).
        for position in outlines.indices {
            let cassetteKeys = keys[position] ?? outlines[position].interactions.map(\.request.canonicalKey)
            for index in cassetteKeys.indices {
                let key = cassetteKeys[index]
                if let earlier = firstSeen[key] {
                    let request = outlines[position].interactions[index].request
                    problems.append(
                        CassetteProblem(
                            file: outlines[position].cassette.file, jsonPath: path(index), line: nil, column: nil,
                            message:
                                "the same request as \(outlines[earlier.position].cassette.file) \(path(earlier.index)) "
                                + "(\(request.method) "
                                + "\(request.path) \(request.summary)); only the first would ever "
                                + "match: remove one or make them differ"))
                } else {
                    firstSeen[key] = (position, index)
                }
            }
        }
        return problems
    }
}

/// An entry of a cassette directory that discovery did not read, and why: a cycle, a dangling link or
/// a file that is not a regular file is named rather than left out without a word.
package struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
    /// The entry's path relative to the cassette directory.
    package var relativePath: String
    /// Why it was not read, e.g. "a link back to . (a directory cycle), not followed".
    package var reason: String

    /// `a: a link back to . (a directory cycle), not followed`.
    package var description: String { "\(relativePath): \(reason)" }

    /// `skipped a: ...`, for the server's diagnostics (at start-up and after each reload) and the
    /// commands' reports, escaped so that a file name cannot start a line of its own or reach the
    /// terminal as a control sequence.
    package var logText: String { "skipped \(LogText.escapingControlCharacters(description))" }
}

/// The cassette files of a directory and a fingerprint of their state, for loading and `--watch`.
package struct CassetteFiles {
    package struct File: Sendable, Equatable {
        /// Absolute path (plain text: building 10,000 URLs is measurable at start-up).
        package var path: String
        package var relativePath: String
    }

    /// What discovery found: the cassette files to read, in byte order of their relative paths, and
    /// the entries it left out, each with its reason, in the order met.
    package struct Discovery: Sendable, Equatable {
        package var files: [File]
        package var skipped: [SkippedEntry]
    }

    /// The cassette files under `directory` (see ``discover(in:)``).
    package static func list(in directory: URL) throws(CassetteLoadError) -> [File] {
        try discover(in: directory).files
    }

    /// Walks `directory`, following links to directories once: a directory already read (a cycle
    /// such as `ln -s . a`, or a second link to the same one) is named in `skipped` and not entered
    /// again, so the walk ends whatever the links. Dangling links, and FIFOs, devices and sockets named
    /// `*.json`, are named in `skipped` too; nothing here opens a file.
    package static func discover(in directory: URL) throws(CassetteLoadError) -> Discovery {
        guard let root = Self.realPath(directory.path) else { throw .directoryNotFound(directory.path) }
        var walker = Walker(root: root)
        guard walker.enter(directory.path, relativePath: "", isRoot: true) else {
            throw .directoryNotFound(directory.path)
        }
        // String's `<` orders by Unicode scalar values, which is byte order for UTF-8.
        return Discovery(files: walker.files.sorted { $0.relativePath < $1.relativePath }, skipped: walker.skipped)
    }

    /// One walk's state. Directories are remembered by device and inode, not by path: a cycle through
    /// links has a new path at every turn (`a/a/a/...`) but always the same inode.
    private struct Walker {
        struct DirectoryIdentity: Hashable {
            var device: UInt64
            var inode: UInt64
        }

        /// The cassette directory's real path: a link is followed only to where this is a prefix.
        let root: String
        var files: [File] = []
        var skipped: [SkippedEntry] = []
        /// Every directory read so far, with the relative path it was read under ("" for the root).
        var visited: [DirectoryIdentity: String] = [:]
        /// The directories being read (the root down to the current one): meeting one again is a cycle.
        var ancestors: Set<DirectoryIdentity> = []

        /// Reads the directory at `path` unless it was read already (then names it in `skipped`);
        /// false when it cannot be opened as a directory (named in `skipped` unless it is the root,
        /// whose absence is the caller's error).
        mutating func enter(_ path: String, relativePath: String, isRoot: Bool = false) -> Bool {
            // Opening the directory itself and asking its descriptor (rather than `stat` on the path)
            // identifies exactly what is read; O_NONBLOCK keeps a FIFO swapped in from blocking.
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = errno
                if !isRoot { skip(relativePath, "cannot open the directory (\(Self.describe(reason))), not read") }
                return false
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                close(descriptor)
                return false
            }
            // `dev_t` is a signed 32-bit integer on Darwin: only its bits matter here.
            let identity = DirectoryIdentity(
                device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
            if let earlier = visited[identity] {
                close(descriptor)
                let shown = earlier.isEmpty ? "." : earlier
                skip(
                    relativePath,
                    ancestors.contains(identity)
                        ? "a link back to \(shown) (a directory cycle), not followed"
                        : "the same directory as \(shown), already read, not followed")
                return true
            }
            guard let handle = fdopendir(descriptor) else {
                let reason = errno
                close(descriptor)
                if !isRoot { skip(relativePath, "cannot open the directory (\(Self.describe(reason))), not read") }
                return false
            }
            defer { closedir(handle) }
            visited[identity] = relativePath
            ancestors.insert(identity)
            defer { ancestors.remove(identity) }
            var names: [(name: String, type: Int32)] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                names.append((name, Int32(entry.pointee.d_type)))
            }
            // Read in name order so that which of two links to one directory is followed (and so
            // each cassette's name) does not depend on the file system's order.
            names.sort { $0.name < $1.name }
            for (name, type) in names {
                visit(name, type: type, in: path, prefix: relativePath)
            }
            return true
        }

        /// Lists with `readdir`'s type (no per-entry `stat` unless the entry is a link or the file
        /// system hides the type), which keeps start-up fast with tens of thousands of cassettes.
        mutating func visit(_ name: String, type: Int32, in directory: String, prefix: String) {
            let path = directory + "/" + name
            let relative = prefix.isEmpty ? name : "\(prefix)/\(name)"
            let isCassetteName = name.hasSuffix(".json")
            var mode: mode_t
            switch type {
            case Int32(DT_DIR): mode = S_IFDIR
            case Int32(DT_REG): mode = S_IFREG
            case Int32(DT_FIFO): mode = S_IFIFO
            case Int32(DT_CHR): mode = S_IFCHR
            case Int32(DT_BLK): mode = S_IFBLK
            case Int32(DT_SOCK): mode = S_IFSOCK
            default:
                var status = stat()
                guard stat(path, &status) == 0 else {
                    let reason = errno
                    var link = stat()
                    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                        if reason == ENOENT {
                            skip(relative, "a dangling symbolic link (to \(linkTarget(of: path))), not followed")
                        } else if reason == ELOOP {
                            skip(relative, "a symbolic link that loops (to \(linkTarget(of: path))), not followed")
                        } else {
                            skip(relative, "a symbolic link that cannot be followed (\(Self.describe(reason)))")
                        }
                    } else if isCassetteName, reason != ENOENT {
                        skip(relative, "cannot be examined (\(Self.describe(reason))), not read")
                    }
                    return
                }
                mode = status.st_mode & S_IFMT
                // Only links get here (or entries of a file system that hides types): a link may
                // point anywhere, and a directory of cassettes must not make the server read `/`.
                if let outside = outsideTarget(of: path) {
                    skip(relative, "a symbolic link out of the cassette directory (to \(outside)), not followed")
                    return
                }
            }
            switch mode {
            case S_IFDIR:
                _ = enter(path, relativePath: relative)
            case S_IFREG:
                if isCassetteName { files.append(File(path: path, relativePath: relative)) }
            default:
                if isCassetteName { skip(relative, "\(CassetteFiles.describe(fileType: mode)), not read") }
            }
        }

        /// Where the entry at `path` leads when that is outside ``root`` (as the link is written), or
        /// nil when it stays inside. A link to a link is resolved to its end, so a chain cannot leave.
        func outsideTarget(of path: String) -> String? {
            guard let resolved = realPath(path) else { return linkTarget(of: path) }
            return isInside(resolved, root: root) ? nil : linkTarget(of: path)
        }

        mutating func skip(_ relativePath: String, _ reason: String) {
            skipped.append(SkippedEntry(relativePath: relativePath, reason: reason))
        }

        static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
    }

    /// Where the link at `path` points, as written in the link ("?" when it cannot be read).
    package static func linkTarget(of path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the real path `resolved` is `root` (a real path too) or under it.
    package static func isInside(_ resolved: String, root: String) -> Bool {
        root == "/" || resolved == root || resolved.hasPrefix(root + "/")
    }

    /// `path` with every link, `.` and `..` resolved (`realpath`), or nil when it cannot be resolved.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// "a FIFO (named pipe)", "a character device", ...: what a file that is not a regular file is.
    static func describe(fileType mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The file's bytes, read with plain `open`/`read` into one array of the size `fstat` gives (plus
    /// one byte, so a file that grew since is noticed and read to its end): one allocation and, for a
    /// file that did not change, one `read`.
    ///
    /// Never blocks on what is not a regular file: the path is opened non-blocking (a FIFO swapped in
    /// after discovery would otherwise wait for a writer forever) and the descriptor must be a
    /// regular file, else the error says what it is (``ReadError/fileType``).
    package static func read(_ path: String) -> Result<[UInt8], ReadError> {
        readWithIdentity(path).map(\.bytes)
    }

    /// The file's bytes as ``read(_:)`` reads them, held to `limit` bytes instead of a cassette's, for
    /// another kind of file (`a HAR archive`) that the error names.
    package static func read(_ path: String, atMost limit: Int, kind: String) -> Result<[UInt8], ReadError> {
        readWithIdentity(path, limit: ReadLimit(bytes: limit, kind: kind)).map(\.bytes)
    }

    /// How large a file ``read(_:atMost:kind:)`` takes, and what it is called when it is larger.
    package struct ReadLimit: Sendable {
        var bytes: Int
        var kind: String
        /// A cassette's: ``CassetteFiles/maximumFileSize``.
        static let cassette = ReadLimit(bytes: maximumFileSize, kind: "a cassette file")
    }

    /// The file's bytes as ``read(_:)`` reads them, with the identity `fstat` gave the descriptor they
    /// were read from just before (docs/ARCHITECTURE.md#start-up-snapshots).
    package static func readWithIdentity(
        _ path: String, limit: ReadLimit = .cassette
    ) -> Result<(bytes: [UInt8], identity: FileIdentity), ReadError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadError(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadError(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadError(errno: 0, fileType: status.st_mode & S_IFMT))
        }
        guard Int64(status.st_size) <= Int64(limit.bytes) else {
            return .failure(ReadError(errno: 0, tooLarge: Int64(status.st_size), limit: limit))
        }
        let identity = FileIdentity(status)
        let capacity = Int(status.st_size) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            while initialized < capacity {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, capacity - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { return .failure(ReadError(errno: failure)) }
        // Full to the extra byte: the file grew after `fstat`; the rest is read to its end.
        let result =
            bytes.count == capacity ? readRest(descriptor, appendingTo: &bytes, limit: limit) : .success(bytes)
        return result.map { ($0, identity) }
    }

    private static func readRest(
        _ descriptor: Int32, appendingTo bytes: inout [UInt8], limit: ReadLimit
    ) -> Result<[UInt8], ReadError> {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
                // Growing while read (a log written into the directory) is held to the same limit.
                if bytes.count > limit.bytes {
                    return .failure(ReadError(errno: 0, tooLarge: Int64(bytes.count), limit: limit))
                }
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(ReadError(errno: errno))
            }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The largest cassette file read, in bytes: 64 MiB, the same as the largest HAR body an import
    /// inflates. The biggest real cassette is a few hundred kilobytes (a base64 map tile), so a file
    /// over this is a mistake (a dump or a log saved as `*.json`) or hostile; it is refused by its
    /// size before a byte is read, so it never costs its size in memory (the JSON tree it would make
    /// costs several times that again).
    package static let maximumFileSize = 64 * 1024 * 1024

    /// Why a file could not be read: a system error, that it is not a regular file, or its size.
    package struct ReadError: Error, CustomStringConvertible {
        var errno: Int32
        /// The file's type (`S_IFIFO`, `S_IFCHR`, ...) when it was opened but is not a regular file.
        var fileType: mode_t? = nil
        /// The file's size when it is over the limit it was read with.
        var tooLarge: Int64? = nil
        /// The limit it was read with (a cassette's unless said otherwise).
        var limit = ReadLimit.cassette

        /// `No such file or directory`, `a FIFO (named pipe), not a regular file`, or `1073741824
        /// bytes, over the limit of 67108864 bytes (64 MiB) for a cassette file`.
        package var description: String {
            if let fileType { return "\(CassetteFiles.describe(fileType: fileType)), not a regular file" }
            if let tooLarge {
                return "\(tooLarge) bytes, over the limit of \(limit.bytes) bytes "
                    + "(\(limit.bytes / (1024 * 1024)) MiB) for \(limit.kind)"
            }
            return String(cString: strerror(errno))
        }
    }

    /// Takes files' identities through their directory's descriptor (one name looked up, not a whole
    /// path per file), keeping the last directory open: files in path order come a directory at a time.
    struct DirectoryCursor {
        private var directory: Substring = ""
        private var descriptor: Int32 = -1

        mutating func identity(of path: String) -> FileIdentity? {
            guard let slash = path.lastIndex(of: "/") else { return FileIdentity.of(path: path) }
            let folder = path[..<slash]
            if descriptor < 0 || folder != directory {
                close()
                directory = folder
                descriptor = open(String(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard descriptor >= 0 else { return FileIdentity.of(path: path) }
            var status = stat()
            guard fstatat(descriptor, String(path[path.index(after: slash)...]), &status, 0) == 0 else { return nil }
            return FileIdentity(status)
        }

        mutating func close() {
            if descriptor >= 0 { systemClose(descriptor) }
            descriptor = -1
        }

        private func systemClose(_ descriptor: Int32) {
            #if canImport(Glibc)
            _ = Glibc.close(descriptor)
            #else
            _ = Darwin.close(descriptor)
            #endif
        }
    }

    /// What `--watch` compares between polls: it changes whenever a cassette file is added, removed,
    /// renamed or rewritten (its ``FileIdentity``: a rewrite moves the status-change time even when the
    /// modification time is put back), or an entry is skipped or no longer skipped (so a FIFO or a link
    /// loop that appears is reported by a reload).
    struct Fingerprint: Equatable {
        var missing = false
        var skipped: [SkippedEntry] = []
        var files: [String] = []
        var identities: [FileIdentity?] = []
    }

    /// The directory's fingerprint now.
    static func fingerprint(of directory: URL) -> Fingerprint {
        guard let discovery = try? discover(in: directory) else { return Fingerprint(missing: true) }
        var directories = DirectoryCursor()
        defer { directories.close() }
        return Fingerprint(
            skipped: discovery.skipped, files: discovery.files.map(\.relativePath),
            identities: discovery.files.map { directories.identity(of: $0.path) })
    }
}
