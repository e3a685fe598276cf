import COpenSSL
package import HTTPServer

/// What the mock presents to a TLS client for a set of hosts: a leaf certificate, its key and the CA
/// above it, as one OpenSSL context every session for those hosts is made from.
package final class OpenSSLServerContext: TLSServerContext, @unchecked Sendable {
    // @unchecked: the OpenSSL context is immutable once made and OpenSSL makes sessions from it on
    // any thread; the certificates are immutable classes.
    private let pointer: OpaquePointer
    /// The leaf presented.
    package let certificate: Certificate
    private let key: PrivateKey
    private let chain: Certificate?

    /// A context presenting `certificate` (whose private half is `key`), followed by `chain`.
    ///
    /// - Throws: ``TLSError`` when OpenSSL is missing or refuses the pair.
    package init(certificate: Certificate, key: PrivateKey, chain: Certificate?) throws(TLSError) {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        guard
            let made = mwt_server_context_new(certificate.handle, key.handle, chain?.handle, &error, error.count)
        else { throw .openSSL(operation: "making the TLS server context", reason: failureText(error)) }
        pointer = made
        self.certificate = certificate
        self.key = key
        self.chain = chain
    }

    deinit { mwt_server_context_free(pointer) }

    package func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession {
        var error = [CChar](repeating: 0, count: 512)
        guard let session = mwt_session_accept(pointer, descriptor, &error, error.count) else {
            throw TLSFailure(.unavailable, failureText(error))
        }
        return OpenSSLSession(pointer: session, owner: self)
    }

    /// A session over memory (``OpenSSLSession/feed(_:)`` and ``OpenSSLSession/drain()``), for fuzzing
    /// and tests.
    package func makeMemorySession() throws(TLSFailure) -> OpenSSLSession {
        var error = [CChar](repeating: 0, count: 512)
        guard let session = mwt_session_accept_in_memory(pointer, &error, error.count) else {
            throw TLSFailure(.unavailable, failureText(error))
        }
        return OpenSSLSession(pointer: session, owner: self)
    }

    /// Nothing to do: whoever serves the context observes handshakes by wrapping it.
    package func handshakeCompleted(_ handshake: TLSHandshake, peer: String) {}

    /// Nothing to do: whoever serves the context observes handshakes by wrapping it.
    package func handshakeFailed(_ failure: TLSFailure, peer: String) {}
}

/// What a TLS client trusts: one CA certificate; the peer must present a chain to it naming the host.
package final class OpenSSLClientContext: @unchecked Sendable {
    // @unchecked: immutable once made, as the server context.
    private let pointer: OpaquePointer
    private let authority: Certificate

    /// A client context that trusts `authority` alone.
    package init(trusting authority: Certificate) throws(TLSError) {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        guard let made = mwt_client_context_new(authority.handle, &error, error.count) else {
            throw .openSSL(operation: "making the TLS client context", reason: failureText(error))
        }
        pointer = made
        self.authority = authority
    }

    deinit { mwt_client_context_free(pointer) }

    /// A client session on `descriptor` (blocking or not, as the socket is) that asks for `host`.
    package func makeSession(on descriptor: Int32, host: String) throws(TLSFailure) -> OpenSSLSession {
        var error = [CChar](repeating: 0, count: 512)
        guard let session = mwt_session_connect(pointer, descriptor, host, &error, error.count) else {
            throw TLSFailure(.unavailable, failureText(error))
        }
        return OpenSSLSession(pointer: session, owner: self)
    }

    /// A client session over memory, the counterpart of ``OpenSSLServerContext/makeMemorySession()``.
    package func makeMemorySession(host: String) throws(TLSFailure) -> OpenSSLSession {
        var error = [CChar](repeating: 0, count: 512)
        guard let session = mwt_session_connect_in_memory(pointer, host, &error, error.count) else {
            throw TLSFailure(.unavailable, failureText(error))
        }
        return OpenSSLSession(pointer: session, owner: self)
    }
}
