import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file so that a reader, or a process killed at any moment, sees the old file, the
/// new one or none, never a partial one: cassettes (record mode, import) and exported HAR archives.
///
/// The bytes go to a hidden temporary file in the target's own folder (`.name.mockweather-tmp-PID-N`,
/// which the cassette loader skips), are flushed to disk, then take the final name in one step:
/// `link(2)` when an existing file must be kept (fails if the name was taken meanwhile, even by another
/// process), `rename(2)` when it is replaced; then the folder is flushed too.
enum AtomicFile {
    /// Marks temporary files, so the loader skips them and writers can sweep those of killed processes.
    static let temporaryMarker = ".mockweather-tmp-"

    /// A file that could not be written; nothing partial is left under its name.
    struct WriteError: Error, Sendable {
        var file: String
        var reason: String
    }

    /// Writes `bytes` at `path`; returns false, writing nothing, when `replacing` is false and `path`
    /// exists.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(WriteError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let temporary =
            "\(folder.isEmpty ? "." : folder)/.\(base)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(file: path, reason: lastError("cannot create a temporary file"))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()  // on disk before it takes the name
            try handle.close()
        } catch {
            try? handle.close()
            unlink(temporary)
            throw WriteError(file: path, reason: "cannot write the temporary file: \(error.localizedDescription)")
        }
        defer { unlink(temporary) }  // after a link the temporary name goes; after a rename it is already gone
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw WriteError(file: path, reason: lastError("cannot rename into place"))
            }
        } else if link(temporary, path) != 0 {
            if errno == EEXIST { return false }
            throw WriteError(file: path, reason: lastError("cannot link into place"))
        }
        synchronizeDirectory(folder.isEmpty ? "." : folder)
        return true
    }

    private static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func lastError(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}
