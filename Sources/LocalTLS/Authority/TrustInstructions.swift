/// Where a CA certificate can be trusted; each has its own commands.
package enum TrustTarget: String, CaseIterable, Sendable {
    /// The booted iOS Simulator.
    case simulator
    /// The Simulator devices Xcode Previews runs in (a device set of their own).
    case previews
    /// The macOS login keychain: Safari, URLSession in macOS apps and command-line tools.
    case macos
    /// The system store of Debian, Ubuntu and Fedora.
    case linux
    /// One program at a time, through its environment or options (curl, Python, Node).
    case env
}

/// The exact commands that make something trust the local CA, and undo it. They are printed, never
/// run: trusting a CA is the user's decision, made once per device.
package enum TrustInstructions {
    /// One place's instructions: a heading, the commands to copy, and what to know.
    package struct Section: Sendable, Equatable {
        /// What the commands trust, e.g. `The booted iOS Simulator`.
        package let title: String
        /// Shell commands, one per line, with the CA file's path quoted for the shell.
        package let commands: [String]
        /// Notes: when the commands apply, and how to remove the trust again.
        package let notes: [String]
    }

    /// The proxy the curl example names: `mockweather serve` on its default port.
    static let exampleProxy = "http://127.0.0.1:8080"

    /// The instructions for `target`, naming the CA certificate at `certificatePath` (a PEM file) and
    /// the CA's subject CN (`commonName`, as keychains list it).
    package static func section(for target: TrustTarget, certificatePath: String, commonName: String) -> Section {
        let pem = shellQuoted(certificatePath)
        switch target {
        case .simulator:
            return Section(
                title: "The booted iOS Simulator",
                commands: ["xcrun simctl keychain booted add-root-cert \(pem)"],
                notes: [
                    "Boot the Simulator first; run it again for each device (or name a device's UDID instead of "
                        + "'booted'). Apps see it at once; no restart is needed.",
                    "To remove it: xcrun simctl keychain booted reset (removes every certificate added to that device).",
                ])
        case .previews:
            return Section(
                title: "Xcode Previews (the 'previews' simulator set)",
                commands: [
                    "xcrun simctl --set previews list devices booted",
                    "xcrun simctl --set previews keychain booted add-root-cert \(pem)",
                ],
                notes: [
                    // Confirmed by a user's report and Proxyman's shipped support (ProxymanApp/Proxyman#1568), not
                    // by Apple's documentation: simctl's `--set previews` selects the Previews device set.
                    "Previews run in their own device set: show a preview in Xcode's canvas so its device is "
                        + "booted, then run the second command (the first lists that device).",
                    "To remove it: xcrun simctl --set previews keychain booted reset.",
                ])
        case .macos:
            return Section(
                title: "macOS (your login keychain)",
                commands: ["security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db \(pem)"],
                notes: [
                    "macOS asks for your password to change trust settings. Safari, URLSession and curl on the Mac "
                        + "then trust it.",
                    "To remove it: security delete-certificate -t -c \(shellQuoted(commonName)) "
                        + "~/Library/Keychains/login.keychain-db",
                ])
        case .linux:
            return Section(
                title: "Linux system store (Debian and Ubuntu; Fedora)",
                commands: [
                    "sudo cp \(pem) /usr/local/share/ca-certificates/mockweather.crt && sudo update-ca-certificates",
                    "sudo trust anchor \(pem)",
                ],
                notes: [
                    "The first line is for Debian and Ubuntu (the file must end in .crt), the second for Fedora.",
                    "To remove it: sudo rm /usr/local/share/ca-certificates/mockweather.crt && sudo "
                        + "update-ca-certificates --fresh (Debian, Ubuntu); sudo trust anchor --remove \(pem) (Fedora).",
                ])
        case .env:
            return Section(
                title: "One program at a time",
                commands: [
                    "curl --cacert \(pem) --proxy \(exampleProxy) 'https://api.openweathermap.org/data/2.5/weather?q=Seoul'",
                    "export SSL_CERT_FILE=\(pem)",
                    "export REQUESTS_CA_BUNDLE=\(pem)",
                    "export NODE_EXTRA_CA_CERTS=\(pem)",
                ],
                notes: [
                    "SSL_CERT_FILE is read by OpenSSL-based programs (Python's ssl, Ruby, git, curl built on "
                        + "OpenSSL); REQUESTS_CA_BUNDLE by Python requests; NODE_EXTRA_CA_CERTS by Node.js.",
                    "SSL_CERT_FILE and REQUESTS_CA_BUNDLE replace the trusted roots rather than add to them: only "
                        + "hosts the mock serves verify while they are set. NODE_EXTRA_CA_CERTS adds.",
                ])
        }
    }

    /// The sections for `targets` as text: a heading, the commands indented, and the notes.
    package static func text(for targets: [TrustTarget], certificatePath: String, commonName: String) -> String {
        var lines: [String] = []
        for target in targets {
            let section = section(for: target, certificatePath: certificatePath, commonName: commonName)
            if !lines.isEmpty { lines.append("") }
            lines.append("\(section.title) (--for \(target.rawValue)):")
            lines += section.commands.map { "  \($0)" }
            lines += section.notes.map { "  # \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as one shell word: as it is when it has only safe characters, else in single quotes
    /// (macOS's folder is under `Application Support`, with a space).
    package static func shellQuoted(_ text: String) -> String {
        let safe = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/._-+:@%=,".utf8.contains(byte)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
