import ArgumentParsing
import HTTPServer
import LocalTLS
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServeCommand {
    /// `--tls`, `--tls-host` and `--ca-dir`: HTTPS interception is always on for the APIs' hosts; its
    /// CA is read or made only when the first tunnel (or `--tls`) needs it.
    static func configureTLS(_ options: inout ServeOptions, _ arguments: ParsedArguments) throws(UsageError) {
        options.tunnelHosts = try arguments.values(option.tlsHost).map { name throws(UsageError) in
            // The certificate's own rules, so a host is refused here rather than at its first tunnel.
            do {
                try CertificateAuthority.checkHosts([name])
            } catch {
                throw .invalidValue(option: "--tls-host", value: name, expected: "a host name or address: \(error)")
            }
            return name.lowercased()
        }
        options.servesTLSDirectly = arguments.flag(option.tls)
        let environment = ProcessInfo.processInfo.environment
        do {
            let folder = try CAFolder.resolve(
                explicit: arguments.value(option.caDirectory), environment: environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
            options.interception = InterceptionCertificates(folder: folder)
        } catch {
            guard !options.servesTLSDirectly else {
                throw .other("'--tls' needs the local CA's folder: \(error); give one with --ca-dir")
            }
            options.interception = UnavailableCertificates(reason: error.description)
        }
    }
}

/// Interception when no CA folder can be named (no home folder): every tunnel is refused saying why.
struct UnavailableCertificates: TLSContextProvider {
    let reason: String

    func context(forHost host: String) throws(TLSFailure) -> any TLSServerContext {
        throw TLSFailure(.unavailable, "\(reason); give the CA's folder with --ca-dir or MOCKWEATHER_CA_DIR")
    }

    func directContext(forHosts hosts: [String]) throws(TLSFailure) -> any TLSServerContext {
        try context(forHost: hosts.first ?? "")
    }

    var authorityLocation: String? { nil }
}
