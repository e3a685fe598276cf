import Foundation

/// A server this suite did not start and must not stop: the one `MOCKWEATHER_SERVER_URL` names
/// (`Scripts/contract.sh --server URL`), as a CI job that starts `mockweather serve` as a service has.
/// `withMock` rewinds its sequences once, before the first case (``MockSetup/contract``).
struct ExternalServer {
    let baseURL: URL

    static var configured: ExternalServer? {
        guard let text = ProcessInfo.processInfo.environment["MOCKWEATHER_SERVER_URL"], !text.isEmpty,
            let url = URL(string: text)
        else { return nil }
        return ExternalServer(baseURL: url)
    }
}
