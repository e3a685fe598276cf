#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

/// One request to a mockweather server's admin API (`/__admin/…`, answered to loopback clients only),
/// with a short timeout: what ``RouteAnnouncement`` and ``MockClockFollower`` send.
enum AdminCall {
    /// `method path` at the server at `baseURL` with a JSON `body`, waiting at most `timeout` seconds:
    /// the status and the body, or a transport error's text.
    static func send(
        _ method: String, _ path: String, body: Data? = nil, to baseURL: URL, timeout: TimeInterval
    ) async -> Result<(status: Int, body: Data), AdminCallFailure> {
        guard let endpoint = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            return .failure(AdminCallFailure(message: "cannot make an admin URL from \(baseURL)"))
        }
        var request = URLRequest(url: endpoint)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        request.timeoutInterval = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking honours the resource timeout, not the request's.
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            return .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data))
        } catch {
            return .failure(AdminCallFailure(message: error.localizedDescription))
        }
    }

    /// The `error` member of an admin API's JSON error, else the body's first 300 bytes.
    static func message(of body: Data) -> String {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
            ?? String(decoding: body.prefix(300), as: UTF8.self)
    }
}

/// Why an admin request got no answer.
struct AdminCallFailure: Error {
    let message: String
}
