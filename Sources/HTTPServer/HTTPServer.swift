import Locking

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
package final class HTTPServer: Sendable {
    private let configuration: HTTPServerConfiguration
    private let shared: ServerShared
    private let state = Locked(State.idle)

    private enum State {
        case idle
        case running(port: Int, loops: [RunningLoop], latch: CompletionLatch)
        case stopping(latch: CompletionLatch)
        case stopped
    }

    /// What `stop()` needs to reach one loop: its inbox and the token of its `LoopServer`.
    private struct RunningLoop: Sendable {
        var handle: EventLoopHandle
        var serverToken: UInt64
    }

    /// Creates a server; nothing is bound until ``start()``.
    package init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        shared = ServerShared(
            handler: handler, limits: configuration.limits, log: configuration.log, directTLS: configuration.directTLS)
    }

    /// Binds the configured host and port, starts the event loops and returns the bound port (the
    /// chosen one when the configured port is 0). Requests are served from the moment it returns.
    ///
    /// - Throws: ``HTTPServerError`` if the server was started before, the port is invalid, the host
    ///   does not resolve, the address is in use, or event loops cannot be created; nothing is left
    ///   running then.
    package func start() throws -> Int {
        try state.withLock { state throws(HTTPServerError) -> Int in
            guard case .idle = state else { throw .alreadyStarted }
            let (port, loops, latch) = try launch()
            state = .running(port: port, loops: loops, latch: latch)
            return port
        }
    }

    private func launch() throws(HTTPServerError) -> (Int, [RunningLoop], CompletionLatch) {
        ignoreBrokenPipeSignal()
        let host = configuration.host
        guard (0...65535).contains(configuration.port) else { throw .invalidPort(configuration.port) }
        var address = try SocketAddress(host: host, port: configuration.port)
        let loopCount = max(1, configuration.eventLoopCount)

        let listeners: [ListeningSocket]
        do {
            listeners = try Self.makeListeners(address: &address, count: loopCount)
        } catch {
            throw .listenFailed(host: host, port: configuration.port, reason: error.description)
        }
        var prepared: [(EventLoop, LoopServer)] = []
        do {
            for index in 0..<loopCount {
                let descriptors = try SelectorDescriptors.make()
                let loop = EventLoop(handle: EventLoopHandle(descriptors: descriptors), clock: configuration.clock)
                let server = LoopServer(
                    loop: loop, listener: listeners[min(index, listeners.count - 1)], shared: shared)
                prepared.append((loop, server))
                try server.startListening()
            }
        } catch {
            for (loop, server) in prepared {
                server.finish()
                loop.run(stoppingAtOnce: true)
            }
            for index in prepared.count..<loopCount {
                listeners[min(index, listeners.count - 1)].release()
            }
            throw .eventLoopUnavailable(reason: error.description)
        }

        let latch = CompletionLatch(count: loopCount)
        var running: [RunningLoop] = []
        for (index, (loop, server)) in prepared.enumerated() {
            do {
                try startThread(name: "http-loop-\(index)") {
                    loop.run()
                    server.finish()
                    latch.arrive()
                }
            } catch {
                // Undo: loops already running shut down on their threads, the rest right here.
                for started in running {
                    let token = started.serverToken
                    started.handle.execute { ($0.client(for: token) as? LoopServer)?.beginShutdown() }
                }
                for (loop, server) in prepared[index...] {
                    server.finish()
                    loop.run(stoppingAtOnce: true)
                }
                throw error
            }
            running.append(RunningLoop(handle: loop.handle, serverToken: server.token))
        }
        return (address.port, running, latch)
    }

    /// Linux: one `SO_REUSEPORT` listener per loop, so the kernel spreads connections without a shared
    /// accept queue. Darwin (where `SO_REUSEPORT` does not balance): one listener every loop watches.
    private static func makeListeners(address: inout SocketAddress, count: Int) throws(SystemError) -> [ListeningSocket]
    {
        #if os(Linux)
        // An explicit port is probed without SO_REUSEPORT first, so a port another process already
        // serves is reported as in use instead of being silently shared. Port 0 needs no probe: the
        // kernel never hands out a port in use, and the first listener holds it while the others join
        // (a probe closed before they bind could let another server pick the same port meanwhile).
        if address.port != 0 {
            Socket.close(try Socket.makeListener(address: address, reusePort: false, backlog: 1))
        }
        var sockets: [ListeningSocket] = []
        do {
            for _ in 0..<count {
                let fd = try Socket.makeListener(address: address, reusePort: true, backlog: 1024)
                sockets.append(ListeningSocket(fd: fd, users: 1))
                if address.port == 0 { address.port = try Socket.localAddress(fd).port }
            }
        } catch {
            for socket in sockets { socket.release() }
            throw error
        }
        return sockets
        #else
        let fd = try Socket.makeListener(address: address, reusePort: false, backlog: 1024)
        address.port = try Socket.localAddress(fd).port
        return [ListeningSocket(fd: fd, users: count)]
        #endif
    }

    /// The bound port while the server runs; `nil` before ``start()`` and once ``stop()`` began.
    package var port: Int? {
        state.withLock { state in
            if case .running(let port, _, _) = state { port } else { nil }
        }
    }

    /// Wakes every event loop so it reads its clock and fires the timers that came due: what an
    /// injected ``ServerClock`` calls after it jumps ahead. Does nothing unless the server runs.
    package func wakeEventLoops() {
        let loops: [RunningLoop] = state.withLock { state in
            if case .running(_, let loops, _) = state { loops } else { [] }
        }
        for loop in loops {
            loop.handle.execute { _ in }
        }
    }

    /// Stops accepting connections, lets in-flight requests finish (up to
    /// ``HTTPLimits/shutdownGracePeriod``), closes idle and hanging connections, and returns when every
    /// connection is closed and every event-loop thread has finished. Calling it before ``start()``
    /// makes the server unusable and returns at once; calling it again waits for the same shutdown.
    package func stop() async {
        let latch: CompletionLatch? = state.withLock { state in
            switch state {
            case .idle, .stopped:
                state = .stopped
                return nil
            case .stopping(let latch):
                return latch
            case .running(_, let loops, let latch):
                state = .stopping(latch: latch)
                for loop in loops {
                    let token = loop.serverToken
                    loop.handle.execute { eventLoop in
                        (eventLoop.client(for: token) as? LoopServer)?.beginShutdown()
                    }
                }
                return latch
            }
        }
        guard let latch else { return }
        await latch.wait()
        state.withLock { $0 = .stopped }
    }
}
