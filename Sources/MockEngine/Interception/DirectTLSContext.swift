package import HTTPServer
import Locking

/// `--tls`: HTTPS on the server's own port for connections that open with a handshake, presenting one
/// certificate for every name a client may use to reach the mock (loopback names and addresses, the
/// bound address, the APIs' hosts, `--tls-host` and `--allow-host` names). The certificate is made by
/// ``prepare()`` before the server starts, so a missing OpenSSL or an unusable CA stops start-up
/// with its reason rather than failing each connection.
package final class DirectTLSContext: TLSServerContext {
    private let certificates: any TLSContextProvider
    /// The names the certificate carries.
    package let hosts: [String]
    private let activity: TLSActivity
    private let diagnostics: @Sendable (String) -> Void
    private let prepared = Locked<(any TLSServerContext)?>(nil)

    init(
        certificates: any TLSContextProvider, hosts: [String], activity: TLSActivity,
        diagnostics: @escaping @Sendable (String) -> Void
    ) {
        self.certificates = certificates
        self.hosts = hosts
        self.activity = activity
        self.diagnostics = diagnostics
    }

    /// Makes (or reads) the CA and issues the certificate now.
    ///
    /// - Throws: ``TLSFailure`` saying why HTTPS cannot be served (OpenSSL missing, the CA refused).
    package func prepare() throws(TLSFailure) {
        _ = try context()
    }

    private func context() throws(TLSFailure) -> any TLSServerContext {
        if let context = prepared.withLock({ $0 }) { return context }
        let context = try certificates.directContext(forHosts: hosts)
        prepared.withLock { $0 = context }
        return context
    }

    package func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession {
        let session = try context().makeSession(on: descriptor)
        activity.tunnelOpened(for: Self.label)
        return session
    }

    package func handshakeCompleted(_ handshake: TLSHandshake, peer: String) {
        activity.handshakeCompleted(for: Self.label)
    }

    package func handshakeFailed(_ failure: TLSFailure, peer: String) {
        let explanation = ObservedTLSContext.explain(
            failure, host: Self.label, caLocation: certificates.authorityLocation)
        activity.handshakeFailed(for: Self.label, explanation)
        diagnostics("TLS handshake on the mock's own port from \(peer) failed: \(explanation)")
    }

    /// How `/__admin/health` lists direct HTTPS connections among the tunnels' hosts.
    static let label = "(direct --tls)"
}

extension TunnelGate {
    /// The context for `--tls`, naming `extraHosts` beside the loopback names and every host a tunnel
    /// may be opened for; nil when interception is off.
    package func directContext(extraHosts: [String]) -> DirectTLSContext? {
        guard let certificates else { return nil }
        var names = ["localhost", "127.0.0.1", "::1"]
        for host in extraHosts + hosts.sorted() where !names.contains(host) { names.append(host) }
        return DirectTLSContext(certificates: certificates, hosts: names, activity: activity, diagnostics: diagnostics)
    }
}
