/// An entry's `request.url` split into what an import needs: scheme, host, port, raw path and raw
/// query (percent-encoding kept, as record mode receives them from a client).
///
/// CONNECT entries carry an authority (`api.openweathermap.org:443`) rather than a URL; it is read as
/// a host and port with the path `/`.
package struct HARURL: Sendable, Equatable {
    /// Lower-case: `https`, `http`, `wss`, ... (empty for an authority alone).
    package var scheme: String
    /// Lower-case, without the brackets of an IPv6 literal.
    package var host: String
    /// The port written, else the scheme's default (80, 443), else nil.
    package var port: Int?
    /// The path as written (percent-encoding kept); `/` when the URL has none.
    package var rawPath: String
    /// The query as written, without its `?`; nil when there is none.
    package var rawQuery: String?

    /// Nil when `text` has no host.
    package init?(_ text: String) {
        var rest = Substring(text)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://"),
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(colon, offsetBy: 3)...]
        } else {
            scheme = ""
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close].lowercased()
            let tail = authority[authority.index(after: close)...]
            if tail.hasPrefix(":") { portText = tail.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon].lowercased()
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority.lowercased()
        }
        let isHostCharacter: (Character) -> Bool = {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" || $0 == ":")
        }
        guard !host.isEmpty, host.allSatisfy(isHostCharacter) else { return nil }
        // Without a scheme only an authority (a CONNECT target) is a URL.
        if scheme.isEmpty, !afterAuthority.isEmpty || portText == nil { return nil }
        if let portText, !portText.isEmpty {
            guard let number = Int(portText), (1...65_535).contains(number) else { return nil }
            port = number
        } else {
            switch scheme {
            case "http", "ws": port = 80
            case "https", "wss": port = 443
            default: port = nil
            }
        }
        if let question = afterAuthority.firstIndex(of: "?") {
            rawPath = String(afterAuthority[..<question])
            rawQuery = String(afterAuthority[afterAuthority.index(after: question)...])
        } else {
            rawPath = String(afterAuthority)
            rawQuery = nil
        }
        if rawPath.isEmpty { rawPath = "/" }
    }

    /// Whether this URL's host (and port, when the pattern names one) is `pattern`: `example.com`,
    /// `example.com:8443`, `127.0.0.1:8080`, `[::1]:8080`.
    package func matches(host pattern: String) -> Bool {
        // An unknown scheme has no default port, so `wanted.port` is set only when the pattern names one.
        guard let wanted = HARURL("host-pattern://" + pattern) else { return false }
        return wanted.host == host && (wanted.port == nil || wanted.port == port)
    }
}
