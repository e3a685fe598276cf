import Foundation
import TestSupport
import Testing

@testable import LocalTLS

/// Keys and certificates: what a leaf and the CA contain, PEM round trips, and hostile PEM input.
@Suite struct CertificateTests {
    /// 2026-03-14T10:00:00Z: the tests' clock.
    static let now = Date(timeIntervalSince1970: 1_773_482_400)

    /// A CA in a temporary folder of its own.
    static func authority(now: Date = now) throws -> (CertificateAuthority, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let folder = CAFolder(path: directory.url.appendingPathComponent("ca").path, origin: .option)
        return (
            try CertificateAuthority.loadOrCreate(in: folder, now: now, commonName: "mockweather test CA"), directory
        )
    }

    @Test func aLeafMeetsApplesRulesForATLSServerCertificate() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let (leaf, key) = try authority.issueLeaf(for: ["api.openweathermap.org", "127.0.0.1", "::1"], now: Self.now)
        let text = leaf.text
        #expect(text.contains("DNS:api.openweathermap.org"))
        #expect(text.contains("IP Address:127.0.0.1"))
        #expect(text.contains("IP Address:0:0:0:0:0:0:0:1"))
        #expect(text.contains("TLS Web Server Authentication"))
        #expect(text.contains("CA:FALSE"))
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"))
        #expect(text.contains("NIST CURVE: P-256"))
        #expect(text.contains("Digital Signature"))
        #expect(leaf.subject == "/O=mockweather/CN=api.openweathermap.org")
        #expect(!leaf.isAuthority)
        #expect(leaf.isSigned(by: authority.certificate))
        #expect(!leaf.isSigned(by: leaf))
        #expect(leaf.matches(key))
        #expect(!leaf.matches(authority.key))
    }

    @Test func aLeafLasts397DaysFromADayBeforeNow() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let validity = try authority.issueLeaf(for: ["dapi.kakao.com"], now: Self.now).certificate.validity
        let now = Int64(Self.now.timeIntervalSince1970)
        #expect(validity.notBeforeSeconds == now - 86_400)
        #expect(validity.notAfterSeconds - validity.notBeforeSeconds == 397 * 86_400)
        #expect(validity.days <= 825)
        #expect(validity.contains(Self.now))
    }

    @Test func aLeafNeverOutlivesTheCA() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let late = Self.now.addingTimeInterval(3_600 * 86_400)
        let leaf = try authority.issueLeaf(for: ["apis.data.go.kr"], now: late).certificate
        #expect(leaf.validity.notAfterSeconds == authority.certificate.validity.notAfterSeconds)
        #expect(leaf.validity.contains(late))
    }

    @Test func aLeafIsRefusedOnceTheCAHasExpired() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let after = Self.now.addingTimeInterval(3_651 * 86_400)
        #expect(
            throws: TLSError.authorityExpired(file: authority.folder.certificatePath, notAfter: "2036-03-10T10:00:00Z")
        ) {
            try authority.issueLeaf(for: ["api.openweathermap.org"], now: after)
        }
    }

    @Test func theCAIsAnAuthorityThatSignsCertificatesOnly() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let certificate = authority.certificate
        let text = certificate.text
        #expect(text.contains("CA:TRUE, pathlen:0"))
        #expect(text.contains("X509v3 Basic Constraints: critical"))
        #expect(text.contains("Certificate Sign, CRL Sign"))
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"))
        #expect(text.contains("X509v3 Subject Key Identifier"))
        #expect(certificate.subject == "/O=mockweather/CN=mockweather test CA")
        #expect(authority.commonName == "mockweather test CA")
        #expect(certificate.isAuthority)
        #expect(certificate.isSigned(by: certificate))
        #expect(certificate.validity.days == CertificateAuthority.lifetimeDays)
    }

    @Test func hostsAreSortedIntoDNSNamesAndIPAddresses() throws {
        let hosts = try LeafHosts([
            "API.OpenWeatherMap.org", "[::1]", "127.0.0.1", "api.openweathermap.org", "*.kakao.com",
        ])
        #expect(hosts.dnsNames == ["api.openweathermap.org", "*.kakao.com"])
        #expect(hosts.ipAddresses == ["::1", "127.0.0.1"])
    }

    @Test(arguments: [
        "", "two words", "a,DNS:evil.example", "ex\u{e4}mple.com", "a..b", String(repeating: "a", count: 64) + ".com",
    ])
    func aHostNoCertificateCanNameIsRefusedByName(host: String) throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let error = #expect(throws: TLSError.self) { try authority.issueLeaf(for: [host], now: Self.now) }
        guard case .invalidHost(let named, _) = error else {
            Issue.record("expected invalidHost, got \(String(describing: error))")
            return
        }
        #expect(named == host)
    }

    @Test func aCertificateAndAKeyRoundTripThroughPEM() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let pem = authority.certificate.pem
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        let read = try Certificate(pem: Array(pem.utf8))
        #expect(read.der == authority.certificate.der)
        #expect(read.fingerprint == authority.certificate.fingerprint)
        let keyPEM = try authority.key.pem
        #expect(keyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(read.matches(try PrivateKey(pem: Array(keyPEM.utf8))))
    }

    @Test func theFingerprintIsUpperCaseHexPairsOfTheDERsSHA256() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let fingerprint = authority.certificate.fingerprint
        #expect(fingerprint.count == 32 * 3 - 1)
        #expect(fingerprint.allSatisfy { "0123456789ABCDEF:".contains($0) })
        #expect(Certificate.fingerprintText([0x00, 0xAB, 0x0F]) == "00:AB:0F")
        #expect(authority.certificate.der.first == 0x30)  // a DER SEQUENCE
    }

    @Test(arguments: [
        "", "garbage", "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
        "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", String(repeating: "\0", count: 64),
    ])
    func hostilePEMIsRefusedWithOpenSSLsReason(text: String) {
        let error = #expect(throws: TLSError.self) { try Certificate(pem: Array(text.utf8)) }
        guard case .openSSL(let operation, let reason) = error else {
            Issue.record("expected an OpenSSL error, got \(String(describing: error))")
            return
        }
        #expect(operation == "reading a PEM certificate")
        #expect(!reason.isEmpty)
        #expect(throws: TLSError.self) { try PrivateKey(pem: Array(text.utf8)) }
    }

    @Test func aTruncatedCertificateIsRefused() throws {
        let (authority, directory) = try Self.authority()
        defer { directory.cleanUp() }
        let pem = Array(authority.certificate.pem.utf8)
        #expect(throws: TLSError.self) { try Certificate(pem: Array(pem.prefix(pem.count / 2))) }
    }

    /// A throwaway P-256 key encrypted with the pass phrase "throwaway": OpenSSL's default would prompt
    /// for it on the terminal and wait.
    static let encryptedKey = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAiEMA9BljS63AICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEJgKVLS1DNU/H3aDeaPfSpEEgZBS
        EcpgHN98TCk6SncJaiHj3dTZBo6wnFaoTrQBE5IyjYLwjgheuornry2Ulddif1iZ
        hzqMehS23jGAyldulW2mwWJLm/g5iGpwNgItbvN9kFapdkvTNiw5eBOkkdVW8Qpy
        lHPqIiZB0RTH0zcWyYsIAmFO9m8dBcAGXAUoKtsAmxqNNsF3wuJ37xgSxTwhQyE=
        -----END ENCRYPTED PRIVATE KEY-----

        """

    @Test func anEncryptedKeyIsRefusedWithoutAskingForAPassPhrase() {
        #expect(throws: TLSError.self) { try PrivateKey(pem: Array(Self.encryptedKey.utf8)) }
    }
}
