public import Foundation
import LocalTLS
import MockEngine

/// HTTPS interception for ``InProcessMockWeather``, as `mockweather serve` does it: a `CONNECT` to an
/// API's host (`api.openweathermap.org:443`, `dapi.kakao.com:443`, `apis.data.go.kr:443`) or an
/// ``additionalHosts`` name is answered with a TLS tunnel whose certificate the local CA issues, and what
/// comes through is replayed like any request. Point an app's proxy at the server's port (a UI test's
/// launch environment, the Simulator's network settings) and its own unmodified HTTPS code reaches
/// the mock, once the CA is trusted (`mockweather ca trust`).
public struct HTTPSInterception: Sendable, Equatable {
    /// The local CA's folder; nil uses the one `mockweather ca` uses (`MOCKWEATHER_CA_DIR`, else the
    /// user's data folder), the CA a Simulator was told to trust. Made there on first use.
    public var certificateAuthorityDirectory: URL?
    /// Hosts beyond the APIs' that tunnels may be opened for; any other host is refused.
    public var additionalHosts: [String]
    /// Also serve HTTPS directly on the port (`https://127.0.0.1:PORT`), beside plain HTTP.
    public var servesHTTPSDirectly: Bool

    /// Interception with the CA in `certificateAuthorityDirectory` (nil: the user's own).
    public init(
        certificateAuthorityDirectory: URL? = nil, additionalHosts: [String] = [], servesHTTPSDirectly: Bool = false
    ) {
        self.certificateAuthorityDirectory = certificateAuthorityDirectory
        self.additionalHosts = additionalHosts
        self.servesHTTPSDirectly = servesHTTPSDirectly
    }

    /// Sets `options`' interception from these settings.
    ///
    /// - Throws: ``MockWeatherSetupError/httpsUnavailable(reason:)`` when no CA folder can be named, or
    ///   an ``additionalHosts`` entry is one no certificate can name.
    func configure(_ options: inout ServeOptions) throws(MockWeatherSetupError) {
        let folder: CAFolder
        do {
            if !additionalHosts.isEmpty { try CertificateAuthority.checkHosts(additionalHosts) }
            folder = try CAFolder.resolve(
                explicit: certificateAuthorityDirectory?.path, environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            throw .httpsUnavailable(reason: error.description)
        }
        options.interception = InterceptionCertificates(folder: folder)
        options.tunnelHosts = additionalHosts.map { $0.lowercased() }
        options.servesTLSDirectly = servesHTTPSDirectly
    }
}
