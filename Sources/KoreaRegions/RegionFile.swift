internal import Basics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one of the regions' files, read whole with `open` and `read` (no Foundation): the files
/// are a few megabytes, read once, and raw (no decompression at run time).
enum RegionFile {
    /// Everything in the file at `path`.
    static func read(_ path: String) throws(KoreaRegionsError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missingFile(path: path) }
            throw .unreadable(path: path, reason: FileSystemFacts.describe(errno: code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: FileSystemFacts.describe(errno: errno))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        // The size is a hint: a file that changes while it is read is read to its end all the same; the byte
        // beyond it lets the read that returns 0 come without growing the buffer.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 65_536)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: FileSystemFacts.describe(errno: errno))
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return bytes
            }
            filled += count
        }
    }
}

/// `read(2)`, named apart from ``RegionFile/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
