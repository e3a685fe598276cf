import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong talking to the server under test.
package enum RawClientError: Error, CustomStringConvertible, Equatable {
    /// A system call failed with `errno` `code`.
    case system(call: String, code: Int32)
    /// Nothing arrived within the socket's read timeout.
    case timedOut
    /// The server reset the connection.
    case connectionReset
    /// The server closed the connection part-way through a response.
    case unexpectedEOF(afterBytes: Int)
    /// The bytes were not an HTTP/1.1 response.
    case malformedResponse(String)

    /// What happened, for the test report.
    package var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .timedOut: "timed out waiting for the server (the socket's safety-net timeout)"
        case .connectionReset: "connection reset by the server"
        case .unexpectedEOF(let count): "end of stream after \(count) bytes, in the middle of a response"
        case .malformedResponse(let what): "malformed response: \(what)"
        }
    }
}

/// A response as the raw client read it off the wire.
package struct RawResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The header fields in the order received.
    package var headers: [(name: String, value: String)]
    /// The body (`Content-Length` bytes).
    package var body: [UInt8]

    /// The first value of header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// The tests' one raw TCP client: byte-exact, with no HTTP smarts beyond reading one response.
/// ``RawHTTPClient`` and ``RawHTTPStream`` are conveniences over it.
///
/// Every read has a socket timeout as a safety net, so a server bug fails a test instead of hanging
/// it; tests wait on reads, never on sleeps. Use it inside ``offTheCooperativePool(_:)``. One thread
/// uses it at a time; a test may hand it from one ``offTheCooperativePool(_:)`` call to the next (each
/// call's thread ends before the next begins), which the compiler cannot check.
package final class RawClient: @unchecked Sendable {
    /// The connected socket.
    package let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host:port` (IPv4, or IPv6 when `host` has a colon); reads and writes give up after
    /// `timeoutMilliseconds`.
    package convenience init(port: Int, host: String = "127.0.0.1", timeoutSeconds: Int = 10) throws {
        try self.init(port: port, host: host, timeoutMilliseconds: timeoutSeconds * 1000)
    }

    /// Connects to `host:port`; reads and writes give up after `timeoutMilliseconds`.
    package init(port: Int, host: String = "127.0.0.1", timeoutMilliseconds: Int) throws {
        // The descriptor is stored only once connected: a throwing class initializer runs `deinit`
        // when every property is set, and closing the descriptor twice can close another test's socket.
        fd = try Self.connectedSocket(port: port, host: host, timeoutMilliseconds: timeoutMilliseconds)
    }

    private static func connectedSocket(port: Int, host: String, timeoutMilliseconds: Int) throws -> Int32 {
        let isIPv6 = host.contains(":")
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw RawClientError.system(call: "socket", code: errno) }
        var timeout = timeval()
        timeout.tv_sec = .init(timeoutMilliseconds / 1000)
        timeout.tv_usec = .init(timeoutMilliseconds % 1000 * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = Self.connect(fd, to: &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = Self.connect(fd, to: &address)
        }
        guard result == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw RawClientError.system(call: "connect", code: code)
        }
        return fd
    }

    deinit {
        closeDescriptor(fd)
    }

    private static func connect<Address>(_ fd: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connectDescriptor(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// Opens a connection, sends `request`, and reads one response.
    package static func roundTrip(port: Int, host: String = "127.0.0.1", _ request: String) throws -> RawResponse {
        let client = try RawClient(port: port, host: host)
        try client.send(request)
        return try client.readResponse()
    }

    /// Sends `text` as UTF-8, all of it.
    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends every byte (retrying short writes).
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { sendWithoutSignal(fd, $0) }
            guard written >= 0 else {
                if errno == EINTR { continue }
                if errno == ECONNRESET || errno == EPIPE { throw RawClientError.connectionReset }
                throw RawClientError.system(call: "send", code: errno)
            }
            offset += written
        }
    }

    /// One `recv`: the bytes it returned, or empty at end of stream.
    package func receiveOnce() throws -> [UInt8] {
        if !buffer.isEmpty {
            defer { buffer = [] }
            return buffer
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(chunk[0..<count]) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw RawClientError.timedOut
            case ECONNRESET: throw RawClientError.connectionReset
            default: throw RawClientError.system(call: "recv", code: errno)
            }
        }
    }

    /// Everything until the server closes its side.
    package func readToEOF() throws -> [UInt8] {
        var all = buffer
        buffer = []
        while true {
            let chunk = try receiveOnce()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Whether the server closed the connection (end of stream) without sending anything more.
    package func isClosedByServer() throws -> Bool {
        try readToEOF().isEmpty
    }

    private func fill(toAtLeast count: Int) throws {
        while buffer.count < count {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                buffer += chunk[0..<received]
            } else if received == 0 {
                throw RawClientError.unexpectedEOF(afterBytes: buffer.count)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw RawClientError.timedOut
            } else if errno == ECONNRESET {
                throw RawClientError.connectionReset
            } else if errno != EINTR {
                throw RawClientError.system(call: "recv", code: errno)
            }
        }
    }

    /// Reads one response: status line, headers, and `Content-Length` bytes of body (none for HEAD).
    package func readResponse(isHead: Bool = false) throws -> RawResponse {
        var headEnd: Int?
        while headEnd == nil {
            if let found = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                headEnd = found.upperBound
            } else {
                try fill(toAtLeast: buffer.count + 1)
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd!)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw RawClientError.malformedResponse("status line '\(statusLine)'")
        }
        let headers = lines.map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
        let length = isHead || status < 200 || status == 204 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        try fill(toAtLeast: length)
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Closes with a TCP reset instead of a FIN.
    package func reset() {
        var value = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
    }

    /// Shuts the sending side: the server reads end of stream.
    package func shutdownOutput() {
        shutdown(fd, Int32(SHUT_WR))
    }
}

/// Raises this process's open-file limit to `wanted`, or to its hard limit if that is lower (tests
/// that hold many sockets).
package func raiseOpenFileLimit(to count: Int) {
    let wanted = rlim_t(count)
    var limit = rlimit()
    getrlimit(openFileLimitResource, &limit)
    if limit.rlim_cur < wanted {
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(openFileLimitResource, &limit)
    }
}

/// Whether this machine has an IPv6 loopback to test on (some containers do not).
package let isIPv6LoopbackAvailable: Bool = {
    let fd = socket(AF_INET6, streamSocketType, 0)
    guard fd >= 0 else { return false }
    defer { closeDescriptor(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
        }
    }
}()

// The system calls under names of their own: inside `RawClient`, `send`, `connect` and `close` would
// resolve to its methods. Linux and Darwin also spell the socket type and limit constants differently.
#if canImport(Glibc)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
private let openFileLimitResource = Int32(RLIMIT_NOFILE.rawValue)
#else
private let streamSocketType = SOCK_STREAM
private let openFileLimitResource = RLIMIT_NOFILE
#endif

private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

private func connectDescriptor(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

/// `send` that never raises SIGPIPE on a closed peer (`MSG_NOSIGNAL` here, `SO_NOSIGPIPE` on Darwin).
private func sendWithoutSignal(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
    send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
    send(fd, bytes.baseAddress, bytes.count, 0)
    #endif
}

/// The body of a `Transfer-Encoding: chunked` message, de-chunked; nil when the framing is broken or
/// the last chunk is missing (a stream cut short).
package func dechunked(_ bytes: [UInt8]) -> [UInt8]? {
    var body: [UInt8] = []
    var index = 0
    while true {
        guard
            let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }
            ),
            let size = Int(
                String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16)
        else { return nil }
        let start = lineEnd + 2
        if size == 0 { return body }
        guard start + size + 2 <= bytes.count else { return nil }
        body += bytes[start..<start + size]
        index = start + size + 2
    }
}
