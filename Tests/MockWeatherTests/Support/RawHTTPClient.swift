import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately simple blocking HTTP/1.1 client over a raw socket, to see faults exactly as a
/// client does: the bytes that arrived, and how the connection ended.
struct RawHTTPClient {
    enum Ending: Equatable {
        /// The server closed the connection (FIN).
        case closed
        /// The connection was reset (ECONNRESET).
        case reset
        /// Nothing more arrived within the read timeout.
        case timedOut
    }

    struct Exchange {
        var bytes: [UInt8]
        var ending: Ending
        var text: String { String(decoding: bytes, as: UTF8.self) }
        var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
        var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
    }

    var port: Int
    var readTimeoutMilliseconds = 2_000

    /// Sends `GET target` with `Connection: close` and reads until the connection ends or times out.
    func get(_ target: String) throws -> Exchange {
        let descriptor = try Self.connectedSocket(port: port, readTimeoutMilliseconds: readTimeoutMilliseconds)
        defer { close(descriptor) }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 {
                return Exchange(bytes: received, ending: .closed)
            } else if errno == EINTR {
                continue
            } else if errno == ECONNRESET {
                return Exchange(bytes: received, ending: .reset)
            } else {
                return Exchange(bytes: received, ending: .timedOut)
            }
        }
    }

    /// A TCP connection to 127.0.0.1:`port` whose reads give up after the timeout (a safety net, so a
    /// server bug fails a test instead of hanging it).
    static func connectedSocket(port: Int, readTimeoutMilliseconds: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var timeout = timeval()
        timeout.tv_sec = .init(readTimeoutMilliseconds / 1000)
        timeout.tv_usec = .init(readTimeoutMilliseconds % 1000 * 1000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }
}

/// A response followed as it arrives (the admin API's server-sent events): one request, then reads
/// that block until the text received so far contains what the test waits for. Use it off Swift
/// concurrency's cooperative threads (``offTheCooperativePool(_:)``): the server's own tasks need them.
final class RawHTTPStream: @unchecked Sendable {
    // Used from one test at a time, each read after the last: never from two threads at once.
    private let descriptor: Int32
    private(set) var received = ""

    init(
        port: Int, method: String = "GET", target: String, headers: [String] = [], body: String = "",
        readTimeoutMilliseconds: Int = 10_000
    ) throws {
        descriptor = try RawHTTPClient.connectedSocket(port: port, readTimeoutMilliseconds: readTimeoutMilliseconds)
        let fields =
            ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Content-Length: \(body.utf8.count)"] + headers
        let bytes = Array((fields.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(descriptor) }

    /// Reads until everything received contains `text` (returns all of it), or throws when the
    /// connection ends or the read timeout passes first.
    @discardableResult
    func read(until text: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += String(decoding: buffer[..<count], as: UTF8.self)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                throw StreamEnded(received: received, waitingFor: text)
            }
        }
        return received
    }

    /// Reads until the server closes the connection; returns everything received.
    func readToEnd() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += String(decoding: buffer[..<count], as: UTF8.self)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return received
            }
        }
    }

    struct StreamEnded: Error, CustomStringConvertible {
        var received: String
        var waitingFor: String
        var description: String {
            "the stream ended before \(waitingFor.debugDescription) arrived; got \(received.debugDescription)"
        }
    }
}

/// Runs blocking socket work on a thread of its own, so a test waiting on a read never holds one of
/// the few cooperative threads the server's tasks (event delivery, `respondLater`) run on.
@discardableResult
func offTheCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
