import Basics
import HTTPServer

/// Answers `CONNECT`: a tunnel to an API the providers mock (or a host given with `--tls-host`) is
/// opened and served with TLS as that host, so an app's unmodified HTTPS code reaches the mock; any
/// other host is refused, since the mock never tunnels blindly to the internet. Handshakes are counted
/// (``TLSActivity``) and a failed one is explained in the log with its fix.
package struct TunnelGate: Sendable {
    /// The certificates tunnels are served with; nil when interception is off.
    let certificates: (any TLSContextProvider)?
    /// The hosts a tunnel may be opened for, lower-case.
    let hosts: Set<String>
    /// Tunnels and handshakes so far.
    let activity: TLSActivity
    /// Where explanations of failed handshakes go.
    let diagnostics: @Sendable (String) -> Void

    /// The answer to a `CONNECT` request.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard let authority = TunnelAuthority(request.target) else {
            return refusal(
                400,
                "CONNECT needs a target of the form host:port, not \"\(LogText.escapingControlCharacters(request.target))\""
            )
        }
        guard hosts.contains(authority.host) else {
            return refusal(
                403,
                "mockweather intercepts HTTPS only for the APIs it mocks and hosts given with --tls-host "
                    + "(\(hosts.sorted().joined(separator: ", "))); it does not tunnel to \(authority.host)")
        }
        guard let certificates else {
            return refusal(
                501, "HTTPS interception is off in this server, so it cannot answer CONNECT \(authority.text)")
        }
        let context: any TLSServerContext
        do {
            context = try certificates.context(forHost: authority.host)
        } catch {
            diagnostics("cannot intercept HTTPS for \(authority.host): \(error.description)")
            return refusal(501, "cannot intercept HTTPS for \(authority.host): \(error.description)")
        }
        activity.tunnelOpened(for: authority.host)
        var response = HTTPResponse(status: 200)
        response.tunnel = ObservedTLSContext(
            base: context, host: authority.host, activity: activity, caLocation: certificates.authorityLocation,
            diagnostics: diagnostics)
        return response
    }

    /// The answer to `CONNECT` where the server was made without interception (a stack built in code).
    static func refusalWithoutInterception(_ request: HTTPRequest) -> HTTPResponse {
        TunnelGate(certificates: nil, hosts: [], activity: TLSActivity(), diagnostics: { _ in }).refusal(
            501, "HTTPS interception is off in this server, so it cannot answer CONNECT \(request.target)")
    }

    private func refusal(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            text: "\(status) \(HTTPResponse.standardReason(for: status)): \(message)\n")
    }
}

/// A `CONNECT` target: `host:port`, `[v6]:port`.
struct TunnelAuthority: Equatable {
    /// The host, lower-case, without brackets.
    var host: String
    var port: Int
    /// As written.
    var text: String

    init?(_ target: String) {
        guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        var host = target[..<colon]
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self.host = host.lowercased()
        self.port = port
        text = target
    }

    /// The host of a `Host` value or an authority (`api.openweathermap.org:443` → `api.openweathermap.org`,
    /// `[::1]:8080` → `::1`), lower-case.
    static func host(of authority: String) -> String {
        if let parsed = TunnelAuthority(authority) { return parsed.host }
        var host = Substring(authority)
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return host.lowercased()
    }
}

/// A host's server context whose handshakes are counted and, when they fail, explained with the fix.
struct ObservedTLSContext: TLSServerContext {
    let base: any TLSServerContext
    let host: String
    let activity: TLSActivity
    let caLocation: String?
    let diagnostics: @Sendable (String) -> Void

    func makeSession(on descriptor: Int32) throws(TLSFailure) -> any TLSServerSession {
        try base.makeSession(on: descriptor)
    }

    func handshakeCompleted(_ handshake: TLSHandshake, peer: String) {
        activity.handshakeCompleted(for: host)
    }

    func handshakeFailed(_ failure: TLSFailure, peer: String) {
        let explanation = Self.explain(failure, host: host, caLocation: caLocation)
        activity.handshakeFailed(for: host, explanation)
        diagnostics("TLS handshake for \(host) from \(peer) failed: \(explanation)")
    }

    /// What happened and what to do about it.
    static func explain(_ failure: TLSFailure, host: String, caLocation: String?) -> String {
        let trust =
            "run `mockweather ca trust` for the commands that trust the mock's CA"
            + (caLocation.map { " (\($0))" } ?? "")
        switch failure.kind {
        case .certificateRefused:
            return "\(failure); the client did not trust the mock's CA: \(trust)"
        case .closedInHandshake:
            return "\(failure); a client that does not trust the mock's CA does this: \(trust)"
        case .notTLS:
            return "\(failure); the client sent something other than TLS to \(host)"
        case .unavailable, .other:
            return failure.description
        }
    }
}
