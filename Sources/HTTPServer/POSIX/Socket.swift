#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CHTTPServerSystem
#endif

/// Thin wrappers around the socket calls the server makes. Every one goes through
/// ``nonBlockingCall(_:_:)`` or ``systemCall(_:_:)``, so errno is interpreted in exactly one place.
/// All sockets are non-blocking, close-on-exec and never raise SIGPIPE.
enum Socket {
    /// Creates a non-blocking TCP socket of `family`.
    static func makeStream(family: Int32) throws(SystemError) -> Int32 {
        #if os(Linux)
        return try systemCall("socket", Glibc.socket(family, CHS_SOCK_STREAM_NONBLOCK_CLOEXEC, 0))
        #else
        let fd = try systemCall("socket", Darwin.socket(family, SOCK_STREAM, 0))
        try configureAccepted(fd)
        return fd
        #endif
    }

    /// Creates a listening socket bound to `address`. `reusePort` lets several event loops each bind
    /// their own listener to the same port so the kernel spreads connections between them.
    static func makeListener(address: SocketAddress, reusePort: Bool, backlog: Int32) throws(SystemError) -> Int32 {
        let fd = try makeStream(family: address.family)
        do {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, name: "setsockopt(SO_REUSEADDR)")
            if reusePort {
                try setOption(fd, SOL_SOCKET, SO_REUSEPORT, 1, name: "setsockopt(SO_REUSEPORT)")
            }
            var storage = address.storage
            _ = try withUnsafePointer(to: &storage) { (pointer) throws(SystemError) -> Int32 in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(SystemError) -> Int32 in
                    try systemCall("bind", bind(fd, raw, address.length))
                }
            }
            _ = try systemCall("listen", listen(fd, backlog))
            return fd
        } catch {
            close(fd)
            throw error
        }
    }

    /// The address a socket is bound to.
    static func localAddress(_ fd: Int32) throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { (pointer) throws(SystemError) -> Int32 in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(SystemError) -> Int32 in
                try systemCall("getsockname", getsockname(fd, raw, &length))
            }
        }
        return SocketAddress(storage: storage)
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket with `TCP_NODELAY`.
    static func accept(_ listener: Int32) throws(SystemError) -> IOResult<(fd: Int32, peer: SocketAddress)> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = try withUnsafeMutablePointer(to: &storage) { (pointer) throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(SystemError) in
                #if os(Linux)
                try nonBlockingCall("accept4", chs_accept4(listener, raw, &length))
                #else
                try nonBlockingCall("accept", Darwin.accept(listener, raw, &length))
                #endif
            }
        }
        guard case .processed(let fd) = result else { return .wouldBlock }
        #if !os(Linux)
        try configureAccepted(fd)
        #endif
        // Small responses must never wait on Nagle; failure here only costs latency, so it is ignored.
        try? setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1, name: "setsockopt(TCP_NODELAY)")
        return .processed((fd, SocketAddress(storage: storage)))
    }

    #if !os(Linux)
    private static func configureAccepted(_ fd: Int32) throws(SystemError) {
        let flags = try systemCall("fcntl(F_GETFL)", fcntl(fd, F_GETFL))
        _ = try systemCall("fcntl(F_SETFL)", fcntl(fd, F_SETFL, flags | O_NONBLOCK))
        _ = try systemCall("fcntl(F_SETFD)", fcntl(fd, F_SETFD, FD_CLOEXEC))
        try setOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1, name: "setsockopt(SO_NOSIGPIPE)")
    }
    #endif

    /// Reads up to `buffer.count` bytes; `.processed(0)` means the peer closed its side.
    @inline(__always)
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try nonBlockingCall("read", recv(fd, buffer.baseAddress, buffer.count, 0))
    }

    /// The next byte the peer sent, left unread (`nil`: the peer closed its side).
    static func peekByte(_ fd: Int32) throws(SystemError) -> IOResult<UInt8?> {
        var byte: UInt8 = 0
        let result = try nonBlockingCall("recv(MSG_PEEK)", recv(fd, &byte, 1, Int32(MSG_PEEK)))
        guard case .processed(let count) = result else { return .wouldBlock }
        return .processed(count == 0 ? nil : byte)
    }

    /// Writes as much of `bytes` as the socket takes now, without raising SIGPIPE.
    @inline(__always)
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        #if os(Linux)
        try nonBlockingCall("write", send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)))
        #else
        try nonBlockingCall("write", send(fd, bytes.baseAddress, bytes.count, 0))
        #endif
    }

    /// Writes as much of the buffers (in order) as the socket takes now, in one system call.
    static func writev(_ fd: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>) throws(SystemError) -> IOResult<Int> {
        var message = msghdr()
        message.msg_iov = vectors.baseAddress
        #if os(Linux)
        message.msg_iovlen = vectors.count
        return try nonBlockingCall("writev", sendmsg(fd, &message, Int32(MSG_NOSIGNAL)))
        #else
        message.msg_iovlen = Int32(vectors.count)
        return try nonBlockingCall("writev", sendmsg(fd, &message, 0))
        #endif
    }

    /// Shuts down the sending side: the peer reads end-of-stream after what was already sent.
    static func shutdownOutput(_ fd: Int32) {
        #if os(Linux)
        _ = try? systemCall("shutdown", Glibc.shutdown(fd, Int32(SHUT_WR)))
        #else
        _ = try? systemCall("shutdown", Darwin.shutdown(fd, SHUT_WR))
        #endif
    }

    /// Makes the next `close` send a TCP reset instead of a FIN (SO_LINGER with a zero timeout).
    static func setResetOnClose(_ fd: Int32) {
        var value = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is already gone then, and a
    /// retry could close a descriptor another thread just opened.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    static func setOption(
        _ fd: Int32,
        _ level: Int32,
        _ option: Int32,
        _ value: Int32,
        name: StaticString
    ) throws(SystemError) {
        var value = value
        _ = try systemCall(name, setsockopt(fd, level, option, &value, socklen_t(MemoryLayout<Int32>.size)))
    }
}
