import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes recorded and imported cassettes under a cassette directory, atomically and without clobbering.
///
/// Every write goes to a hidden temporary file in the target's own folder (`.q-seoul.json.mockweather-tmp-PID-N`,
/// which the loader skips), is flushed to disk, then takes the final name in one step: `link(2)` when
/// an existing file must be kept (fails if the name was taken meanwhile, even by another process),
/// `rename(2)` when it is replaced. A reader, or a process killed at any moment, sees the old file, the
/// new file or none, never a partial one. A killed writer can leave a hidden temporary file behind;
/// the next writer in that directory removes those whose process is gone.
///
/// Names are deterministic (`RecordingRequest.cassetteName`); when the name already holds a different
/// request, `-2`, `-3`, ... are tried, so two requests never share, or silently overwrite, a file.
struct CassetteWriter: Sendable {
    /// The cassette directory (the folder `recorded/` lives in).
    let directory: URL

    static let temporaryMarker = ".mockweather-tmp-"
    static let maximumSuffix = 99

    /// What happened to one write.
    enum Outcome: Sendable, Equatable {
        /// A new file.
        case created(name: String)
        /// The file for the same request was replaced.
        case replaced(name: String)
        /// The file for the same request exists and was kept (`--record new`).
        case kept(name: String)
    }

    /// Writes `document` (a cassette with one interaction whose request has `requestKey` as its
    /// canonical key) under `preferredName` or the first free suffix of it.
    func write(_ document: [UInt8], preferredName: String, requestKey: RequestPattern.CanonicalKey, replacing: Bool)
        throws(CassetteWriteError) -> Outcome
    {
        let folder = directory.appendingPathComponent(preferredName).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CassetteWriteError(
                file: folder.path, reason: "cannot create the folder: \(error.localizedDescription)")
        }
        return try resolve(preferredName: preferredName, requestKey: requestKey, replacing: replacing, planned: [:]) {
            (path, replacing) throws(CassetteWriteError) in try place(document, at: path, replacing: replacing)
        }
    }

    /// What ``write(_:preferredName:requestKey:replacing:)`` would do, writing nothing (`import --dry-run`).
    /// `planned` holds the names earlier plans of the same run took, with their requests' keys, as if
    /// they were on disk.
    func plan(
        preferredName: String, requestKey: RequestPattern.CanonicalKey, replacing: Bool,
        planned: [String: RequestPattern.CanonicalKey]
    ) throws(CassetteWriteError) -> Outcome {
        try resolve(preferredName: preferredName, requestKey: requestKey, replacing: replacing, planned: planned) {
            _, _ in true
        }
    }

    /// Tries `preferredName`, then `-2`, `-3`, ...: the first name that is free (or holds the same
    /// request) gets the document through `place`, which returns false when the name was taken since.
    private func resolve(
        preferredName: String, requestKey: RequestPattern.CanonicalKey, replacing: Bool,
        planned: [String: RequestPattern.CanonicalKey],
        place: (_ path: String, _ replacing: Bool) throws(CassetteWriteError) -> Bool
    ) throws(CassetteWriteError) -> Outcome {
        var attempt = 1
        var lostRace = false
        while attempt <= Self.maximumSuffix {
            let name = attempt == 1 ? preferredName : "\(preferredName)-\(attempt)"
            let path = directory.appendingPathComponent(name + ".json").path
            let existing = planned[name].map { $0 == requestKey ? Existing.same : .different }
            switch existing ?? existingRequest(at: path, key: requestKey) {
            case .none where !lostRace:
                if try place(path, false) { return .created(name: name) }
                lostRace = true  // taken since the check (another writer): look at what it holds now
            case .same:
                guard replacing else { return .kept(name: name) }
                _ = try place(path, true)
                return .replaced(name: name)
            case .none, .different:
                // Another request's file, or a name `link` refuses that is not a readable file.
                attempt += 1
                lostRace = false
            }
        }
        throw CassetteWriteError(
            file: preferredName + ".json",
            reason: "\(Self.maximumSuffix) files with this name and its suffixes hold other requests")
    }

    private enum Existing { case none, same, different }

    /// Whether `path` exists and holds the same request. An unreadable or invalid file counts as a
    /// different request: it is never overwritten.
    private func existingRequest(at path: String, key: RequestPattern.CanonicalKey) -> Existing {
        guard FileManager.default.fileExists(atPath: path) else { return .none }
        guard case .success(let bytes) = CassetteFiles.read(path),
            let cassette = CassetteDecoder.decode(file: "existing.json", bytes: bytes).cassette,
            cassette.interactions.count == 1
        else { return .different }
        return cassette.interactions[0].request.canonicalKey == key ? .same : .different
    }

    /// Writes a temporary file next to `path` and moves it into place; returns false when
    /// `replacing` is false and `path` exists.
    private func place(_ document: [UInt8], at path: String, replacing: Bool) throws(CassetteWriteError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let temporary = "\(folder)/.\(base)\(Self.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw CassetteWriteError(file: path, reason: Self.lastError("cannot create a temporary file"))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(document))
            try handle.synchronize()  // on disk before it takes the name
            try handle.close()
        } catch {
            try? handle.close()
            unlink(temporary)
            throw CassetteWriteError(
                file: path, reason: "cannot write the temporary file: \(error.localizedDescription)")
        }
        defer { unlink(temporary) }  // after a link the temporary name goes; after a rename it is already gone
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw CassetteWriteError(file: path, reason: Self.lastError("cannot rename into place"))
            }
        } else if link(temporary, path) != 0 {
            if errno == EEXIST { return false }
            throw CassetteWriteError(file: path, reason: Self.lastError("cannot link into place"))
        }
        Self.synchronizeDirectory(folder)
        return true
    }

    /// Removes temporary files under `folder` (`recorded/`, `imported/`) left by writers that were
    /// killed (their process is gone).
    func removeAbandonedTemporaryFiles(under folder: String = RecordingRequest.recordedFolder) {
        let root = directory.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix("."), let marker = name.range(of: Self.temporaryMarker) else { continue }
            let owner = name[marker.upperBound...].split(separator: "-").first.flatMap { Int32($0) }
            if let owner, owner != getpid(), kill(owner, 0) != 0, errno == ESRCH {
                unlink(root.appendingPathComponent(relative).path)
            }
        }
    }

    private static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func lastError(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}

/// A recorded cassette that could not be written; nothing partial is left under its name.
struct CassetteWriteError: Error, Sendable, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "cannot write \(file): \(reason)" }
}
