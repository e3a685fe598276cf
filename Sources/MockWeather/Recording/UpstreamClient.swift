import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What record mode sends upstream: the client's request without its key; the transport adds the real one.
struct UpstreamRequest: Sendable {
    var method: String
    /// The raw path as the client sent it.
    var path: String
    /// The raw query without key parameters (may be empty).
    var query: String
    var body: [UInt8]

    init(_ request: RecordingRequest) {
        method = request.method
        path = request.rawPath
        query = request.forwardedQuery
        body = request.body
    }
}

/// The live API's answer, exactly as received (bodies decompressed by the transport).
struct UpstreamResponse: Sendable {
    var status: Int
    var headers: [HeaderField]
    var body: [UInt8]
}

/// Why the upstream gave no answer. `reason` is already scrubbed: it never holds the key.
struct UpstreamFailure: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// The seam between record mode and the network: tests may answer in memory, `URLSessionUpstream`
/// talks to the live API.
protocol UpstreamTransport: Sendable {
    /// Where requests go, for messages (`https://api.openweathermap.org`).
    var upstream: UpstreamURL { get }
    /// Sends `request` with the real key; throws when no HTTP answer arrived in time.
    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse
}

/// Forwards over URLSession (TLS for `https`) with a timeout, no cache and no cookies. The real key
/// is added as `appid`; error text is scrubbed before it leaves, because URLSession's errors quote
/// the failing URL, key included.
final class URLSessionUpstream: UpstreamTransport {
    let upstream: UpstreamURL
    private let key: UpstreamAPIKey
    private let timeout: Duration
    private let scrubber: KeyScrubber
    private let session: URLSession

    init(upstream: UpstreamURL, key: UpstreamAPIKey, timeout: Duration, scrubber: KeyScrubber) {
        self.upstream = upstream
        self.key = key
        self.timeout = timeout
        self.scrubber = scrubber.adding(secrets: [key.revealed])
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = Self.seconds(timeout)
        configuration.timeoutIntervalForResource = Self.seconds(timeout)
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        guard let url = url(for: request) else {
            throw UpstreamFailure(reason: "the request target cannot be forwarded: not a valid URL")
        }
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.seconds(timeout))
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("mockweather/\(MockWeatherVersion.current) (record mode)", forHTTPHeaderField: "User-Agent")
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw UpstreamFailure(reason: scrubber.scrub(describe(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            throw UpstreamFailure(reason: "the answer was not HTTP")
        }
        var headers: [HeaderField] = []
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers.append(HeaderField(name: name, value: value))
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        return UpstreamResponse(status: http.statusCode, headers: headers, body: Array(data))
    }

    /// The upstream URL with the real key appended as `appid`, or nil when the client's target does
    /// not make a URL even after escaping stray characters.
    private func url(for request: UpstreamRequest) -> URL? {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encodedKey = key.revealed.addingPercentEncoding(withAllowedCharacters: allowed) ?? key.revealed
        let query = request.query.isEmpty ? "appid=\(encodedKey)" : "\(request.query)&appid=\(encodedKey)"
        let path = request.path.hasPrefix("/") ? request.path : "/" + request.path
        let text = upstream.url.absoluteString + path + "?" + query
        if let url = URL(string: text) { return url }
        // Clients sometimes send raw spaces or non-ASCII; escape what a URL cannot hold, keeping `%XX`.
        var safe = CharacterSet.urlQueryAllowed
        safe.insert("%")
        safe.remove(charactersIn: "#")
        return text.addingPercentEncoding(withAllowedCharacters: safe).flatMap(URL.init(string:))
    }

    private func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return String(describing: error) }
        switch urlError.code {
        case .timedOut: return "timed out after \(UnitConversion.format(Self.seconds(timeout))) s"
        case .cannotConnectToHost: return "cannot connect to \(upstream.url.host ?? "the host") (connection refused)"
        case .cannotFindHost, .dnsLookupFailed: return "cannot resolve \(upstream.url.host ?? "the host")"
        case .notConnectedToInternet: return "not connected to the internet"
        case .networkConnectionLost: return "the connection was lost before a complete answer"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "TLS failed: \(urlError.localizedDescription)"
        default: return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
