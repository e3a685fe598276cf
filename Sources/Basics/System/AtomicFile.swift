#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file so that a reader, or a process killed at any moment, sees the old file, the
/// new one or none, never a partial one: cassettes (record mode, import), exported HAR archives and
/// start-up snapshots.
///
/// The bytes go to a hidden temporary file in the target's own folder (`.name.mockweather-tmp-PID-N`,
/// which the cassette loader skips), are flushed to disk when asked, then take the final name in one
/// step: `link(2)` when an existing file must be kept (fails if the name was taken meanwhile, even by
/// another process), `rename(2)` when it is replaced; then the folder is flushed too.
package enum AtomicFile {
    /// Marks temporary files, so the loader skips them and writers can sweep those of killed processes.
    package static let temporaryMarker = ".mockweather-tmp-"

    /// A file that could not be written; nothing partial is left under its name.
    package struct WriteError: Error, Sendable {
        /// The file that was to be written.
        package var file: String
        /// What failed, with the system's reason.
        package var reason: String

        /// A failure to write `file`.
        package init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }
    }

    /// Writes `bytes` at `path`, flushed to disk before it takes the name; returns false, writing
    /// nothing, when `replacing` is false and `path` exists.
    package static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(WriteError) -> Bool {
        try write(to: path, replacing: replacing, permissions: 0o644, synchronizing: true) { descriptor in
            FileDescriptorWriter.writeAll(bytes, to: descriptor).map {
                "cannot write the temporary file: \(describe($0))"
            }
        }
    }

    /// Writes at `path` what `body` writes to the descriptor it is given (a new temporary file, opened
    /// for writing), then gives it the name; `body` returns nil when it wrote everything, else why not,
    /// and nothing is left behind. `synchronizing` flushes the file and its folder to disk first (skip it
    /// only for a file that is checked when read, such as a cache). Returns false, writing nothing,
    /// when `replacing` is false and `path` exists.
    package static func write(
        to path: String, replacing: Bool, permissions: Int, synchronizing: Bool,
        _ body: (Int32) -> String?
    ) throws(WriteError) -> Bool {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary =
            "\(folder.isEmpty ? "/" : folder)/.\(base)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(
            temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(truncatingIfNeeded: permissions))
        guard descriptor >= 0 else {
            throw WriteError(file: path, reason: lastError("cannot create a temporary file"))
        }
        if let failure = body(descriptor) {
            close(descriptor)
            unlink(temporary)
            throw WriteError(file: path, reason: failure)
        }
        // On disk before it takes the name.
        if synchronizing, fsync(descriptor) != 0 {
            let reason = lastError("cannot flush the temporary file")
            close(descriptor)
            unlink(temporary)
            throw WriteError(file: path, reason: reason)
        }
        close(descriptor)
        defer { unlink(temporary) }  // after a link the temporary name goes; after a rename it is already gone
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw WriteError(file: path, reason: lastError("cannot rename into place"))
            }
        } else if link(temporary, path) != 0 {
            if errno == EEXIST { return false }
            throw WriteError(file: path, reason: lastError("cannot link into place"))
        }
        if synchronizing { synchronizeDirectory(folder.isEmpty ? "/" : folder) }
        return true
    }

    private static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func lastError(_ what: String) -> String { "\(what): \(describe(errno))" }

    private static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
