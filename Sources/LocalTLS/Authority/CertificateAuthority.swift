import Basics

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The local certificate authority: an ECDSA P-256 key and a self-signed CA certificate in a
/// ``CAFolder`` (`ca.pem`, and `ca-key.pem` with mode 0600), made on first use, which signs the leaf
/// certificates the mock presents for the hosts it intercepts.
///
/// Immutable once loaded; share one value between threads.
package final class CertificateAuthority: Sendable {
    /// The subject's O, on the CA and its leaves.
    package static let organization = "mockweather"
    /// How long a new CA is valid: ten years. It is trusted by hand on each device and Simulator, so it
    /// should rarely need replacing; Apple's and browsers' lifetime limits apply to leaves, not roots.
    package static let lifetimeDays: Int64 = 3650
    /// How long a leaf is valid: 397 days, within browsers' 398-day limit and Apple's 825.
    package static let leafLifetimeDays: Int64 = 397
    /// How far before `now` a new certificate starts, so that a device whose clock is behind (a
    /// Simulator restored from a snapshot, say) still accepts it.
    package static let clockSkewAllowance: Int64 = 86_400

    /// The folder it lives in.
    package let folder: CAFolder
    /// The CA certificate: what clients trust.
    package let certificate: Certificate
    /// The CA's private key: signs leaves, never leaves the folder.
    package let key: PrivateKey
    /// Whether this call made the CA (its first use in this folder).
    package let wasCreated: Bool

    private init(folder: CAFolder, certificate: Certificate, key: PrivateKey, wasCreated: Bool) {
        self.folder = folder
        self.certificate = certificate
        self.key = key
        self.wasCreated = wasCreated
    }

    /// The CA in `folder`, made there first when there is none. Processes that start together end
    /// with one CA: the pair is read and made holding a lock on the folder, so all but the first load
    /// the first one's, and each file is written whole under a temporary name first.
    ///
    /// - Parameters:
    ///   - now: the current time (the CA's validity starts a day before it; loading checks expiry).
    ///   - commonName: the subject of a CA made now; by default ``defaultCommonName()``.
    /// - Throws: ``TLSError`` naming the file and the fix: a key file readable by group or others, a key
    ///   that is not the certificate's, a certificate that is not a CA or has expired, unreadable PEM,
    ///   one file of the pair missing, a folder that cannot be made; or OpenSSL missing.
    package static func loadOrCreate(
        in folder: CAFolder, now: Date, commonName: String = defaultCommonName()
    ) throws(TLSError) -> CertificateAuthority {
        try OpenSSLLibrary.load()
        try CAFiles.makeFolder(folder.path)
        return try CAFiles.withLock(folder.lockPath) { () throws(TLSError) -> CertificateAuthority in
            if CAFiles.exists(folder.certificatePath) { return try load(folder, now: now) }
            // A key without its certificate is kept, never overwritten: the certificate is written
            // last, so this is a copy or deletion gone wrong, and the user decides (rotate).
            if CAFiles.exists(folder.keyPath) {
                throw .authorityIncomplete(present: folder.keyPath, missing: folder.certificatePath)
            }
            return try create(in: folder, now: now, commonName: commonName)
        }
    }

    /// Replaces the CA in `folder` with a new one. The old pair, if any, is kept beside it as
    /// `ca-<UTC time>.pem` and `ca-key-<UTC time>.pem` (the key still 0600), so its trust can still be
    /// found and removed; anything that trusted the old CA must trust the new one instead.
    ///
    /// Works whatever state the old files are in (expired, mismatched, unreadable): it is the fix the
    /// loading errors name.
    package static func rotate(
        in folder: CAFolder, now: Date, commonName: String = defaultCommonName()
    ) throws(TLSError) -> CARotation {
        try OpenSSLLibrary.load()
        try CAFiles.makeFolder(folder.path)
        return try CAFiles.withLock(folder.lockPath) { () throws(TLSError) -> CARotation in
            let previous = (try? CAFiles.read(folder.certificatePath)).flatMap { try? Certificate(pem: $0) }
            let stamp = archiveStamp(now)
            var archived: [String] = []
            for (path, prefix) in [(folder.certificatePath, "ca"), (folder.keyPath, "ca-key")]
            where CAFiles.exists(path) {
                let destination = freeName(in: folder.path, prefix: prefix, stamp: stamp)
                try CAFiles.move(path, to: destination)
                archived.append(destination)
            }
            let authority = try create(in: folder, now: now, commonName: commonName)
            return CARotation(authority: authority, previous: previous, archived: archived)
        }
    }

    /// A new leaf certificate and key for `hosts` (the first is the subject's CN), in memory only:
    /// ECDSA P-256, SHA-256, the hosts in subjectAltName (IP literals as IP addresses, names as DNS
    /// names), extendedKeyUsage serverAuth, CA:FALSE, valid from a day before `now` for
    /// ``leafLifetimeDays`` days or until the CA expires, whichever is first: what Apple's platforms
    /// (support.apple.com/103769) and browsers require of a TLS server certificate.
    ///
    /// - Throws: ``TLSError/invalidHost(_:reason:)`` for a host no certificate can name,
    ///   ``TLSError/authorityExpired(file:notAfter:)`` when the CA has expired by `now`.
    package func issueLeaf(for hosts: [String], now: Date) throws(TLSError) -> (
        certificate: Certificate, key: PrivateKey
    ) {
        let names = try LeafHosts(hosts)
        let validity = certificate.validity
        let start = Self.seconds(now) - Self.clockSkewAllowance
        guard Self.seconds(now) <= validity.notAfterSeconds else {
            throw .authorityExpired(
                file: folder.certificatePath, notAfter: CertificateValidity.utc(validity.notAfterSeconds))
        }
        let leafKey = try PrivateKey.generate()
        let profile = CertificateProfile(
            commonName: Self.leafCommonName(hosts[0]), organization: Self.organization,
            dnsNames: names.dnsNames, ipAddresses: names.ipAddresses,
            notBefore: max(start, validity.notBeforeSeconds),
            notAfter: min(start + Self.leafLifetimeDays * 86_400, validity.notAfterSeconds),
            isAuthority: false)
        let leaf = try Certificate.issue(profile, subjectKey: leafKey, issuer: (certificate, key))
        return (leaf, leafKey)
    }

    /// The CA's subject CN, as trust stores list it.
    package var commonName: String {
        let subject = certificate.subject
        guard let range = subject.firstRange(of: "/CN=") else { return subject }
        return String(subject[range.upperBound...])
    }

    /// `mockweather local CA (user@host)`, so that a trust store holding several people's or
    /// machines' CAs tells them apart; at most 64 characters, as X.520 allows a CN.
    package static func defaultCommonName() -> String {
        var user = "user"
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { user = String(cString: name) }
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count - 1) == 0 ? CText.string(buffer) : "localhost"
        let shortHost = host.split(separator: ".").first.map(String.init) ?? host
        let prefix = "mockweather local CA ("
        let owner = String("\(user)@\(shortHost)".prefix(64 - prefix.count - 1))
        return prefix + owner + ")"
    }

    // MARK: - Loading and making

    private static func load(_ folder: CAFolder, now: Date) throws(TLSError) -> CertificateAuthority {
        guard let mode = try CAFiles.mode(of: folder.keyPath) else {
            throw .authorityIncomplete(present: folder.certificatePath, missing: folder.keyPath)
        }
        guard mode & 0o077 == 0 else { throw .keyFileExposed(file: folder.keyPath, mode: mode) }
        let certificate = try readPEM(folder.certificatePath) { bytes throws(TLSError) in try Certificate(pem: bytes) }
        let key = try readPEM(folder.keyPath) { bytes throws(TLSError) in try PrivateKey(pem: bytes) }
        guard certificate.isAuthority else { throw .notAnAuthority(file: folder.certificatePath) }
        guard certificate.matches(key) else {
            throw .keyMismatch(key: folder.keyPath, certificate: folder.certificatePath)
        }
        let notAfter = certificate.validity.notAfterSeconds
        guard seconds(now) <= notAfter else {
            throw .authorityExpired(file: folder.certificatePath, notAfter: CertificateValidity.utc(notAfter))
        }
        return CertificateAuthority(folder: folder, certificate: certificate, key: key, wasCreated: false)
    }

    private static func create(in folder: CAFolder, now: Date, commonName: String) throws(TLSError)
        -> CertificateAuthority
    {
        let key = try PrivateKey.generate()
        let start = seconds(now) - clockSkewAllowance
        let profile = CertificateProfile(
            commonName: commonName, organization: organization, notBefore: start,
            notAfter: start + lifetimeDays * 86_400, isAuthority: true)
        let certificate = try Certificate.issue(profile, subjectKey: key, issuer: nil)
        // The key first and the certificate last: a certificate on disk always has its key beside it.
        // Neither replaces a file: the lock makes that impossible among mockweather processes, and a
        // file someone put there meanwhile is theirs to keep.
        guard try CAFiles.write(key.pem, to: folder.keyPath, mode: 0o600, replacing: false) else {
            return try load(folder, now: now)
        }
        guard try CAFiles.write(certificate.pem, to: folder.certificatePath, mode: 0o644, replacing: false) else {
            throw .keyMismatch(key: folder.keyPath, certificate: folder.certificatePath)
        }
        return CertificateAuthority(folder: folder, certificate: certificate, key: key, wasCreated: true)
    }

    /// What `parse` makes of the file at `path`; a parse failure names the file.
    private static func readPEM<Value>(
        _ path: String, _ parse: ([UInt8]) throws(TLSError) -> Value
    ) throws(TLSError) -> Value {
        let bytes = try CAFiles.read(path)
        do {
            return try parse(bytes)
        } catch .openSSL(_, let reason) {
            throw .unreadablePEM(file: path, reason: reason)
        }
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// `20260314T101500Z`: sorts by time, and has no `:` (which Finder shows as `/`).
    private static func archiveStamp(_ now: Date) -> String {
        let text = CertificateValidity.utc(seconds(now))
        return text.filter { $0 != "-" && $0 != ":" }
    }

    /// `ca-20260314T101500Z.pem`, or `...-2.pem` and so on when that name is taken.
    private static func freeName(in folder: String, prefix: String, stamp: String) -> String {
        var candidate = "\(folder)/\(prefix)-\(stamp).pem"
        var counter = 2
        while CAFiles.exists(candidate) {
            candidate = "\(folder)/\(prefix)-\(stamp)-\(counter).pem"
            counter += 1
        }
        return candidate
    }

    /// The first host as the leaf's CN. X.520 caps a CN at 64 characters, so a longer name is replaced
    /// by a placeholder: clients read the hosts from subjectAltName, never from the CN.
    private static func leafCommonName(_ host: String) -> String {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host.lowercased()
        return name.utf8.count <= 64 ? name : "mockweather leaf (see subjectAltName)"
    }
}

/// What ``CertificateAuthority/rotate(in:now:commonName:)`` did.
package struct CARotation: Sendable {
    /// The new CA.
    package let authority: CertificateAuthority
    /// The CA it replaced, when its certificate could still be read: its fingerprint and name are what
    /// to look for when removing its trust.
    package let previous: Certificate?
    /// Where the old files were kept (`ca-<time>.pem`, `ca-key-<time>.pem`); empty when there were none.
    package let archived: [String]
}
