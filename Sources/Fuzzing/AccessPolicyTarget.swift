import HTTPServer
import MockEngine

/// The admin API's and record mode's access rules (`LocalAccessPolicy`) on arbitrary header fields:
/// the input is a header block (`Name: value` lines) a browser or an attacker might send.
///
/// Whatever the bytes, the rules never trap and hold together: a read is refused only for its `Host`;
/// a state change is refused whenever a read with the same headers is; forwarding refuses every
/// `Host` a read does; the same headers get the same answer twice.
enum AccessPolicyTarget {
    static let target = FuzzTarget(
        name: "access-policy",
        summary: "LocalAccessPolicy on arbitrary Host, Origin, Referer, Sec-Fetch-Site and Content-Type values"
    ) { bytes in
        var headers = HTTPHeaders()
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]), value: String(line[line.index(after: colon)...]))
        }
        let policy = LocalAccessPolicy(
            boundHost: "127.0.0.1", allowedHosts: ["mockweather"], allowedOrigins: ["http://localhost:5173"],
            providerHosts: ["api.openweathermap.org"])
        let read = policy.refusal(ofAdmin: HTTPRequest(method: "GET", target: "/__admin/health", headers: headers))
        let change = policy.refusal(ofAdmin: HTTPRequest(method: "POST", target: "/__admin/reset", headers: headers))
        let forward = policy.refusal(
            ofForwarding: HTTPRequest(method: "GET", target: "/data/2.5/weather?q=Seoul", headers: headers))
        if let read, case .foreignHost = read {
        } else if let read {
            return "a read was refused for something other than its Host: \(read)"
        }
        if read != nil, change == nil { return "a change was let through where a read with its headers was not" }
        if case .foreignHost(let host)? = read, forward == nil {
            return "forwarding accepted Host \(host), which the admin API refuses"
        }
        let again = policy.refusal(ofAdmin: HTTPRequest(method: "POST", target: "/__admin/reset", headers: headers))
        if again != change {
            return "the same headers were answered \(String(describing: change)), then \(String(describing: again))"
        }
        return nil
    }
}
