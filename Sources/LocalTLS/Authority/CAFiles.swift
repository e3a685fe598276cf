import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system steps of the CA's folder, each failure a ``TLSError/fileSystem(path:operation:reason:)``
/// naming the path and the system's reason.
enum CAFiles {
    /// Creates `path` and any missing parent, each new folder with mode 0700 (what the XDG rules ask
    /// for a data folder); a folder that exists is left as it is.
    static func makeFolder(_ path: String) throws(TLSError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                // mkdir applies the umask; set the mode the folder must have.
                _ = chmod(prefix, 0o700)
            } else if errno != EEXIST {
                throw .fileSystem(path: prefix, operation: "create the folder", reason: reason(errno))
            }
        }
        guard FileSystemFacts.isDirectory(atPath: path) else {
            throw .fileSystem(path: path, operation: "use the folder", reason: "it is not a folder")
        }
    }

    /// The permission bits of the file at `path`, or nil when there is none.
    static func mode(of path: String) throws(TLSError) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .fileSystem(path: path, operation: "examine", reason: reason(errno))
        }
        return Int(status.st_mode) & 0o7777
    }

    /// Whether anything is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The whole file at `path`.
    static func read(_ path: String) throws(TLSError) -> [UInt8] {
        do {
            return try WholeFile.read(path)
        } catch {
            throw .fileSystem(path: path, operation: "read", reason: error.reason)
        }
    }

    /// Writes `text` at `path` with exactly `mode`, so that a reader (or a process killed meanwhile) sees
    /// the whole file or none (``AtomicFile``). With `replacing` false, returns false and writes nothing
    /// when `path` exists.
    @discardableResult
    static func write(_ text: String, to path: String, mode: Int, replacing: Bool) throws(TLSError) -> Bool {
        do {
            return try AtomicFile.write(to: path, replacing: replacing, permissions: mode, synchronizing: true) {
                descriptor in
                // open(2) applies the umask; the key file must be 0600 whatever the umask is.
                if fchmod(descriptor, mode_t(mode)) != 0 { return "cannot set the mode: \(reason(errno))" }
                return FileDescriptorWriter.writeAll(Array(text.utf8), to: descriptor).map {
                    "cannot write the temporary file: \(reason($0))"
                }
            }
        } catch {
            throw .fileSystem(path: error.file, operation: "write", reason: error.reason)
        }
    }

    /// Gives `path` the name `destination` (which must not exist yet).
    static func move(_ path: String, to destination: String) throws(TLSError) {
        // link then unlink instead of rename: rename would replace a file already named `destination`.
        guard link(path, destination) == 0 else {
            throw .fileSystem(path: destination, operation: "keep the old CA file as", reason: reason(errno))
        }
        guard unlink(path) == 0 else {
            throw .fileSystem(path: path, operation: "remove", reason: reason(errno))
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath`, which other processes' calls wait for.
    /// The lock goes with the process, so a killed holder never leaves it taken.
    static func withLock<Result>(
        _ lockPath: String, _ body: () throws(TLSError) -> Result
    ) throws(TLSError) -> Result {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .fileSystem(path: lockPath, operation: "open the lock file", reason: reason(errno))
        }
        defer { close(descriptor) }  // closing releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .fileSystem(path: lockPath, operation: "lock", reason: reason(errno))
            }
        }
        return try body()
    }

    private static func reason(_ code: Int32) -> String {
        FileSystemFacts.describe(errno: code)
    }
}
