#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A resource file read whole with `open` and `read` (no Foundation, no copy through `Data`): the
/// gazetteer's and Korea's regions' files, a few megabytes each, read once.
package enum WholeFile {
    /// Why a file could not be read.
    package struct Failure: Error, Sendable, Hashable {
        /// Whether there is no file at the path.
        package var isMissing: Bool
        /// What went wrong, as the system says it (`No such file or directory`) or `not a regular file`.
        package var reason: String
    }

    /// Everything in the file at `path`.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(isMissing: code == ENOENT, reason: FileSystemFacts.describe(errno: code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(isMissing: false, reason: FileSystemFacts.describe(errno: errno))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(isMissing: false, reason: "not a regular file") }
        // The size is a hint: a file that grows or shrinks while it is read is read to its end all the same;
        // the byte beyond it lets the first read that returns 0 come without growing the buffer.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 65_536)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(isMissing: false, reason: FileSystemFacts.describe(errno: errno))
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return bytes
            }
            filled += count
        }
    }
}

/// `read(2)`, named apart from ``WholeFile/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
