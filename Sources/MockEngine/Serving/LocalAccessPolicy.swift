import Basics
package import HTTPServer

/// Who may drive the admin API and record mode: programs on this machine, never a web page of
/// another origin open in the user's browser (docs/ARCHITECTURE.md#security-model).
///
/// A page cannot read a response of another origin, but it can make the browser send requests:
/// `<img src>` and `fetch(…, {mode: "no-cors"})` to `127.0.0.1`, or, through DNS rebinding (a name
/// of its own that resolves to 127.0.0.1), requests whose answers it *can* read. Three rules stop both:
/// - **Host**: the request names this server (a loopback name or address, the address it is bound
///   to, a name given with `--allow-host`) or an API the providers mock (proxy mode, the URLProtocol
///   mode): names a page cannot rebind. A rebound name fails it: 421.
/// - **Origin** and `Sec-Fetch-Site`: a state-changing admin call, and every request record mode
///   would forward, is refused (403) when a browser says it comes from another site: an `Origin` or,
///   for record mode, a `Referer` that is not a loopback origin or one given with `--allow-origin`, or
///   `Sec-Fetch-Site: cross-site` without such an origin.
/// - **Content type**: state-changing admin calls take no body or JSON, never the three types a page
///   may send without asking first (`text/plain`, forms): 415.
///
/// Programs (curl, URLSession, the contract suite) send none of those headers and pass; so does the
/// dashboard, whose origin is the server's own. Replay itself is not checked: it sends nothing
/// upstream and changes nothing, so the hot path pays nothing.
package struct LocalAccessPolicy: Sendable {
    /// Why a request was refused, as the answer's status and message say.
    package enum Refusal: Sendable, Equatable, CustomStringConvertible {
        /// The `Host` names neither this server nor a mocked API.
        case foreignHost(String)
        /// A browser says the request comes from this origin (or `Sec-Fetch-Site: cross-site`).
        case foreignOrigin(String)
        /// A state-changing admin call whose body is of a type a page may send cross-origin.
        case unacceptableContentType(String)

        /// 421 Misdirected Request for a foreign host, 403 for a foreign origin, 415 for the type.
        package var status: Int {
            switch self {
            case .foreignHost: 421
            case .foreignOrigin: 403
            case .unacceptableContentType: 415
            }
        }

        /// A few words for the journal's label.
        package var kindLabel: String {
            switch self {
            case .foreignHost: "foreign Host"
            case .foreignOrigin: "foreign origin"
            case .unacceptableContentType: "content type"
            }
        }

        /// What was refused and how to allow it on purpose.
        package var description: String {
            switch self {
            case .foreignHost(let host):
                "this server answers requests for localhost, a loopback address or the address it is bound to, "
                    + "not Host: \(host) (a web page using DNS rebinding sends that); pass --allow-host to "
                    + "accept another name"
            case .foreignOrigin(let origin):
                "a web page of another origin (\(origin)) cannot drive this server; pass --allow-origin with "
                    + "that origin to allow it"
            case .unacceptableContentType(let type):
                "this endpoint takes no body or application/json, not Content-Type: \(type)"
            }
        }
    }

    /// The address given to `--host`, lower-case, when it is one a client can name (not `0.0.0.0`).
    private let boundHost: String?
    /// `--allow-host` names, lower-case, without port.
    private let allowedHosts: Set<String>
    /// `--allow-origin` origins, as `scheme://host[:port]`, lower-case (`null` allowed literally).
    private let allowedOrigins: Set<String>
    /// The hosts the providers mock (a client in proxy mode names them).
    private let providerHosts: Set<String>

    /// The policy for a server bound to `boundHost`, with the names and origins the user allowed
    /// and the providers' hosts.
    package init(
        boundHost: String, allowedHosts: [String] = [], allowedOrigins: [String] = [], providerHosts: [String] = []
    ) {
        let bound = Self.hostName(boundHost)
        self.boundHost = ["0.0.0.0", "::", ""].contains(bound) ? nil : bound
        self.allowedHosts = Set(allowedHosts.map(Self.hostName))
        self.allowedOrigins = Set(allowedOrigins.compactMap(Self.origin))
        self.providerHosts = Set(providerHosts.map(Self.hostName))
    }

    /// The policy of a server on 127.0.0.1 with nothing allowed beyond it.
    package static let loopback = LocalAccessPolicy(boundHost: "127.0.0.1")

    /// Whether an admin call may be answered: any call needs this server's `Host`; one that changes
    /// state (any method but GET and HEAD) also a same-site origin and an acceptable body type.
    package func refusal(ofAdmin request: HTTPRequest) -> Refusal? {
        if let host = request.headers["Host"], !namesThisServer(host) { return .foreignHost(host) }
        guard request.method != "GET", request.method != "HEAD" else { return nil }
        if let refusal = crossSiteRefusal(request, readsReferer: false) { return refusal }
        if let type = request.headers["Content-Type"] {
            let media = type.split(separator: ";").first.map { String($0).trimmingASCIIWhitespace().lowercased() }
            if media != "application/json" { return .unacceptableContentType(type) }
        }
        return nil
    }

    /// Whether record mode may forward `request` upstream: this server's or a mocked API's `Host`, and
    /// no sign that a page of another origin sent it.
    package func refusal(ofForwarding request: HTTPRequest) -> Refusal? {
        if let host = request.host ?? request.headers["Host"], !namesThisServer(host) { return .foreignHost(host) }
        return crossSiteRefusal(request, readsReferer: true)
    }

    private func crossSiteRefusal(_ request: HTTPRequest, readsReferer: Bool) -> Refusal? {
        var claimed = request.headers["Origin"]
        if claimed == nil, readsReferer { claimed = request.headers["Referer"] }
        if let claimed {
            let origin = Self.origin(claimed)
            if let origin, allowedOrigins.contains(origin) { return nil }
            if let origin, origin != "null", isLocal(Self.hostName(Self.authority(ofOrigin: origin))) { return nil }
            return .foreignOrigin(claimed)
        }
        if request.headers["Sec-Fetch-Site"]?.lowercased() == "cross-site" {
            return .foreignOrigin("Sec-Fetch-Site: cross-site")
        }
        return nil
    }

    /// A loopback name, the bound address, an allowed name, or a mocked API's host: a page cannot
    /// rebind a name it does not own, and clients in proxy mode and the URLProtocol mode name the API.
    private func namesThisServer(_ host: String) -> Bool {
        let name = Self.hostName(host)
        return isLocal(name) || allowedHosts.contains(name) || providerHosts.contains(name)
    }

    private func isLocal(_ name: String) -> Bool {
        Self.isLoopback(name) || name == boundHost
    }

    /// `localhost`, a name under `.localhost` (RFC 6761), 127.0.0.0/8, `::1`, or IPv4-mapped loopback.
    static func isLoopback(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "0:0:0:0:0:0:0:1" {
            return true
        }
        let address = name.hasPrefix("::ffff:") ? String(name.dropFirst(7)) : name
        let octets = address.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && UInt8($0) != nil }) else {
            return false
        }
        return octets[0] == "127"
    }

    /// The host of `host[:port]` or `[v6]:port`, lower-case, without brackets or a final dot.
    static func hostName(_ authority: String) -> String {
        var text = authority.trimmingASCIIWhitespace().lowercased()
        if text.hasPrefix("[") {
            text = String(text.dropFirst().prefix { $0 != "]" })
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `scheme://host[:port]` of an origin or URL, lower-case; `null` as is; nil when it is neither.
    static func origin(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace().lowercased()
        if trimmed == "null" { return trimmed }
        guard let (scheme, rest) = splitScheme(trimmed) else { return nil }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let withoutUser = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !scheme.isEmpty, !withoutUser.isEmpty else { return nil }
        return "\(scheme)://\(withoutUser)"
    }

    /// Whether `text` is an origin `--allow-origin` can take (`scheme://host[:port]`, or `null`).
    package static func isOrigin(_ text: String) -> Bool {
        origin(text) != nil
    }

    private static func authority(ofOrigin origin: String) -> String {
        splitScheme(origin).map { String($0.rest) } ?? origin
    }

    /// `http` and `host/path` of `http://host/path`.
    private static func splitScheme(_ text: String) -> (scheme: Substring, rest: Substring)? {
        let separator = Array("://".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count > separator.count else { return nil }
        for start in 0...(bytes.count - separator.count)
        where bytes[start..<start + separator.count].elementsEqual(separator) {
            let utf8 = text.utf8
            let end = utf8.index(utf8.startIndex, offsetBy: start)
            let restStart = utf8.index(end, offsetBy: separator.count)
            return (text[..<end], text[restStart...])
        }
        return nil
    }
}
