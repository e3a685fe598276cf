import Dispatch
import Foundation
import Locking
import TestSupport
import Testing

@testable import LocalTLS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CA's folder: made on first use with private modes, one CA for concurrent first uses, each
/// refusal to load with the file and the fix, and rotation.
@Suite struct CertificateAuthorityTests {
    static let now = CertificateTests.now

    /// A folder that does not exist yet, inside a temporary directory.
    static func folder(in directory: TemporaryDirectory) -> CAFolder {
        CAFolder(path: directory.url.appendingPathComponent("data/mockweather/ca").path, origin: .environment)
    }

    static func mode(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_mode) & 0o7777 : -1
    }

    static func write(_ text: String, to path: String, mode: Int) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode_t(mode)) == 0)
    }

    @Test func firstUseMakesTheCAWithAPrivateFolderAndKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        let made = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        #expect(made.wasCreated)
        #expect(Self.mode(folder.path) == 0o700)
        #expect(Self.mode(folder.keyPath) == 0o600)
        #expect(Self.mode(folder.certificatePath) == 0o644)
        #expect(made.commonName.hasPrefix("mockweather local CA ("))
        #expect(made.certificate.subject.hasPrefix("/O=mockweather/CN=mockweather local CA ("))
        let loaded = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        #expect(!loaded.wasCreated)
        #expect(loaded.certificate.fingerprint == made.certificate.fingerprint)
        #expect(loaded.certificate.matches(made.key))
    }

    @Test func concurrentFirstUsesEndWithOneCA() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        let outcomes = Locked<[Result<(String, Bool), TLSError>]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let outcome = Result { () throws(TLSError) in
                let authority = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
                return (authority.certificate.fingerprint, authority.wasCreated)
            }
            outcomes.withLock { $0.append(outcome) }
        }
        let results = try outcomes.withLock { $0 }.map { try $0.get() }
        #expect(results.count == 8)
        #expect(Set(results.map(\.0)).count == 1)
        #expect(results.filter(\.1).count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(names.sorted() == ["ca-key.pem", "ca.pem"])
    }

    @Test func aKeyFileOthersCanReadIsRefusedWithTheChmodFix() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        #expect(chmod(folder.keyPath, 0o640) == 0)
        let error = #expect(throws: TLSError.keyFileExposed(file: folder.keyPath, mode: 0o640)) {
            try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        }
        #expect(error?.description.contains("chmod 600 \(folder.keyPath)`") == true)
        #expect(error?.description.contains("mode 640") == true)
    }

    @Test func aKeyThatIsNotTheCertificatesIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        try Self.write(try PrivateKey.generate().pem, to: folder.keyPath, mode: 0o600)
        let error = #expect(throws: TLSError.keyMismatch(key: folder.keyPath, certificate: folder.certificatePath)) {
            try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        }
        #expect(error?.description.contains("mockweather ca rotate") == true)
    }

    @Test func aCertificateThatIsNotACAIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        let authority = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        let (leaf, key) = try authority.issueLeaf(for: ["localhost"], now: Self.now)
        try Self.write(leaf.pem, to: folder.certificatePath, mode: 0o644)
        try Self.write(try key.pem, to: folder.keyPath, mode: 0o600)
        let error = #expect(throws: TLSError.notAnAuthority(file: folder.certificatePath)) {
            try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        }
        #expect(error?.description.contains("mockweather ca rotate") == true)
    }

    @Test func anExpiredCAIsRefusedWithTheRotateFix() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        let longAgo = Date(timeIntervalSince1970: 946_728_000)  // 2000-01-01T12:00:00Z
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: longAgo)
        let error = #expect(
            throws: TLSError.authorityExpired(file: folder.certificatePath, notAfter: "2009-12-28T12:00:00Z")
        ) {
            try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        }
        #expect(error?.description.contains("mockweather ca rotate") == true)
    }

    @Test(arguments: [false, true])
    func unreadablePEMIsRefusedNamingTheFile(inKey: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        let file = inKey ? folder.keyPath : folder.certificatePath
        try Self.write("not PEM at all\n", to: file, mode: 0o600)
        let error = #expect(throws: TLSError.self) { try CertificateAuthority.loadOrCreate(in: folder, now: Self.now) }
        guard case .unreadablePEM(let named, let reason) = error else {
            Issue.record("expected unreadablePEM, got \(String(describing: error))")
            return
        }
        #expect(named == file)
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("\(file) is not a readable PEM file") == true)
    }

    @Test func oneFileOfThePairWithoutTheOtherIsRefusedAndNotOverwritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        let key = try String(contentsOfFile: folder.keyPath, encoding: .utf8)
        #expect(unlink(folder.certificatePath) == 0)
        #expect(throws: TLSError.authorityIncomplete(present: folder.keyPath, missing: folder.certificatePath)) {
            try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        }
        #expect(try String(contentsOfFile: folder.keyPath, encoding: .utf8) == key)

        let otherDirectory = try TemporaryDirectory()
        defer { otherDirectory.cleanUp() }
        let other = Self.folder(in: otherDirectory)
        _ = try CertificateAuthority.loadOrCreate(in: other, now: Self.now)
        #expect(unlink(other.keyPath) == 0)
        #expect(throws: TLSError.authorityIncomplete(present: other.certificatePath, missing: other.keyPath)) {
            try CertificateAuthority.loadOrCreate(in: other, now: Self.now)
        }
    }

    @Test func rotateMakesANewCAAndKeepsTheOldPairBesideIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        let old = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)
        let rotation = try CertificateAuthority.rotate(in: folder, now: Self.now.addingTimeInterval(3_600))
        let archivedCertificate = "\(folder.path)/ca-20260314T110000Z.pem"
        let archivedKey = "\(folder.path)/ca-key-20260314T110000Z.pem"
        #expect(rotation.archived == [archivedCertificate, archivedKey])
        #expect(rotation.previous?.fingerprint == old.certificate.fingerprint)
        #expect(rotation.authority.wasCreated)
        #expect(rotation.authority.certificate.fingerprint != old.certificate.fingerprint)
        #expect(Self.mode(archivedKey) == 0o600)
        let kept = try Certificate(pem: Array(try Data(contentsOf: URL(fileURLWithPath: archivedCertificate))))
        #expect(kept.fingerprint == old.certificate.fingerprint)
        let loaded = try CertificateAuthority.loadOrCreate(in: folder, now: Self.now.addingTimeInterval(3_600))
        #expect(loaded.certificate.fingerprint == rotation.authority.certificate.fingerprint)

        // A second rotation in the same second keeps both old pairs.
        let again = try CertificateAuthority.rotate(in: folder, now: Self.now.addingTimeInterval(3_600))
        #expect(
            again.archived == [
                "\(folder.path)/ca-20260314T110000Z-2.pem", "\(folder.path)/ca-key-20260314T110000Z-2.pem",
            ])
    }

    @Test func rotateReplacesACAThatNoLongerLoads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = Self.folder(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: folder, now: Date(timeIntervalSince1970: 946_728_000))
        try Self.write("damaged", to: folder.certificatePath, mode: 0o644)
        let rotation = try CertificateAuthority.rotate(in: folder, now: Self.now)
        #expect(rotation.previous == nil)
        #expect(rotation.archived.count == 2)
        #expect(!(try CertificateAuthority.loadOrCreate(in: folder, now: Self.now)).wasCreated)
    }
}
