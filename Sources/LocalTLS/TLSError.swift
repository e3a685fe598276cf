/// Why TLS could not be set up: the library, a certificate or key, or the CA's folder.
package enum TLSError: Error, Equatable, CustomStringConvertible {
    /// OpenSSL 3 could not be loaded; the text says what was tried.
    case libraryMissing(String)
    /// OpenSSL refused an operation (making a key, a certificate, a context); the text is its reason.
    case openSSL(operation: String, reason: String)

    /// What went wrong and, for a missing library, how to install it.
    package var description: String {
        switch self {
        case .libraryMissing(let reason):
            "HTTPS needs OpenSSL 3, which could not be loaded (\(reason)). Install it (Debian and Ubuntu: "
                + "`apt install libssl3`; Fedora: `dnf install openssl-libs`; macOS: `brew install openssl@3`), "
                + "or set MOCKWEATHER_OPENSSL_DIR to the directory that holds libssl and libcrypto. "
                + "Plain HTTP works without it."
        case .openSSL(let operation, let reason):
            "\(operation) failed: \(reason)"
        }
    }
}
