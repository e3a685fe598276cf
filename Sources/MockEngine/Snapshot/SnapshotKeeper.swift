import Dispatch
import Locking

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

/// Writes a store's start-up snapshot in the background after a load that read files, off the path
/// to the first answer (docs/ARCHITECTURE.md#start-up-snapshots). Writes are one at a time; a library
/// served while one is being written is written next, and only the newest of several waiting is.
final class SnapshotKeeper: Sendable {
    let folder: SnapshotFolder
    /// The cassette directory's real path (links resolved), which names its snapshot.
    let directory: String
    private let diagnostics: (@Sendable (String) -> Void)?
    private let queue = DispatchQueue(label: "mockweather.snapshot-writer", qos: .utility)
    private let group = DispatchGroup()
    /// The library to write next, if one is waiting.
    private let waiting = Locked<CassetteLibrary?>(nil)

    init(folder: SnapshotFolder, directory: String, diagnostics: (@Sendable (String) -> Void)?) {
        self.folder = folder
        self.directory = directory
        self.diagnostics = diagnostics
    }

    /// The real path of `directory`, or nil when it cannot be resolved.
    static func realPath(of directory: URL) -> String? {
        guard let resolved = realpath(directory.path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `library`'s snapshot soon.
    func schedule(_ library: CassetteLibrary) {
        let alreadyWaiting = waiting.withLock { waiting in
            defer { waiting = library }
            return waiting != nil
        }
        guard !alreadyWaiting else { return }
        queue.async(group: group) { [self] in
            guard
                let next = waiting.withLock({ waiting in
                    defer { waiting = nil }
                    return waiting
                })
            else { return }
            do throws(SnapshotFolder.SaveError) {
                _ = try folder.save(next.outlines, directory: directory)
            } catch {
                diagnostics?("mockweather: \(error.description)")
            }
        }
    }

    /// Returns once every scheduled write is done.
    func wait() {
        group.wait()
    }
}
