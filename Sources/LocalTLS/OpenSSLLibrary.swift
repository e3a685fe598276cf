import COpenSSL

/// OpenSSL 3, opened at run time the first time TLS is needed (``load()``); plain HTTP never opens it.
///
/// Linux uses the system's `libssl.so.3`; macOS uses Homebrew's or MacPorts' `openssl@3` (its own
/// `/usr/lib/libssl` is never loaded); `MOCKWEATHER_OPENSSL_DIR` names another directory that holds
/// both libraries.
package enum OpenSSLLibrary {
    /// Loads OpenSSL once per process; later calls return the first outcome at once.
    ///
    /// - Throws: ``TLSError/libraryMissing(_:)`` naming what was tried and how to install it.
    package static func load() throws(TLSError) {
        var reason = [CChar](repeating: 0, count: 1024)
        guard mwt_load(&reason, reason.count) == 0 else {
            throw .libraryMissing(CText.string(reason))
        }
    }

    /// Whether OpenSSL 3 could be loaded.
    package static var isAvailable: Bool { (try? load()) != nil }

    /// The loaded library's path and version text (`OpenSSL 3.0.19 27 Jan 2026`), nil when it is absent.
    package static var description: (path: String, version: String)? {
        guard isAvailable else { return nil }
        var path = [CChar](repeating: 0, count: 512)
        var version = [CChar](repeating: 0, count: 256)
        mwt_library_description(&path, path.count, &version, version.count)
        return (CText.string(path), CText.string(version))
    }
}

/// Turns the shim's NUL-terminated buffers into Swift strings.
enum CText {
    /// The text of `buffer` up to its first NUL (all of it when there is none), decoded as UTF-8.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
