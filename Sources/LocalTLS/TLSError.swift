/// Why TLS could not be set up: the library, a certificate or key, or the CA's folder.
package enum TLSError: Error, Equatable, CustomStringConvertible {
    /// OpenSSL 3 could not be loaded; the text says what was tried.
    case libraryMissing(String)
    /// OpenSSL refused an operation (making a key, a certificate, a context); the text is its reason.
    case openSSL(operation: String, reason: String)

    // The local certificate authority's folder and files (Authority/).
    /// No folder for the CA could be chosen (no `HOME`, say); the text says what is missing.
    case noAuthorityFolder(String)
    /// A file or folder of the CA could not be read, created or written.
    case fileSystem(path: String, operation: String, reason: String)
    /// A file holds no PEM certificate or key OpenSSL can read.
    case unreadablePEM(file: String, reason: String)
    /// The CA's private key file may be read or written by its group or by others (`mode` is its
    /// permission bits).
    case keyFileExposed(file: String, mode: Int)
    /// The CA's key file holds a key that is not the certificate's.
    case keyMismatch(key: String, certificate: String)
    /// The CA's certificate file holds a certificate that is not a CA.
    case notAnAuthority(file: String)
    /// The CA's certificate expired at `notAfter` (UTC).
    case authorityExpired(file: String, notAfter: String)
    /// One file of the CA's pair is there without the other.
    case authorityIncomplete(present: String, missing: String)
    /// A host that cannot be named in a certificate.
    case invalidHost(String, reason: String)

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
        case .noAuthorityFolder(let reason):
            "no folder for the local CA: \(reason); set MOCKWEATHER_CA_DIR (or give --ca-dir DIR)"
        case .fileSystem(let path, let operation, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .unreadablePEM(let file, let reason):
            "\(file) is not a readable PEM file (\(reason)); restore it, or make a new CA with `mockweather ca rotate` "
                + "(the old one must then be untrusted)"
        case .keyFileExposed(let file, let mode):
            "\(file) may be read or written by others (mode \(String(mode, radix: 8))): the CA's private key must be "
                + "yours alone. Fix it with `chmod 600 \(TrustInstructions.shellQuoted(file))`, or make a new CA with "
                + "`mockweather ca rotate` if anyone may have copied it"
        case .keyMismatch(let key, let certificate):
            "\(key) is not the private key of \(certificate); restore the right key, or make a new CA with "
                + "`mockweather ca rotate` (the old one must then be untrusted)"
        case .notAnAuthority(let file):
            "\(file) is not a CA certificate (no basicConstraints CA:TRUE); make a new CA with `mockweather ca rotate`"
        case .authorityExpired(let file, let notAfter):
            "the local CA in \(file) expired at \(notAfter); make a new one with `mockweather ca rotate`, then "
                + "remove the old one's trust and trust the new one (`mockweather ca trust`)"
        case .authorityIncomplete(let present, let missing):
            "\(present) is there but \(missing) is missing; restore it, or make a new CA with `mockweather ca rotate` "
                + "(the old one must then be untrusted)"
        case .invalidHost(let host, let reason):
            "cannot issue a certificate for '\(host)': \(reason)"
        }
    }
}
