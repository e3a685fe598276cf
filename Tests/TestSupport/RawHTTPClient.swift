import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately simple blocking HTTP/1.1 client over a raw socket, to see faults exactly as a
/// client does: the bytes that arrived, and how the connection ended. (Foundation's clients hide both.)
public struct RawHTTPClient: Sendable {
    /// How the connection ended.
    public enum Ending: Equatable, Sendable {
        /// The server closed the connection (FIN).
        case closed
        /// The connection was reset (ECONNRESET).
        case reset
        /// Nothing more arrived within the read timeout.
        case timedOut
    }

    /// What came back: every byte, and how the connection ended.
    public struct Exchange: Sendable {
        /// Every byte received.
        public var bytes: [UInt8]
        /// How the connection ended.
        public var ending: Ending
        /// The bytes as text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The status line and headers.
        public var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
        /// Everything after the head.
        public var body: String { text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
    }

    /// The port on 127.0.0.1.
    public var port: Int
    /// How long a read may wait before the exchange counts as ``Ending/timedOut``.
    public var readTimeoutMilliseconds = 2_000

    /// A client for `127.0.0.1:port`.
    public init(port: Int, readTimeoutMilliseconds: Int = 2_000) {
        self.port = port
        self.readTimeoutMilliseconds = readTimeoutMilliseconds
    }

    /// ``get(_:)`` off the cooperative pool, so a test's task never blocks one of its threads while the
    /// server takes its time (a drip, a hang).
    public func exchange(_ target: String) async throws -> Exchange {
        try await offTheCooperativePool { try get(target) }
    }

    /// Sends `GET target` with `Connection: close` and reads until the connection ends or times out.
    /// `target` may be absolute-form (`http://api.openweathermap.org/...`), as a client behind a proxy sends.
    public func get(_ target: String) throws -> Exchange {
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
    public static func connectedSocket(port: Int, readTimeoutMilliseconds: Int) throws -> Int32 {
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
public final class RawHTTPStream: @unchecked Sendable {
    // Used from one test at a time, each read after the last: never from two threads at once.
    private let descriptor: Int32
    /// Everything received so far.
    public private(set) var received = ""

    /// Connects to 127.0.0.1:`port` and sends one request with `headers` and `body`.
    public init(
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
    public func read(until text: String) throws -> String {
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
    public func readToEnd() -> String {
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

    /// The connection ended, or the read timeout passed, before the awaited text arrived.
    public struct StreamEnded: Error, CustomStringConvertible {
        /// Everything received.
        public var received: String
        /// The text waited for.
        public var waitingFor: String
        /// Both, for the test report.
        public var description: String {
            "the stream ended before \(waitingFor.debugDescription) arrived; got \(received.debugDescription)"
        }
    }
}

/// Runs blocking socket work on a thread of its own, so a test waiting on a read never holds one of
/// the few cooperative threads every other test's steps run on.
@discardableResult
public func offTheCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
