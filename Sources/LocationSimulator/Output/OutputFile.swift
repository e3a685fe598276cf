import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where encoded fixes go: standard output, or a file written atomically.
///
/// A file is written to a temporary sibling (`.NAME.tmp-PID`) and renamed over `path` by ``commit()``, so
/// readers never see half a GPX document and an interrupted run leaves the previous file in place unless
/// the caller commits what it has. Writes retry short and interrupted `write(2)` calls.
package final class OutputFile {
    private let descriptor: Int32
    /// The path written, or `nil` for standard output.
    package let path: String?
    private let temporaryPath: String?
    private var isClosed = false

    private init(descriptor: Int32, path: String?, temporaryPath: String?) {
        self.descriptor = descriptor
        self.path = path
        self.temporaryPath = temporaryPath
    }

    /// Standard output.
    package static func standardOutput() -> OutputFile {
        OutputFile(descriptor: 1, path: nil, temporaryPath: nil)
    }

    /// A new file at `path`, written to a temporary sibling until ``commit()``.
    ///
    /// - Throws: ``OutputError/cannotCreate(path:reason:)`` when the directory is missing or not writable.
    package static func atomic(path: String) throws(OutputError) -> OutputFile {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: systemErrorText()) }
        return OutputFile(descriptor: descriptor, path: path, temporaryPath: temporary)
    }

    /// Writes the buffer's bytes and empties it.
    ///
    /// - Throws: ``OutputError/closedByReader`` when standard output's reader has gone away (a pipe into
    ///   `head`), ``OutputError/writeFailed(path:reason:)`` for anything else (a full disk).
    package func write(_ buffer: OutputBuffer) throws(OutputError) {
        defer { buffer.removeAll() }
        let failure = buffer.withUnsafeBytes { FileDescriptorWriter.writeAll($0, to: descriptor) }
        guard let failure else { return }
        if failure == EPIPE { throw .closedByReader }
        throw .writeFailed(path: path ?? "standard output", reason: String(cString: strerror(failure)))
    }

    /// Makes the written file visible at its path (flushed to disk first). Does nothing for standard output.
    ///
    /// - Throws: ``OutputError/writeFailed(path:reason:)`` when syncing or renaming fails.
    package func commit() throws(OutputError) {
        guard let path, let temporaryPath, !isClosed else { return }
        isClosed = true
        let synced = fsync(descriptor) == 0
        let syncError = systemErrorText()
        close(descriptor)
        guard synced else {
            unlink(temporaryPath)
            throw .writeFailed(path: path, reason: syncError)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = systemErrorText()
            unlink(temporaryPath)
            throw .writeFailed(path: path, reason: reason)
        }
    }

    /// Throws away an uncommitted file. Does nothing for standard output or after ``commit()``.
    package func discard() {
        guard let temporaryPath, !isClosed else { return }
        isClosed = true
        close(descriptor)
        unlink(temporaryPath)
    }

    deinit {
        discard()
    }
}

/// Why output could not be written.
public enum OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output file could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing, syncing or renaming failed.
    case writeFailed(path: String, reason: String)
    /// Standard output is a pipe whose reader has exited; not a failure of this program.
    case closedByReader

    /// A message naming the file and the system's reason.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        case .closedByReader: "standard output was closed by its reader"
        }
    }
}

/// The text of the current `errno`.
func systemErrorText() -> String {
    String(cString: strerror(errno))
}
