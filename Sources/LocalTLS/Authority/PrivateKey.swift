import COpenSSL

/// A private key (ECDSA P-256 when made here), owning OpenSSL's `EVP_PKEY`.
///
/// Immutable once made, so one value may be used from any thread: by the CA to sign, and by the TLS
/// sessions that present a leaf (``handle`` goes to `mwt_server_context_new`).
package final class PrivateKey: @unchecked Sendable {
    // @unchecked: the pointer is never mutated after it is made, and OpenSSL's keys may be read and
    // used for signing from several threads at once.
    /// The shim's `mwt_key *`, freed when the value is released.
    package let handle: OpaquePointer

    /// Takes ownership of a key the shim made.
    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { mwt_key_free(handle) }

    /// A new ECDSA P-256 key: accepted by Apple's platforms and every browser, and small.
    ///
    /// - Throws: ``TLSError/libraryMissing(_:)`` without OpenSSL, ``TLSError/openSSL(operation:reason:)``
    ///   when it refuses.
    package static func generate() throws(TLSError) -> PrivateKey {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        guard let key = mwt_key_generate(&error, error.count) else {
            throw .openSSL(operation: "generating an ECDSA P-256 key", reason: CText.string(error))
        }
        return PrivateKey(taking: key)
    }

    /// Reads an unencrypted PEM private key (PKCS#8 `BEGIN PRIVATE KEY`, or the older `BEGIN EC PRIVATE
    /// KEY`). An encrypted key is refused, never prompted for.
    ///
    /// - Throws: ``TLSError/openSSL(operation:reason:)`` with OpenSSL's reason when `pem` holds no key.
    package convenience init(pem: [UInt8]) throws(TLSError) {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        let key = pem.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { mwt_key_read_pem($0.baseAddress, $0.count, &error, error.count) }
        }
        guard let key else { throw .openSSL(operation: "reading a PEM private key", reason: CText.string(error)) }
        self.init(taking: key)
    }

    /// The key as unencrypted PKCS#8 PEM text, to be stored only where no one else can read it.
    package var pem: String {
        get throws(TLSError) {
            var length = 0
            guard let text = mwt_key_pem(handle, &length) else {
                throw .openSSL(operation: "writing the private key as PEM", reason: "OpenSSL could not encode it")
            }
            defer { mwt_free(text) }
            return CText.string(pointer: text, length: length)
        }
    }
}
