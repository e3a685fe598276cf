import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The part of the server that lives on one event loop: it accepts connections from its listener,
/// owns the loop's shared read buffer and response encoder, and drives graceful shutdown there.
final class LoopServer: EventLoopClient {
    unowned let loop: EventLoop
    let shared: ServerShared
    private let listener: ListeningSocket
    private var isListening = false
    private var isAcceptingPaused = false
    private(set) var isShuttingDown = false
    private var connectionCount = 0
    private(set) var token: UInt64 = 0

    /// One read buffer for every connection on this loop: a connection copies out only what it cannot
    /// parse at once, so an idle keep-alive connection holds no buffer at all.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var encoder = ResponseEncoder()

    private enum TimerTag {
        static let resumeAccepting: UInt8 = 0
        static let shutdownGraceExpired: UInt8 = 1
    }

    init(loop: EventLoop, listener: ListeningSocket, shared: ServerShared) {
        self.loop = loop
        self.listener = listener
        self.shared = shared
    }

    deinit {
        readBuffer.deallocate()
    }

    func startListening() throws(SystemError) {
        token = try loop.register(listener.fd, interest: .read, client: self)
        isListening = true
    }

    // MARK: Accepting

    func readable() {
        // A bounded batch keeps one loop from starving its connections under a connection storm.
        for _ in 0..<64 where isListening && !isAcceptingPaused {
            let accepted: (fd: Int32, peer: SocketAddress)
            do {
                guard case .processed(let result) = try Socket.accept(listener.fd) else { return }
                accepted = result
            } catch {
                handleAcceptError(error)
                return
            }
            admit(fd: accepted.fd, peer: accepted.peer)
        }
    }

    private func admit(fd: Int32, peer: SocketAddress) {
        let open = shared.openConnections.add(1, ordering: .relaxed).newValue
        let isOverCap = open > shared.maxConnections
        if isOverCap { shared.openConnections.subtract(1, ordering: .relaxed) }
        let connection = HTTPConnection(fd: fd, peer: peer, server: self, isCounted: !isOverCap)
        do {
            try connection.register()
        } catch {
            shared.log("cannot watch a new connection from \(peer): \(error)")
            Socket.close(fd)
            if !isOverCap { shared.openConnections.subtract(1, ordering: .relaxed) }
            return
        }
        connectionCount += 1
        if isOverCap {
            connection.reject(
                status: 503, message: "the server is at its limit of \(shared.maxConnections) connections")
        }
    }

    private func handleAcceptError(_ error: SystemError) {
        switch error.code {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            // Level-triggered: the listener stays readable, so retrying now would spin. Pause instead.
            shared.log("accept failed: \(error); pausing accepts for 100 ms")
            pauseAccepting()
        default:
            // ECONNABORTED, EPROTO, EPERM...: that one connection is lost, the listener is fine.
            shared.log("accept failed: \(error); continuing")
        }
    }

    private func pauseAccepting() {
        isAcceptingPaused = true
        try? loop.setInterest(listener.fd, [])
        loop.schedule(at: loop.now + 100_000_000, token: token, tag: TimerTag.resumeAccepting)
    }

    func writable() {}

    func hangUpOrError() {}

    func timerFired(tag: UInt8) {
        switch tag {
        case TimerTag.resumeAccepting:
            isAcceptingPaused = false
            if isListening { try? loop.setInterest(listener.fd, .read) }
        case TimerTag.shutdownGraceExpired:
            for case let connection as HTTPConnection in loop.registeredClients {
                connection.closeNow()
            }
        default:
            break
        }
    }

    // MARK: Connections and shutdown

    func connectionClosed(wasCounted: Bool) {
        connectionCount -= 1
        if wasCounted { shared.openConnections.subtract(1, ordering: .relaxed) }
        if isShuttingDown && connectionCount == 0 { loop.stop() }
    }

    /// Stops accepting, tells every connection to finish what it is doing and close, and stops the
    /// loop once they have (or when the grace period runs out).
    func beginShutdown() {
        guard !isShuttingDown else { return }
        isShuttingDown = true
        stopListening()
        for case let connection as HTTPConnection in loop.registeredClients {
            connection.beginShutdown()
        }
        if connectionCount == 0 {
            loop.stop()
        } else {
            // The loop's own timer; it stays registered under `token` even though the listener is gone.
            loop.schedule(at: loop.now + shared.shutdownGracePeriod, token: token, tag: TimerTag.shutdownGraceExpired)
        }
    }

    private func stopListening() {
        guard isListening else { return }
        isListening = false
        loop.deregisterKeepingClient(listener.fd)
        listener.release()
    }

    /// Called on the loop's thread after the loop stopped.
    func finish() {
        stopListening()
    }
}
