internal import Foundation

/// How every client joins its base URL and a call's path and query, so OpenWeatherMap, Kakao Local
/// and KMA refuse a bad base URL in the same words.
enum RequestURL {
    /// Why a call has no URL on a base URL; `message` names the base URL (and the path when the two do
    /// not join), for each client's own `invalidRequest` error.
    struct Problem: Error {
        var message: String
    }

    /// `pathAndQuery` on `baseURL`, its trailing slashes dropped (a base with a path prefix keeps it).
    /// `path` and `which` ("base URL", "icon base URL") name the parts in the message.
    ///
    /// - Throws: ``Problem`` when `baseURL` is not an http or https URL with a host, or when the two do
    ///   not form a URL.
    static func join(_ baseURL: URL, _ pathAndQuery: String, path: String, which: String = "base URL")
        throws(Problem) -> URL
    {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https", baseURL.host != nil
        else {
            throw Problem(message: "\(which) \(baseURL.absoluteString) is not an http or https URL with a host")
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + pathAndQuery) else {
            throw Problem(message: "cannot form a URL from \(base) and \(path)")
        }
        return url
    }
}
