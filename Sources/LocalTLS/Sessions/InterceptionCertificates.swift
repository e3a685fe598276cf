package import HTTPServer
import Locking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The certificates the mock serves HTTPS with: the local CA (in the user's folder, made there on
/// first use) and, per host, a leaf it issues in memory the first time a tunnel to that host opens.
/// Nothing is read, made or written until the first tunnel or direct TLS connection needs it, so a
/// server that never sees HTTPS never touches the CA's folder or OpenSSL.
package final class InterceptionCertificates: TLSContextProvider {
    private let folder: CAFolder
    private let now: @Sendable () -> Date
    private let state = Locked<State>(State())

    private struct State {
        var authority: CertificateAuthority?
        var contexts: [String: OpenSSLServerContext] = [:]
    }

    /// Certificates from the CA in `folder`; `now` dates the leaves (tests inject it).
    package init(folder: CAFolder, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = folder
        self.now = now
    }

    package var authorityLocation: String? { folder.certificatePath }

    /// The CA, loaded or made on first use.
    package func authority() throws(TLSError) -> CertificateAuthority {
        try state.withLock { state throws(TLSError) -> CertificateAuthority in
            if let authority = state.authority { return authority }
            let authority = try CertificateAuthority.loadOrCreate(in: folder, now: now())
            state.authority = authority
            return authority
        }
    }

    package func context(forHost host: String) throws(TLSFailure) -> any TLSServerContext {
        try context(for: [host])
    }

    package func directContext(forHosts hosts: [String]) throws(TLSFailure) -> any TLSServerContext {
        try context(for: hosts)
    }

    private func context(for hosts: [String]) throws(TLSFailure) -> OpenSSLServerContext {
        let key = hosts.joined(separator: " ")
        if let cached = state.withLock({ $0.contexts[key] }) { return cached }
        do {
            let authority = try authority()
            let leaf = try authority.issueLeaf(for: hosts, now: now())
            let context = try OpenSSLServerContext(
                certificate: leaf.certificate, key: leaf.key, chain: authority.certificate)
            // Two first tunnels at once may both issue a leaf; the first one stored is kept.
            return state.withLock { state in
                if let stored = state.contexts[key] { return stored }
                state.contexts[key] = context
                return context
            }
        } catch {
            throw TLSFailure(.unavailable, error.description)
        }
    }
}
