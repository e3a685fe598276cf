import Basics
import MockEngine

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

/// Writes recorded and imported cassettes under a cassette directory, atomically and without clobbering.
///
/// Every write goes through `AtomicFile` (a hidden temporary file in the target's own folder, which the
/// loader skips, flushed, then given its name in one step), so a reader, or a process killed at any
/// moment, sees the old file, the new file or none, never a partial one. A killed writer can leave a
/// hidden temporary file behind; the next writer in that directory removes those whose process is gone.
///
/// Names are deterministic (each provider's `RecordingProfile.cassetteName`); when the name already holds a different
/// request, `-2`, `-3`, ... are tried, so two requests never share, or silently overwrite, a file.
struct CassetteWriter: Sendable {
    /// The cassette directory (the folder `recorded/` lives in).
    let directory: URL
    /// What files there are read with, to tell whether one holds the same request.
    let providers: ProviderSet

    static let temporaryMarker = AtomicFile.temporaryMarker
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
    /// canonical key) under `preferredName` or the first free suffix of it. A document over
    /// ``CassetteFiles/maximumFileSize`` is refused: the loader would refuse it, and with it the
    /// whole directory at the next start (record mode still answers the client).
    func write(_ document: [UInt8], preferredName: String, requestKey: RequestPattern.CanonicalKey, replacing: Bool)
        throws(CassetteWriteError) -> Outcome
    {
        if let reason = Self.oversize(document.count) {
            throw CassetteWriteError(file: preferredName + ".json", reason: reason + "; nothing was written")
        }
        let folder = directory.appendingPathComponent(preferredName).deletingLastPathComponent()
        try refuseLinksOut(along: Self.folderPart(of: preferredName))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CassetteWriteError(
                file: folder.path, reason: "cannot create the folder: \(FileSystemFacts.describe(error))")
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
        try refuseLinksOut(along: Self.folderPart(of: preferredName))
        return try resolve(
            preferredName: preferredName, requestKey: requestKey, replacing: replacing, planned: planned
        ) { _, _ in true }
    }

    /// Why a cassette of `byteCount` bytes is not written, nil when it may be: the one rule record
    /// mode and import share, the loader's ``CassetteFiles/maximumFileSize``.
    static func oversize(_ byteCount: Int) -> String? {
        guard byteCount > CassetteFiles.maximumFileSize else { return nil }
        return "the cassette would be \(byteCount) bytes, over the limit of \(CassetteFiles.maximumFileSize) "
            + "bytes a cassette file may have (it would stop the directory from loading)"
    }

    /// `recorded/openweathermap/current` of `recorded/openweathermap/current/seoul`.
    private static func folderPart(of name: String) -> String {
        guard let slash = name.lastIndex(of: "/") else { return "" }
        return String(name[..<slash])
    }

    /// Throws when a folder along `relativeFolder` (under ``directory``) is a symbolic link that leads
    /// out of the cassette directory, or nowhere: a hostile directory's `recorded -> ../elsewhere` must
    /// not make record mode or an import write (or create folders, or clean up) outside it. Links
    /// that stay inside are written through, as discovery reads through them. Folders not there yet
    /// are made by the writer itself, inside.
    private func refuseLinksOut(along relativeFolder: String) throws(CassetteWriteError) {
        guard let root = CassetteFiles.realPath(directory.path) else { return }  // absent: made inside
        var path = directory.path
        var relative = ""
        for component in relativeFolder.split(separator: "/") {
            path += "/" + component
            relative += (relative.isEmpty ? "" : "/") + component
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            if let resolved = CassetteFiles.realPath(path), CassetteFiles.isInside(resolved, root: root) { continue }
            throw CassetteWriteError(
                file: relative,
                reason:
                    "it is a symbolic link out of the cassette directory (to \(CassetteFiles.linkTarget(of: path))); "
                    + "nothing is written through it: remove the link or choose another directory")
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
            let cassette = CassetteDecoder.decode(file: "existing.json", bytes: bytes, providers: providers).cassette,
            cassette.interactions.count == 1
        else { return .different }
        return cassette.interactions[0].request.canonicalKey == key ? .same : .different
    }

    /// Writes a temporary file next to `path` and moves it into place; returns false when
    /// `replacing` is false and `path` exists.
    private func place(_ document: [UInt8], at path: String, replacing: Bool) throws(CassetteWriteError) -> Bool {
        do throws(AtomicFile.WriteError) {
            return try AtomicFile.write(document, to: path, replacing: replacing)
        } catch {
            throw CassetteWriteError(file: error.file, reason: error.reason)
        }
    }

    /// Removes temporary files under `folder` (`recorded/`, `imported/`) left by writers that were
    /// killed (their process is gone).
    func removeAbandonedTemporaryFiles(under folder: String = Recorder.recordedFolder) {
        // Nothing is removed through a link out of the directory (its files are not ours).
        guard (try? refuseLinksOut(along: folder)) != nil else { return }
        let root = directory.appendingPathComponent(folder)
        guard let relativePaths = try? FileManager.default.subpathsOfDirectory(atPath: root.path) else { return }
        for relative in relativePaths {
            let name = relative.split(separator: "/").last ?? ""
            guard name.hasPrefix("."), let marker = name.firstRange(of: Self.temporaryMarker) else { continue }
            let owner = name[marker.upperBound...].split(separator: "-").first.flatMap { Int32($0) }
            if let owner, owner != getpid(), kill(owner, 0) != 0, errno == ESRCH {
                unlink(root.appendingPathComponent(relative).path)
            }
        }
    }

}

/// A recorded cassette that could not be written; nothing partial is left under its name.
struct CassetteWriteError: Error, Sendable, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "cannot write \(file): \(reason)" }
}
