import COpenSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a certificate the CA makes says: the subject, the hosts, the validity and whether it is a CA.
/// The extensions each kind carries are the shim's (`mwt_certificate_request` in mwt_certificates.h).
struct CertificateProfile {
    /// The subject's CN.
    var commonName: String
    /// The subject's O.
    var organization: String
    /// subjectAltName DNS names (leaves only).
    var dnsNames: [String] = []
    /// subjectAltName IP addresses, textual (leaves only).
    var ipAddresses: [String] = []
    /// Validity in Unix seconds.
    var notBefore: Int64
    var notAfter: Int64
    /// A CA (CA:TRUE, keyCertSign) rather than a TLS server leaf (CA:FALSE, serverAuth).
    var isAuthority: Bool
}

extension Certificate {
    /// Issues a certificate for `subjectKey` as `profile` says, signed with SHA-256 by `issuer`'s key, or
    /// self-signed when `issuer` is nil.
    ///
    /// - Throws: ``TLSError/openSSL(operation:reason:)`` naming the subject and OpenSSL's reason.
    static func issue(
        _ profile: CertificateProfile, subjectKey: PrivateKey, issuer: (certificate: Certificate, key: PrivateKey)?
    ) throws(TLSError) -> Certificate {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        // C strings that live until the call returns.
        let dns = profile.dnsNames.map { strdup($0) }
        let ips = profile.ipAddresses.map { strdup($0) }
        defer { (dns + ips).forEach { free($0) } }
        let made = profile.commonName.withCString { commonName in
            profile.organization.withCString { organization in
                dns.map { UnsafePointer($0) }.withUnsafeBufferPointer { dnsNames in
                    ips.map { UnsafePointer($0) }.withUnsafeBufferPointer { ipAddresses in
                        var request = mwt_certificate_request(
                            common_name: commonName, organization: organization,
                            dns_names: dnsNames.baseAddress, dns_count: Int32(dnsNames.count),
                            ip_addresses: ipAddresses.baseAddress, ip_count: Int32(ipAddresses.count),
                            not_before: profile.notBefore, not_after: profile.notAfter,
                            is_authority: profile.isAuthority ? 1 : 0)
                        return mwt_certificate_issue(
                            &request, subjectKey.handle, issuer?.certificate.handle,
                            issuer?.key.handle ?? subjectKey.handle,
                            &error, error.count)
                    }
                }
            }
        }
        guard let made else {
            throw .openSSL(
                operation: "issuing a certificate for \(profile.commonName)", reason: CText.string(error))
        }
        return Certificate(taking: made)
    }
}
