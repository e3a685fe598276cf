import Testing

@testable import LocalTLS

/// The printed trust commands: exact, with the CA file's real path quoted for the shell.
@Suite struct CertificateTrustTests {
    static let path = "/home/ada/.local/share/mockweather/ca/ca.pem"

    @Test func theSimulatorCommandNamesTheCertificate() {
        let section = TrustInstructions.section(for: .simulator, certificatePath: Self.path, commonName: "CA")
        #expect(section.commands == ["xcrun simctl keychain booted add-root-cert \(Self.path)"])
    }

    @Test func eachTargetsCommandsAreExact() {
        func commands(_ target: TrustTarget) -> [String] {
            TrustInstructions.section(for: target, certificatePath: Self.path, commonName: "CA").commands
        }
        #expect(commands(.previews).last == "xcrun simctl --set previews keychain booted add-root-cert \(Self.path)")
        #expect(
            commands(.macos) == [
                "security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db \(Self.path)"
            ])
        #expect(
            commands(.linux) == [
                "sudo cp \(Self.path) /usr/local/share/ca-certificates/mockweather.crt && sudo update-ca-certificates",
                "sudo trust anchor \(Self.path)",
            ])
        #expect(commands(.env).contains("export SSL_CERT_FILE=\(Self.path)"))
        #expect(commands(.env).contains("export REQUESTS_CA_BUNDLE=\(Self.path)"))
        #expect(commands(.env).contains("export NODE_EXTRA_CA_CERTS=\(Self.path)"))
        #expect(commands(.env).contains { $0.hasPrefix("curl --cacert \(Self.path) ") })
    }

    @Test func aPathWithASpaceOrQuoteIsQuotedForTheShell() {
        let path = "/Users/ada/Library/Application Support/mockweather/ca/ca.pem"
        let section = TrustInstructions.section(for: .simulator, certificatePath: path, commonName: "CA")
        #expect(section.commands == ["xcrun simctl keychain booted add-root-cert '\(path)'"])
        #expect(TrustInstructions.shellQuoted("it's") == "'it'\\''s'")
        #expect(TrustInstructions.shellQuoted("") == "''")
    }

    @Test func theMacOSRemovalNamesTheCAByItsCommonName() {
        let section = TrustInstructions.section(
            for: .macos, certificatePath: Self.path, commonName: "mockweather local CA (ada@mac)")
        #expect(
            section.notes.contains { $0.contains("security delete-certificate -t -c 'mockweather local CA (ada@mac)'") }
        )
    }

    @Test func theTextHasEverySectionWithItsOption() {
        let text = TrustInstructions.text(for: TrustTarget.allCases, certificatePath: Self.path, commonName: "CA")
        for target in TrustTarget.allCases {
            #expect(text.contains("(--for \(target.rawValue)):"))
        }
        #expect(text.contains("  xcrun simctl keychain booted add-root-cert \(Self.path)\n"))
    }
}
