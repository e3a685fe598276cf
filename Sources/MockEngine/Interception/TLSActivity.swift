import Basics
import Locking

/// Proof of arrival for HTTPS: per host, how many tunnels were opened, how many handshakes completed
/// and failed, and the last failure in words; `/__admin/health` and the dashboard show it.
package final class TLSActivity: Sendable {
    /// One host's counts.
    package struct HostCounts: Sendable, Equatable {
        /// `CONNECT`s answered with a tunnel (for direct TLS: connections that opened with a handshake).
        package var tunnels = 0
        /// Handshakes that completed.
        package var handshakes = 0
        /// Handshakes that failed (the client refused the certificate, closed, or did not speak TLS).
        package var failures = 0
        /// The last failure, as logged.
        package var lastFailure: String?
    }

    private let counts = Locked<[String: HostCounts]>([:])
    /// Called after every change (the dashboard's live feed).
    private let onChange: @Sendable (TLSActivity) -> Void

    /// An empty record; `onChange` runs after each change.
    package init(onChange: @escaping @Sendable (TLSActivity) -> Void = { _ in }) {
        self.onChange = onChange
    }

    /// Every host's counts, by host.
    package var snapshot: [String: HostCounts] { counts.withLock { $0 } }

    func tunnelOpened(for host: String) { change(host) { $0.tunnels += 1 } }
    func handshakeCompleted(for host: String) { change(host) { $0.handshakes += 1 } }
    func handshakeFailed(for host: String, _ explanation: String) {
        change(host) {
            $0.failures += 1
            $0.lastFailure = explanation
        }
    }

    private func change(_ host: String, _ body: (inout HostCounts) -> Void) {
        counts.withLock { body(&$0[host, default: HostCounts()]) }
        onChange(self)
    }

    /// The health document's `tls` member: totals and each host, sorted by name.
    var json: JSONValue {
        let all = snapshot
        let hosts: [JSONValue] = all.sorted { $0.key < $1.key }.map { host, counts in
            var members: [(String, JSONValue)] = [
                ("host", .string(host)), ("tunnels", .number(counts.tunnels)),
                ("handshakes", .number(counts.handshakes)), ("failures", .number(counts.failures)),
            ]
            if let failure = counts.lastFailure { members.append(("lastFailure", .string(failure))) }
            return .object(members)
        }
        return .object([
            ("tunnels", .number(all.values.reduce(0) { $0 + $1.tunnels })),
            ("handshakes", .number(all.values.reduce(0) { $0 + $1.handshakes })),
            ("failures", .number(all.values.reduce(0) { $0 + $1.failures })),
            ("hosts", .array(hosts)),
        ])
    }
}
