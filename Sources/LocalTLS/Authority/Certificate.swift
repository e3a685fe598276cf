import Basics
import COpenSSL

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// An X.509 certificate, owning OpenSSL's `X509`: the local CA's, or a leaf it issued.
///
/// Immutable once made, so one value may be used from any thread (``handle`` goes to
/// `mwt_server_context_new` and `mwt_client_context_new`).
package final class Certificate: @unchecked Sendable {
    // @unchecked: the pointer is never mutated after it is made; OpenSSL caches what it derives from
    // a certificate under its own lock.
    /// The shim's `mwt_certificate *`, freed when the value is released.
    package let handle: OpaquePointer

    /// Takes ownership of a certificate the shim made.
    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { mwt_certificate_free(handle) }

    /// Reads the first certificate of a PEM text.
    ///
    /// - Throws: ``TLSError/openSSL(operation:reason:)`` with OpenSSL's reason (`no start line`) when
    ///   `pem` holds no certificate; never crashes on any input.
    package convenience init(pem: [UInt8]) throws(TLSError) {
        try OpenSSLLibrary.load()
        var error = [CChar](repeating: 0, count: 512)
        let certificate = pem.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                mwt_certificate_read_pem($0.baseAddress, $0.count, &error, error.count)
            }
        }
        guard let certificate else {
            throw .openSSL(operation: "reading a PEM certificate", reason: CText.string(error))
        }
        self.init(taking: certificate)
    }

    /// The certificate as PEM text (`-----BEGIN CERTIFICATE-----`).
    package var pem: String {
        var length = 0
        // Only an allocation failure makes OpenSSL fail to encode a certificate it holds.
        guard let text = mwt_certificate_pem(handle, &length) else { return "" }
        defer { mwt_free(text) }
        return CText.string(pointer: text, length: length)
    }

    /// The DER encoding: what the fingerprint is computed over, and what `.cer` and `.der` files hold.
    package var der: [UInt8] {
        var length = 0
        guard let bytes = mwt_certificate_der(handle, &length) else { return [] }
        defer { mwt_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// The SHA-256 of the DER encoding (32 bytes), as `openssl x509 -fingerprint -sha256` and
    /// Keychain Access show it.
    package var sha256: [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        guard mwt_certificate_sha256(handle, &digest) == 0 else { return [] }
        return digest
    }

    /// The SHA-256 fingerprint as people compare it: `AB:01:...` (upper-case hex, colon-separated).
    package var fingerprint: String {
        Self.fingerprintText(sha256)
    }

    /// `bytes` as upper-case hex pairs joined by colons.
    package static func fingerprintText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: ":")
    }

    /// The subject as one line: `/O=mockweather/CN=api.openweathermap.org`.
    package var subject: String {
        var buffer = [CChar](repeating: 0, count: 1024)
        guard mwt_certificate_subject(handle, &buffer, buffer.count) == 0 else { return "" }
        return CText.string(buffer)
    }

    /// When the certificate starts and stops being valid.
    package var validity: CertificateValidity {
        var notBefore: Int64 = 0
        var notAfter: Int64 = 0
        // Every certificate OpenSSL parsed has both times; a failure would be a bug of the shim.
        if mwt_certificate_validity(handle, &notBefore, &notAfter) != 0 { return CertificateValidity(0, 0) }
        return CertificateValidity(notBefore, notAfter)
    }

    /// OpenSSL's human-readable dump, as `openssl x509 -noout -text` prints it.
    package var text: String {
        var length = 0
        guard let dump = mwt_certificate_text(handle, &length) else { return "" }
        defer { mwt_free(dump) }
        return CText.string(pointer: dump, length: length)
    }

    /// Whether the certificate says it is a CA (basicConstraints `CA:TRUE`).
    ///
    /// Read from ``text``: the shim's interface has no call for it, and OpenSSL prints the extension
    /// in one fixed form (`X509v3 Basic Constraints: critical`, then `CA:TRUE` on the next line).
    package var isAuthority: Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let heading = lines.firstIndex(where: { $0.contains("X509v3 Basic Constraints") }),
            heading + 1 < lines.endIndex
        else { return false }
        return lines[heading + 1].trimmingWhitespace().hasPrefix("CA:TRUE")
    }

    /// Whether `issuer`'s public key verifies this certificate's signature.
    package func isSigned(by issuer: Certificate) -> Bool {
        mwt_certificate_is_signed_by(handle, issuer.handle) == 1
    }

    /// Whether `key` is the private half of this certificate's public key.
    package func matches(_ key: PrivateKey) -> Bool {
        mwt_certificate_matches_key(handle, key.handle) == 1
    }
}

/// A certificate's validity: from `notBefore` to `notAfter`, both included (RFC 5280).
package struct CertificateValidity: Sendable, Equatable, CustomStringConvertible {
    /// The first second it is valid, in Unix seconds.
    package let notBeforeSeconds: Int64
    /// The last second it is valid, in Unix seconds.
    package let notAfterSeconds: Int64

    init(_ notBefore: Int64, _ notAfter: Int64) {
        notBeforeSeconds = notBefore
        notAfterSeconds = notAfter
    }

    /// The first moment it is valid.
    package var notBefore: Date { Date(timeIntervalSince1970: Double(notBeforeSeconds)) }
    /// The last moment it is valid.
    package var notAfter: Date { Date(timeIntervalSince1970: Double(notAfterSeconds)) }
    /// Its length in whole days.
    package var days: Int64 { (notAfterSeconds - notBeforeSeconds) / 86_400 }

    /// Whether `date` falls inside it.
    package func contains(_ date: Date) -> Bool {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return notBeforeSeconds <= seconds && seconds <= notAfterSeconds
    }

    /// `2026-03-14T10:00:00Z to 2036-03-11T10:00:00Z`.
    package var description: String {
        "\(Self.utc(notBeforeSeconds)) to \(Self.utc(notAfterSeconds))"
    }

    /// A moment as ISO 8601 UTC (`2026-03-14T10:00:00Z`).
    static func utc(_ seconds: Int64) -> String {
        TimestampText.text(wholeSeconds: seconds) ?? "\(seconds) s after 1970"
    }
}
