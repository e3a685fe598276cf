import ArgumentParsing
import Basics
import LocalTLS

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mockweather ca [show|export|trust|rotate]`: the local certificate authority HTTPS interception
/// signs its certificates with: where it is, its fingerprint, the certificate to export, the commands
/// that trust it, and a new one when needed. Made on first use; nothing is ever installed.
enum CACommand {
    /// What `mockweather ca` does; `show` when no action is given.
    enum Action: String, CaseIterable {
        case show, export, trust, rotate
    }

    static let caDirectory = OptionSpec.option(
        "--ca-dir", value: "DIR",
        help: "The CA's folder (default: $MOCKWEATHER_CA_DIR, else the user's data folder; see below).")
    static let pem = OptionSpec.option(
        "--pem", value: "FILE", help: "export: write the CA certificate as PEM to FILE ('-' for standard output).")
    static let der = OptionSpec.option(
        "--der", value: "FILE",
        help: "export: write the CA certificate as DER (.cer, .der) to FILE ('-' for standard output).")
    static let target = OptionSpec.option(
        "--for", value: "TARGET",
        help: "trust: only the commands for TARGET: "
            + TrustTarget.allCases.map(\.rawValue).joined(separator: ", ") + " (default: all).")

    static let spec = CommandSpec(
        name: "mockweather ca",
        abstract: "Show, export, trust or rotate the local certificate authority HTTPS interception uses.",
        discussion: """
            ACTIONS:
              show     (the default) where the CA is, its subject, validity and SHA-256 fingerprint
              export   write the CA certificate: --pem FILE or --der FILE ('-' for standard output)
              trust    print the commands that trust it (--for simulator|previews|macos|linux|env);
                       nothing is run or installed by mockweather
              rotate   make a new CA; the old pair is kept as ca-<time>.pem and ca-key-<time>.pem, and
                       whatever trusted the old one must trust the new one instead

            The CA is made on first use: an ECDSA P-256 key (ca-key.pem, mode 0600) and a self-signed
            certificate valid for ten years (ca.pem), in a folder of mode 0700: --ca-dir DIR, else
            $MOCKWEATHER_CA_DIR, else $XDG_DATA_HOME/mockweather/ca or ~/.local/share/mockweather/ca on
            Linux, ~/Library/Application Support/mockweather/ca on macOS. It never goes into a repository,
            a cassette folder or a container image: each machine makes its own.

            EXIT STATUS: 0 done, 64 usage, 65 the CA's files are refused (the message names the file and
            the fix), 69 OpenSSL 3 is missing, 73 a file or folder cannot be written.
            """,
        options: [caDirectory, pem, der, target],
        positionals: [PositionalSpec("ACTION", help: "show, export, trust or rotate (default: show).", optional: true)]
    )

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitCode {
        let action = try chosenAction(arguments)
        let trustTargets = try arguments.choice(target, as: TrustTarget.self).map { [$0] } ?? TrustTarget.allCases
        let folder: CAFolder
        do {
            folder = try CAFolder.resolve(
                explicit: arguments.value(caDirectory), environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            return fail(error)
        }
        do throws(TLSError) {
            if action == .rotate {
                return try rotate(folder)
            }
            let authority = try CertificateAuthority.loadOrCreate(in: folder, now: Date())
            if authority.wasCreated {
                Console.standardError.writeLine(
                    "mockweather ca: made a new local certificate authority (first use) in \(folder.path)")
            }
            switch action {
            case .show: show(authority)
            case .export: return export(authority, arguments)
            case .trust: trust(authority, targets: trustTargets)
            case .rotate: break
            }
            return .success
        } catch {
            return fail(error)
        }
    }

    /// The action, with each action's own options checked: an option given to an action that does
    /// not take it is named.
    private static func chosenAction(_ arguments: ParsedArguments) throws(UsageError) -> Action {
        let given = arguments.positional(0) ?? Action.show.rawValue
        guard let action = Action(rawValue: given) else {
            let names = Action.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: given, among: names).map { "did you mean '\($0)'? " } ?? ""
            throw .other("unknown action '\(given)'; \(suggestion)(expected \(names.joined(separator: ", ")))")
        }
        for (option, owner) in [(pem, Action.export), (der, .export), (target, .trust)]
        where arguments.contains(option) && action != owner {
            throw .other("'\(option.name)' is only for 'mockweather ca \(owner.rawValue)'")
        }
        if action == .export {
            if arguments.contains(pem), arguments.contains(der) { throw .conflictingOptions(pem.name, der.name) }
            if !arguments.contains(pem), !arguments.contains(der) {
                throw .other("'mockweather ca export' needs '--pem FILE' or '--der FILE' ('-' for standard output)")
            }
        }
        return action
    }

    private static func show(_ authority: CertificateAuthority) {
        let folder = authority.folder
        let certificate = authority.certificate
        Console.standardOutput.write(
            """
            folder:       \(folder.path) (from \(folder.origin.rawValue))
            certificate:  \(folder.certificatePath)
            private key:  \(folder.keyPath) (mode 0600: yours alone, never copy it)
            subject:      \(certificate.subject)
            valid:        \(certificate.validity)
            SHA-256:      \(certificate.fingerprint)

            Trust it: 'mockweather ca trust' prints the commands. Export it: 'mockweather ca export --der FILE'.

            """)
    }

    private static func export(_ authority: CertificateAuthority, _ arguments: ParsedArguments) -> ExitCode {
        let (file, bytes) =
            if let file = arguments.value(pem) {
                (file, Array(authority.certificate.pem.utf8))
            } else {
                (arguments.value(der) ?? "-", authority.certificate.der)
            }
        if file == "-" {
            FileDescriptorWriter.writeAll(bytes, to: 1)
            return .success
        }
        do {
            _ = try AtomicFile.write(bytes, to: file, replacing: true)
        } catch {
            Console.standardError.writeLine("mockweather ca: cannot write \(error.file): \(error.reason)")
            return .cannotCreate
        }
        Console.standardOutput.writeLine(
            "wrote \(file) (the CA certificate, SHA-256 \(authority.certificate.fingerprint))")
        return .success
    }

    private static func trust(_ authority: CertificateAuthority, targets: [TrustTarget]) {
        let path = authority.folder.certificatePath
        Console.standardOutput.write(
            """
            Trust \(path) (SHA-256 \(authority.certificate.fingerprint)) by running the commands you need.
            mockweather runs none of them: trusting a CA is yours to decide, once per device.


            """
                + TrustInstructions.text(
                    for: targets, certificatePath: path, commonName: authority.commonName))
    }

    private static func rotate(_ folder: CAFolder) throws(TLSError) -> ExitCode {
        let rotation = try CertificateAuthority.rotate(in: folder, now: Date())
        var lines = ["made a new local certificate authority in \(folder.path)"]
        lines.append("SHA-256:      \(rotation.authority.certificate.fingerprint)")
        if !rotation.archived.isEmpty {
            lines.append("kept the old files as \(rotation.archived.joined(separator: " and "))")
        }
        if let previous = rotation.previous {
            lines.append("old CA:       \(previous.subject), SHA-256 \(previous.fingerprint)")
        }
        lines.append(
            "Remove the old CA's trust wherever you added it (the 'To remove it' notes of 'mockweather ca trust'), "
                + "then trust the new one: its certificate is \(folder.certificatePath).")
        Console.standardOutput.writeLine(lines.joined(separator: "\n"))
        return .success
    }

    /// Prints `error` and the exit status that says what kind of failure it was.
    private static func fail(_ error: TLSError) -> ExitCode {
        Console.standardError.writeLine("mockweather ca: \(error.description)")
        switch error {
        case .libraryMissing: return .unavailable
        case .noAuthorityFolder, .invalidHost: return .usage
        case .fileSystem(_, let operation, _): return operation == "read" ? .noInput : .cannotCreate
        case .unreadablePEM, .keyFileExposed, .keyMismatch, .notAnAuthority, .authorityExpired, .authorityIncomplete:
            return .dataError
        // OpenSSL refusing to make a key or certificate, and the session errors this command never meets.
        default: return .software
        }
    }
}
