import Foundation
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-behaviour HTTP server on 127.0.0.1 and a free port, for checking what the real
/// URLSession transport makes of answers and faults. Each connection reads the request head,
/// then acts out the behaviour; `stop()` closes everything and joins the accept thread.
final class LoopbackServer: Sendable {
    enum Behaviour: Sendable {
        /// Write these bytes, then close.
        case respond(String)
        /// Read the request and never answer until the server stops.
        case hang
        /// Close without writing anything.
        case closeWithoutResponse
        /// Close with a TCP reset (SO_LINGER 0).
        case reset
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let open = Locked<[Int32]>([])
    private let finished = Locked<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        #if canImport(Glibc)
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = listener
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw Failure(description: "bind/listen failed: errno \(errno)")
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Closes the listener and every connection, and waits for the accept thread to end.
    func stop() {
        let alreadyStopped = finished.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock that `serve` closes under: a descriptor it closed may already be another
        // test's socket, which must never be shut down from here.
        open.withLock { connections in
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        done.wait()
        close(listener)
    }

    private func acceptLoop() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if finished.withLock({ $0 }) {
                close(connection)
                return
            }
            open.withLock { $0.append(connection) }
            serve(connection)
        }
    }

    private func serve(_ connection: Int32) {
        readHead(connection)
        switch behaviour {
        case .respond(let text):
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
        case .hang:
            var byte: UInt8 = 0
            _ = recv(connection, &byte, 1, 0)  // returns when the client goes away or stop() shuts us down
        case .closeWithoutResponse:
            break
        case .reset:
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
        open.withLock { connections in
            connections.removeAll { $0 == connection }
            close(connection)
        }
    }

    private func readHead(_ connection: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
        }
    }
}
