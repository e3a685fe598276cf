#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address (address and port), stored the way the kernel takes it.
struct SocketAddress: CustomStringConvertible {
    private(set) var storage = sockaddr_storage()

    /// The address family, `AF_INET` or `AF_INET6`.
    var family: Int32 { Int32(storage.ss_family) }

    /// The length of the address for `bind` and friends.
    var length: socklen_t {
        socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// Wraps an address the kernel filled in (from `accept` or `getsockname`).
    init(storage: sockaddr_storage) {
        self.storage = storage
    }

    /// Resolves `host` (an IPv4 or IPv6 literal, or a name) and pairs it with `port`. A name that
    /// resolves to both families prefers IPv4, which is what clients of `localhost` most often use.
    init(host: String, port: Int) throws(HTTPServerError) {
        if let address = Self.literal(host, port: port) {
            self = address
            return
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_ADDRCONFIG
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &results)
        guard status == 0, let first = results else {
            throw .unresolvableHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(results) }
        var chosen: UnsafeMutablePointer<addrinfo>? = nil
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if entry.pointee.ai_family == AF_INET && chosen?.pointee.ai_family != AF_INET {
                chosen = entry
            } else if entry.pointee.ai_family == AF_INET6 && chosen == nil {
                chosen = entry
            }
            cursor = entry.pointee.ai_next
        }
        guard let chosen, let address = chosen.pointee.ai_addr else {
            throw .unresolvableHost(host, reason: "no IPv4 or IPv6 address")
        }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(chosen.pointee.ai_addrlen)))
        }
        self.init(storage: storage)
        self.port = port
    }

    private static func literal(_ host: String, port: Int) -> SocketAddress? {
        var storage = sockaddr_storage()
        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv4, as: sockaddr_in.self) }
        } else {
            var ipv6 = sockaddr_in6()
            let text = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            guard inet_pton(AF_INET6, text, &ipv6.sin6_addr) == 1 else { return nil }
            ipv6.sin6_family = sa_family_t(AF_INET6)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv6, as: sockaddr_in6.self) }
        }
        var address = SocketAddress(storage: storage)
        address.port = port
        return address
    }

    /// The port, in host byte order.
    var port: Int {
        get {
            withUnsafeBytes(of: storage) { raw in
                family == AF_INET6
                    ? Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
                    : Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            }
        }
        set {
            let network = UInt16(truncatingIfNeeded: newValue).bigEndian
            let isIPv6 = family == AF_INET6
            withUnsafeMutableBytes(of: &storage) { raw in
                if isIPv6 {
                    var address = raw.load(as: sockaddr_in6.self)
                    address.sin6_port = network
                    raw.storeBytes(of: address, as: sockaddr_in6.self)
                } else {
                    var address = raw.load(as: sockaddr_in.self)
                    address.sin_port = network
                    raw.storeBytes(of: address, as: sockaddr_in.self)
                }
            }
        }
    }

    /// The address without the port, as text (`127.0.0.1`, `::1`).
    var host: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                var address = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            } else {
                var address = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this is a loopback address: 127.0.0.0/8, `::1`, or IPv4-mapped 127.0.0.0/8.
    var isLoopback: Bool {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                let bytes = withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
                let isMapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                return (bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1) || (isMapped && bytes[12] == 127)
            }
            let address = UInt32(bigEndian: raw.load(as: sockaddr_in.self).sin_addr.s_addr)
            return address >> 24 == 127
        }
    }

    var description: String {
        family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
