#if canImport(FoundationNetworking)
internal import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``HTTPTransport``: URLSession (FoundationNetworking on Linux).
///
/// The request's timeout is URLSession's request timeout (no bytes for that long fails the
/// request); the session's resource timeout bounds a whole transfer, so a server that drips its
/// body byte by byte cannot hold the client forever. `URLError`s map to ``TransportFailure``
/// kinds: timed out → `.timeout`; not connected, data not allowed, roaming off → `.offline`;
/// cannot find or connect to host, DNS failure → `.cannotConnect`; connection lost, bad or empty
/// server response → `.connectionLost`; cancelled → `.cancelled`; anything else → `.other`. The
/// failure message names the host and the URLError code, never the query (which holds the key).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport over `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// A transport over its own ephemeral session (no cookies, no disk cache) whose transfers
    /// are bounded by `resourceTimeout` in total.
    public init(resourceTimeout: Duration = .seconds(60)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = resourceTimeout.timeInterval
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.init(session: URLSession(configuration: configuration))
    }

    /// Sends `request` with URLSession and returns the answer, whatever its status.
    public func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout.timeInterval)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw Self.failure(for: error, request: request)
        } catch is CancellationError {
            throw TransportFailure(.cancelled, message: "the request to \(Self.host(of: request)) was cancelled")
        } catch {
            throw TransportFailure(.other, message: "request to \(Self.host(of: request)) failed: \(error)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportFailure(.other, message: "\(Self.host(of: request)) did not answer with HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Maps a `URLError` to a failure kind and a message without the request's query.
    static func failure(for error: URLError, request: TransportRequest) -> TransportFailure {
        let host = host(of: request)
        let code = "URLError \(error.code.rawValue)"
        switch error.code {
        case .timedOut:
            let seconds = DecimalText.plain(request.timeout.timeInterval)
            return TransportFailure(.timeout, message: "no answer from \(host) within \(seconds) s (\(code))")
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            return TransportFailure(.offline, message: "the device is offline; \(host) was not contacted (\(code))")
        case .cannotFindHost, .dnsLookupFailed:
            return TransportFailure(.cannotConnect, message: "cannot resolve \(host) (\(code))")
        case .cannotConnectToHost:
            return TransportFailure(.cannotConnect, message: "\(host) refused the connection; is it running? (\(code))")
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse:
            return TransportFailure(
                .connectionLost,
                message: "the connection to \(host) closed before a complete answer (\(code))"
            )
        case .cancelled:
            return TransportFailure(.cancelled, message: "the request to \(host) was cancelled")
        default:
            return TransportFailure(.other, message: "request to \(host) failed (\(code))")
        }
    }

    /// `host:port` of the request, the only part of the URL a failure message shows.
    static func host(of request: TransportRequest) -> String {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            let host = components.host
        else { return "the server" }
        return components.port.map { "\(host):\($0)" } ?? host
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
