import Synchronization

/// What every event loop of one server shares: the handler, the limits (pre-converted to
/// nanoseconds), the log, and the count of open connections. Immutable apart from that atomic count.
final class ServerShared: Sendable {
    let handler: any HTTPHandler
    let limits: HTTPLimits
    let log: @Sendable (String) -> Void
    let openConnections = Atomic<Int>(0)
    /// Serves connections that open with a TLS handshake (``HTTPServerConfiguration/directTLS``).
    let directTLS: (any TLSServerContext)?

    let headerReadTimeout: UInt64
    let idleTimeout: UInt64
    let sendStallTimeout: UInt64
    let lingerTimeout: UInt64
    let shutdownGracePeriod: UInt64
    let maxConnections: Int

    init(
        handler: any HTTPHandler, limits: HTTPLimits, log: @escaping @Sendable (String) -> Void,
        directTLS: (any TLSServerContext)? = nil
    ) {
        self.handler = handler
        self.directTLS = directTLS
        self.limits = limits
        self.log = log
        // A zero timeout would close connections before they could say anything; 1 ms is the floor.
        headerReadTimeout = max(1_000_000, limits.headerReadTimeout.clampedNanoseconds)
        idleTimeout = max(1_000_000, limits.idleTimeout.clampedNanoseconds)
        sendStallTimeout = max(1_000_000, limits.sendStallTimeout.clampedNanoseconds)
        lingerTimeout = max(1_000_000, limits.lingerTimeout.clampedNanoseconds)
        shutdownGracePeriod = limits.shutdownGracePeriod.clampedNanoseconds
        maxConnections = max(1, limits.maxConnections)
    }
}

/// A listening socket, possibly watched by several event loops (Darwin shares one); closed when the
/// last loop lets go of it, so new connections are refused as soon as no loop will accept them.
final class ListeningSocket: Sendable {
    let fd: Int32
    private let users: Atomic<Int>

    init(fd: Int32, users: Int) {
        self.fd = fd
        self.users = Atomic(users)
    }

    func release() {
        if users.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            Socket.close(fd)
        }
    }
}
