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

/// Questions about the file system and its errors that the modules `mockweather serve` links answer
/// without Foundation's `FileManager` and `localizedDescription`, which live outside
/// FoundationEssentials (docs/ARCHITECTURE.md#foundation-essentials).
package enum FileSystemFacts {
    /// Whether `path` names a directory, following symbolic links.
    package static func isDirectory(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The C library's words for `errno` value `code`: "No such file or directory".
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// What went wrong in `error` from a file operation, in the C library's words where it carries
    /// an `errno` ("No such file or directory"), else as the error describes itself.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return describe(errno: underlying.code.rawValue)
        }
        if let error = error as? POSIXError { return describe(errno: error.code.rawValue) }
        return String(describing: error)
    }

    /// The absolute path of the running executable as the kernel knows it (symbolic links resolved),
    /// or nil where it cannot be found.
    package static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let real = realpath(buffer, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
        #else
        return nil
        #endif
    }
}
