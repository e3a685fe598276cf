#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a scenario file whole, refusing it by its size before a byte is read when it is over the
/// limit (a log or a dump saved as `*.json` must not cost its size in memory), and never blocking on
/// what is not a regular file (a FIFO would wait for a writer forever).
enum ScenarioFileReader {
    /// Why a file was not read.
    enum Failure: Error {
        /// A system error (`errno`).
        case system(Int32)
        /// Not a regular file; what it is.
        case notRegularFile(String)
        /// Larger than the limit; its size as far as it was read.
        case tooLarge(Int64)
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func read(_ path: String, atMost limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(.notRegularFile(status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"))
        }
        guard Int64(status.st_size) <= Int64(limit) else { return .failure(.tooLarge(Int64(status.st_size))) }
        // One byte more than the limit, so a file that grew after `fstat` is caught by what was read.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                systemRead(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                return .failure(.system(errno))
            }
        }
        guard count <= limit else { return .failure(.tooLarge(Int64(count))) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The C library's words for `code`.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
