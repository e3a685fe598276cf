import Synchronization

/// An HTTP/1.1 server on POSIX sockets: non-blocking I/O on one event loop per core, hardened against
/// malformed and hostile clients (see ``HTTPLimits``), with deliberate faults for testing clients.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), handler: HTTPHandlerFunction { request in
///     .respond(HTTPResponse(text: "hello"))
/// })
/// let port = try server.start()
/// // ...
/// await server.stop()
/// ```
public final class HTTPServer: Sendable {
    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let state = Mutex(State.idle)

    private enum State {
        case idle
        case running(port: Int)
        case stopped
    }

    /// Creates a server; nothing is bound until ``start()``.
    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Binds the configured host and port, starts the event loops and returns the bound port (the
    /// chosen one when the configured port is 0). Requests are served from the moment it returns.
    ///
    /// - Throws: ``HTTPServerError`` if the port is invalid, the host does not resolve, the address is
    ///   in use, or event loops cannot be created; nothing is left running then.
    public func start() throws -> Int {
        throw HTTPServerError.eventLoopUnavailable(reason: "not implemented yet")
    }

    /// The bound port while the server runs; `nil` before ``start()`` and after ``stop()``.
    public var port: Int? {
        state.withLock { state in
            if case .running(let port) = state { port } else { nil }
        }
    }

    /// Stops accepting connections, lets in-flight requests finish (up to
    /// ``HTTPLimits/shutdownGracePeriod``), closes idle and hanging connections, and returns when every
    /// connection is closed and every event-loop thread has finished. Calling it before ``start()``,
    /// or more than once, returns at once.
    public func stop() async {
        state.withLock { $0 = .stopped }
    }
}
