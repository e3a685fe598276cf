import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong talking to the server under test.
enum RawClientError: Error, CustomStringConvertible, Equatable {
    case system(call: String, code: Int32)
    case timedOut
    case connectionReset
    case unexpectedEOF(afterBytes: Int)
    case malformedResponse(String)

    var description: String {
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
struct RawResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client for tests, byte-exact and with no HTTP smarts beyond reading one response.
/// Every read has a socket timeout as a safety net, so a server bug fails a test instead of hanging
/// it; tests wait on reads, never on sleeps. Use it inside ``blocking(_:)``. One thread uses it at a
/// time; a test may hand it from one ``blocking(_:)`` call to the next (each call's thread ends
/// before the next begins), which the compiler cannot check.
final class RawClient: @unchecked Sendable {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1", timeoutSeconds: Int = 10) throws {
        // The descriptor is stored only once connected: a throwing class initializer runs `deinit`
        // when every property is set, and closing the descriptor twice can close another test's socket.
        fd = try Self.connectedSocket(port: port, host: host, timeoutSeconds: timeoutSeconds)
    }

    private static func connectedSocket(port: Int, host: String, timeoutSeconds: Int) throws -> Int32 {
        let isIPv6 = host.contains(":")
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError.system(call: "socket", code: errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
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
            Glibc.close(fd)
            throw RawClientError.system(call: "connect", code: code)
        }
        return fd
    }

    deinit {
        Glibc.close(fd)
    }

    private static func connect<Address>(_ fd: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// Opens a connection, sends `request`, and reads one response.
    static func roundTrip(port: Int, host: String = "127.0.0.1", _ request: String) throws -> RawResponse {
        let client = try RawClient(port: port, host: host)
        try client.send(request)
        return try client.readResponse()
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written >= 0 else {
                if errno == EINTR { continue }
                if errno == ECONNRESET || errno == EPIPE { throw RawClientError.connectionReset }
                throw RawClientError.system(call: "send", code: errno)
            }
            offset += written
        }
    }

    /// One `recv`: the bytes it returned, or empty at end of stream.
    func receiveOnce() throws -> [UInt8] {
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
    func readToEOF() throws -> [UInt8] {
        var all = buffer
        buffer = []
        while true {
            let chunk = try receiveOnce()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Whether the server closed the connection (end of stream) without sending anything more.
    func isClosedByServer() throws -> Bool {
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
    func readResponse(isHead: Bool = false) throws -> RawResponse {
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
    func reset() {
        var value = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
    }

    /// Shuts the sending side: the server reads end of stream.
    func shutdownOutput() {
        shutdown(fd, Int32(SHUT_WR))
    }
}

/// Runs blocking socket work on its own thread, so a test waiting on a read never occupies one of
/// Swift concurrency's few cooperative threads (which every other test's steps need).
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Raises this process's open-file limit to its hard limit (tests that hold many sockets).
func raiseOpenFileLimit(to wanted: rlim_t) {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < wanted {
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// Whether this machine has an IPv6 loopback to test on (some containers do not).
let isIPv6LoopbackAvailable: Bool = {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { Glibc.close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
        }
    }
}()
