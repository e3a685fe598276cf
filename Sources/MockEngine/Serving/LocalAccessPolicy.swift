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
        let bound = Self.hostName(boundHost) ?? boundHost.lowercased()
        self.boundHost = ["0.0.0.0", "::", ""].contains(bound) ? nil : bound
        self.allowedHosts = Set(allowedHosts.map { Self.hostName($0) ?? $0.lowercased() })
        self.allowedOrigins = Set(allowedOrigins.compactMap(Self.origin))
        self.providerHosts = Set(providerHosts.map { Self.hostName($0) ?? $0.lowercased() })
    }

    /// The policy of a server on 127.0.0.1 with nothing allowed beyond it.
    package static let loopback = LocalAccessPolicy(boundHost: "127.0.0.1")

    /// Whether an admin call may be answered: any call needs this server's `Host` (and, for an
    /// absolute-form target, this server's authority in it: RFC 9112 §3.2.2 makes that the one a
    /// server acts on); one that changes state (any method but GET and HEAD) also a same-site origin
    /// and an acceptable body type.
    package func refusal(ofAdmin request: HTTPRequest) -> Refusal? {
        if let refusal = foreignAuthority(of: request) { return refusal }
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
        if let refusal = foreignAuthority(of: request) { return refusal }
        return crossSiteRefusal(request, readsReferer: true)
    }

    /// The refusal of the authority `request` is for when it is not this server's: an absolute-form
    /// target's (as sent, userinfo and all), which RFC 9112 §3.2.2 puts before `Host`, else `Host`'s.
    private func foreignAuthority(of request: HTTPRequest) -> Refusal? {
        guard let authority = Self.absoluteFormAuthority(of: request.target) ?? request.headers["Host"],
            !namesThisServer(authority)
        else { return nil }
        return .foreignHost(authority)
    }

    /// The authority of an absolute-form target (`http://authority/path`) as sent, nil for the other
    /// forms.
    static func absoluteFormAuthority(of target: String) -> String? {
        guard let first = target.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*"),
            let (_, rest) = splitScheme(target)
        else { return nil }
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    private func crossSiteRefusal(_ request: HTTPRequest, readsReferer: Bool) -> Refusal? {
        var claimed = request.headers["Origin"]
        if claimed == nil, readsReferer { claimed = request.headers["Referer"] }
        if let claimed {
            let origin = Self.origin(claimed)
            if let origin, allowedOrigins.contains(origin) { return nil }
            if let origin, origin != "null", let host = Self.hostName(Self.authority(ofOrigin: origin)), isLocal(host) {
                return nil
            }
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
        guard let name = Self.hostName(host) else { return false }
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

    /// The host of an authority as RFC 9110 writes one in `Host` (`host[:port]`, `[v6][:port]`),
    /// lower-case, without brackets or a final dot; nil for anything else, so that no reading of junk
    /// finds a loopback name in it: userinfo (`127.0.0.1:80@evil.example`), text after the brackets
    /// (`[::1]evil`), a port that is not 1 to 5 digits, characters no host name has.
    static func hostName(_ authority: String) -> String? {
        let text = Array(authority.trimmingASCIIWhitespace().lowercased().utf8)
        var host: ArraySlice<UInt8>
        var rest: ArraySlice<UInt8>
        if text.first == UInt8(ascii: "[") {
            guard let close = text.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = text[1..<close]
            rest = text[(close + 1)...]
            let isAddress = { (byte: UInt8) in
                Self.isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            }
            guard host.contains(UInt8(ascii: ":")), host.allSatisfy(isAddress) else { return nil }
        } else {
            let colon = text.firstIndex(of: UInt8(ascii: ":")) ?? text.endIndex
            host = text[..<colon]
            rest = text[colon...]
            let isNameByte = { (byte: UInt8) in
                Self.isHexDigit(byte) || (UInt8(ascii: "g")...UInt8(ascii: "z")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            }
            guard host.allSatisfy(isNameByte) else { return nil }
            while host.last == UInt8(ascii: ".") { host.removeLast() }
        }
        if let first = rest.first {
            let port = rest.dropFirst()
            guard first == UInt8(ascii: ":"), port.count <= 5,
                port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
        }
        guard !host.isEmpty else { return nil }
        return String(decoding: host, as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// `scheme://host[:port]` of an origin or URL, lower-case; `null` as is; nil when it is neither.
    /// An authority with userinfo (`http://evil.example@127.0.0.1`) or junk is no origin: browsers
    /// never send one, and reading past it would find a host the page does not have.
    static func origin(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace().lowercased()
        if trimmed == "null" { return trimmed }
        guard let (scheme, rest) = splitScheme(trimmed) else { return nil }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let isSchemeByte = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard !scheme.isEmpty, scheme.utf8.allSatisfy(isSchemeByte), hostName(String(authority)) != nil else {
            return nil
        }
        return "\(scheme)://\(authority)"
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
