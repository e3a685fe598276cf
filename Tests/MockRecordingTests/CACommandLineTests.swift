import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mockweather ca` on the real binary, with MOCKWEATHER_CA_DIR in a temporary folder (never the real
/// home folder).
@Suite struct CACommandLineTests {
    /// A CA folder that does not exist yet, and the environment that names it.
    static func folder() throws -> (TemporaryDirectory, String, [String: String]) {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("ca").path
        return (directory, folder, ["MOCKWEATHER_CA_DIR": folder])
    }

    /// The fingerprint `mockweather ca` prints on its `SHA-256:` line.
    static func fingerprint(in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("SHA-256:") }
            .map { String($0.dropFirst("SHA-256:".count)).trimmingCharacters(in: .whitespaces) }
    }

    static func mode(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_mode) & 0o7777 : -1
    }

    @Test func caMakesTheCAOnFirstUseAndPrintsWhereItIsAndItsFingerprint() async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let first = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("made a new local certificate authority (first use) in \(folder)"))
        #expect(first.standardOutput.contains("certificate:  \(folder)/ca.pem"))
        #expect(first.standardOutput.contains("subject:      /O=mockweather/CN=mockweather local CA ("))
        let fingerprint = try #require(Self.fingerprint(in: first.standardOutput))
        #expect(fingerprint.count == 95)
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(folder + "/ca-key.pem") == 0o600)

        let second = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        #expect(second.status == 0)
        #expect(!second.standardError.contains("made a new"))
        #expect(Self.fingerprint(in: second.standardOutput) == fingerprint)
    }

    @Test func exportDERHasTheSHA256TheFingerprintNames() async throws {
        let (directory, _, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let shown = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        let fingerprint = try #require(Self.fingerprint(in: shown.standardOutput))
        let file = directory.url.appendingPathComponent("ca.cer").path
        let export = try await RunningProcess.run(
            "mockweather", ["ca", "export", "--der", file], environment: environment)
        #expect(export.status == 0, "\(export.standardError)")
        let der = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(der.first == 0x30)
        #expect(SHA256Digest.of(der).map { String(format: "%02X", $0) }.joined(separator: ":") == fingerprint)

        let pem = try await RunningProcess.run("mockweather", ["ca", "export", "--pem", "-"], environment: environment)
        #expect(pem.standardOutput.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(pem.standardOutput.hasSuffix("-----END CERTIFICATE-----\n"))
    }

    @Test func trustPrintsTheSimulatorCommandWithTheRealPath() async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let result = try await RunningProcess.run(
            "mockweather", ["ca", "trust", "--for", "simulator"], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("  xcrun simctl keychain booted add-root-cert \(folder)/ca.pem\n"))
        #expect(!result.standardOutput.contains("security add-trusted-cert"))
        let all = try await RunningProcess.run("mockweather", ["ca", "trust"], environment: environment)
        for option in ["simulator", "previews", "macos", "linux", "env"] {
            #expect(all.standardOutput.contains("(--for \(option)):"))
        }
    }

    @Test func caDirOverridesTheEnvironment() async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let other = directory.url.appendingPathComponent("other").path
        let result = try await RunningProcess.run("mockweather", ["ca", "--ca-dir", other], environment: environment)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("folder:       \(other) (from --ca-dir)"))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test(arguments: [
        (["ca", "--ca-dri", "x"], "'--ca-dri'; did you mean '--ca-dir'?"),
        (["ca", "trust", "--for", "mac"], "invalid value 'mac' for '--for'"),
        (["ca", "--pem", "out.pem"], "'--pem' is only for 'mockweather ca export'"),
        (["ca", "export"], "needs '--pem FILE' or '--der FILE'"),
        (["ca", "export", "--pem", "a", "--der", "b"], "options '--pem' and '--der' cannot be used together"),
        (["ca", "exprot"], "unknown action 'exprot'; did you mean 'export'?"),
    ])
    func aBadCommandLineExits64NamingWhatWasWrong(arguments: [String], message: String) async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let result = try await RunningProcess.run("mockweather", arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func twoProcessesStartingTogetherEndWithOneCA() async throws {
        let (directory, _, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let first = try RunningProcess.start("mockweather", ["ca"], environment: environment)
        let second = try RunningProcess.start("mockweather", ["ca"], environment: environment)
        let results = [await first.finish(), await second.finish()]
        #expect(results.allSatisfy { $0.status == 0 })
        #expect(Set(results.map { Self.fingerprint(in: $0.standardOutput) }).count == 1)
        #expect(results.filter { $0.standardError.contains("made a new") }.count == 1)
    }

    @Test func rotateKeepsTheOldPairAndSaysToRemoveItsTrust() async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        let shown = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        let old = try #require(Self.fingerprint(in: shown.standardOutput))
        let rotated = try await RunningProcess.run("mockweather", ["ca", "rotate"], environment: environment)
        #expect(rotated.status == 0, "\(rotated.standardError)")
        #expect(rotated.standardOutput.contains("old CA:       /O=mockweather/CN=mockweather local CA ("))
        #expect(rotated.standardOutput.contains("SHA-256 \(old)"))
        #expect(rotated.standardOutput.contains("Remove the old CA's trust"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("ca-key-") }
        #expect(kept.count == 1)
        let now = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        let new = try #require(Self.fingerprint(in: now.standardOutput))
        #expect(new != old)
        #expect(rotated.standardOutput.contains("SHA-256:      \(new)"))
    }

    @Test func theDigestThisSuiteChecksWithIsSHA256() {
        let abc = SHA256Digest.of(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(abc == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let empty = SHA256Digest.of([]).map { String(format: "%02x", $0) }.joined()
        #expect(empty == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = SHA256Digest.of(Array(repeating: UInt8(ascii: "a"), count: 1_000)).map { String(format: "%02x", $0) }
        #expect(long.joined() == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aKeyOthersCanReadExits65WithTheChmodFix() async throws {
        let (directory, folder, environment) = try Self.folder()
        defer { directory.cleanUp() }
        _ = try await RunningProcess.run("mockweather", ["ca"], environment: environment)
        #expect(chmod(folder + "/ca-key.pem", 0o644) == 0)
        let result = try await RunningProcess.run("mockweather", ["ca", "trust"], environment: environment)
        #expect(result.status == 65)
        #expect(result.standardError.contains("chmod 600 \(folder)/ca-key.pem`"))
        #expect(result.standardOutput.isEmpty)
    }
}

/// SHA-256 (FIPS 180-4), written here so that the fingerprint `mockweather ca` prints is checked
/// against a digest its own OpenSSL did not compute.
enum SHA256Digest {
    private static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    static func of(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var padded = message + [0x80]
        padded += [UInt8](repeating: 0, count: (56 - padded.count % 64 + 64) % 64)
        let bits = UInt64(message.count) * 8
        padded += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
        for start in stride(from: 0, to: padded.count, by: 64) {
            var words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(padded[start + index * 4 + $1]) }
            }
            for index in 16..<64 {
                let low = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let high = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words.append(words[index - 16] &+ low &+ words[index - 7] &+ high)
            }
            var (a, b, c, d, e, f, g, h) = (
                state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
            )
            for index in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let first = h &+ sum1 &+ choice &+ constants[index] &+ words[index]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ sum0 &+ majority)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }
}
