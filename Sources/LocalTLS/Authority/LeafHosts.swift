#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hosts a leaf names, sorted into subjectAltName's two kinds: IP literals (`127.0.0.1`, `::1`,
/// `[::1]`) go in as IP addresses, everything else as DNS names. Clients check an IP address against IP
/// entries only, and a name against DNS entries only (RFC 6125), so the kind must be right.
struct LeafHosts: Equatable {
    /// DNS names, lower-cased, in the order given, without repeats.
    var dnsNames: [String] = []
    /// IP addresses as given (brackets removed), without repeats.
    var ipAddresses: [String] = []

    /// Sorts `hosts`.
    ///
    /// - Throws: ``TLSError/invalidHost(_:reason:)`` naming the first host no certificate can name: empty,
    ///   longer than 253 characters, a label longer than 63, or a character outside letters, digits, `-`
    ///   and `_` (a leading `*.` wildcard is allowed).
    init(_ hosts: [String]) throws(TLSError) {
        guard !hosts.isEmpty else { throw .invalidHost("", reason: "a server certificate needs at least one host") }
        for host in hosts {
            let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if Self.isIPAddress(unbracketed) {
                if !ipAddresses.contains(unbracketed) { ipAddresses.append(unbracketed) }
                continue
            }
            let name = host.lowercased()
            try Self.checkName(name, as: host)
            if !dnsNames.contains(name) { dnsNames.append(name) }
        }
    }

    /// Whether `text` is an IPv4 or IPv6 address literal.
    static func isIPAddress(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, text, &address) == 1 || inet_pton(AF_INET6, text, &address) == 1
    }

    private static func checkName(_ name: String, as given: String) throws(TLSError) {
        guard !name.isEmpty else { throw .invalidHost(given, reason: "the host is empty") }
        guard name.utf8.count <= 253 else { throw .invalidHost(given, reason: "a DNS name has at most 253 characters") }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            if index == 0, label == "*", labels.count > 2 { continue }
            guard !label.isEmpty, label.utf8.count <= 63 else {
                throw .invalidHost(given, reason: "each dot-separated label has 1 to 63 characters")
            }
            let allowed = label.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
            guard allowed else {
                throw .invalidHost(
                    given, reason: "a DNS name has only letters, digits, '-' and '_' (write IDNs in their xn-- form)")
            }
        }
    }
}

extension CertificateAuthority {
    /// Checks, before anything is issued, that a leaf can name each of `hosts` (the rules of
    /// ``issueLeaf(for:now:)``), so a host given on the command line or in options is refused where it
    /// was given.
    ///
    /// - Throws: ``TLSError/invalidHost(_:reason:)`` naming the first host no certificate can name.
    package static func checkHosts(_ hosts: [String]) throws(TLSError) {
        _ = try LeafHosts(hosts)
    }
}
