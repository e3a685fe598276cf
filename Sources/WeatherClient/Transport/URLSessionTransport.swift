#if canImport(FoundationNetworking)
internal import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``HTTPTransport``: URLSession (FoundationNetworking on Linux).
///
/// The request's timeout is a deadline for the whole answer: when it passes, the URLSession task
/// is cancelled and the send fails with `.timeout`, whatever the platform's URLSession does with
/// `timeoutInterval` (FoundationNetworking ignores it and waits for the session's resource
/// timeout). Cancelling the calling task cancels the URLSession task. `URLError`s map to
/// ``TransportFailure`` kinds: timed out → `.timeout`; not connected, data not allowed, roaming
/// off → `.offline`; cannot find or connect to host, DNS failure → `.cannotConnect`; connection
/// lost, bad or empty server response, a body cut short or reset (FoundationNetworking reports
/// these as "unknown" with curl's text) → `.connectionLost`; cancelled → `.cancelled`; anything
/// else → `.other`. Failure messages name the host and the URLError code, never the query (which
/// holds the key).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport over `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// One shared transport over one ephemeral session: the default for every client, so making
    /// many clients does not make many sessions.
    public static let shared = URLSessionTransport()

    /// A transport over its own ephemeral session (no cookies, no disk cache).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
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
        let session = self.session
        let outcome = await FirstOutcome<Transfer>().outcome(ifCancelled: .cancelled) { race in
            let task = session.dataTask(with: urlRequest) { data, response, error in
                race.finish(.completed(data, response, error))
            }
            race.onFinish { task.cancel() }
            let deadline = Task {
                guard (try? await Task.sleep(for: request.timeout)) != nil else { return }
                race.finish(.timedOut)
            }
            race.onFinish { deadline.cancel() }
            task.resume()
        }
        let host = Self.host(of: request)
        switch outcome {
        case .timedOut:
            throw Self.failure(for: URLError(.timedOut), request: request)
        case .cancelled:
            throw TransportFailure(.cancelled, message: "the request to \(host) was cancelled")
        case .completed(_, _, let error?):
            guard let urlError = error as? URLError else {
                throw TransportFailure(.other, message: "request to \(host) failed: \(Self.systemText(error))")
            }
            throw Self.failure(for: urlError, request: request)
        case .completed(let data, let response, nil):
            guard let http = response as? HTTPURLResponse else {
                throw TransportFailure(.other, message: "\(host) did not answer with HTTP")
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            return TransportResponse(status: http.statusCode, headers: headers, body: data ?? Data())
        }
    }

    /// How a transfer ended.
    private enum Transfer: Sendable {
        case completed(Data?, URLResponse?, (any Error)?)
        case timedOut
        case cancelled
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
            let text = systemText(error)
            let lost = ["transfer closed", "empty reply", "connection reset", "recv failure", "broken pipe"]
            if lost.contains(where: { text.lowercased().contains($0) }) {
                return TransportFailure(
                    .connectionLost,
                    message: "the connection to \(host) closed before a complete answer: \(text) (\(code))"
                )
            }
            return TransportFailure(.other, message: "request to \(host) failed: \(text) (\(code))")
        }
    }

    /// The system's own description of an error, with any `appid` value scrubbed (URLSession's
    /// texts may include the failing URL).
    static func systemText(_ error: any Error) -> String {
        Redaction.scrubQueryParameter((error as NSError).localizedDescription)
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
    /// The duration in seconds as a `TimeInterval` (timeouts, retry delays, messages). The mock side has
    /// its own in Basics: the client imports nothing from this package.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
