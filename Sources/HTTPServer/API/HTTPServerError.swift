/// Why ``HTTPServer/start()`` could not start the server.
package enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// `start()` was called on a server that is already running or has been stopped.
    case alreadyStarted
    /// The configuration's port is outside 0...65535.
    case invalidPort(Int)
    /// The host is neither an IP literal nor a name that resolves to one.
    case unresolvableHost(String, reason: String)
    /// A system call needed to listen failed (for example `bind` with `EADDRINUSE`).
    case listenFailed(host: String, port: Int, reason: String)
    /// Event-loop resources (epoll/kqueue, wake-up descriptors, threads) could not be created.
    case eventLoopUnavailable(reason: String)

    /// A message saying what was expected, what was found, and where.
    package var description: String {
        switch self {
        case .alreadyStarted:
            "HTTPServer.start(): the server was already started (a server starts once; create a new one)"
        case .invalidPort(let port):
            "HTTPServer configuration: port must be 0...65535 (0 picks a free port), found \(port)"
        case .unresolvableHost(let host, let reason):
            "HTTPServer configuration: host '\(host)' is not an IP address or resolvable name: \(reason)"
        case .listenFailed(let host, let port, let reason):
            "HTTPServer: cannot listen on \(host) port \(port): \(reason)"
        case .eventLoopUnavailable(let reason):
            "HTTPServer: cannot create event loops: \(reason)"
        }
    }
}
