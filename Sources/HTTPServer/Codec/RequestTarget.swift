/// A request-target split into the parts a handler routes on (RFC 9112 §3.2).
///
/// Accepts the four forms: origin (`/path?query`), absolute (`http://host/path?query`, as sent to a
/// proxy), authority (`host:port`, only for CONNECT) and asterisk (`*`, only for OPTIONS). Anything
/// else, including bytes outside visible ASCII and a fragment (`#`), is rejected.
struct RequestTarget: Equatable {
    /// The raw path; `/` for an absolute URI without one, `*` for the asterisk form, empty for CONNECT.
    var path: String
    /// The raw query after the first `?`, if any.
    var query: String?
    /// The authority of an absolute-form or authority-form target.
    var authority: String?

    init(path: String, query: String?, authority: String?) {
        self.path = path
        self.query = query
        self.authority = authority
    }

    /// Parses `bytes` (the target as received) for a request with `method`; `nil` if it is malformed.
    init?(parsing bytes: [UInt8], method: String) {
        guard let target = bytes.withUnsafeBufferPointer({ RequestTarget(parsingBytes: $0, method: method) }) else {
            return nil
        }
        self = target
    }

    /// Parses `bytes` (the target as received) for a request with `method`; `nil` if it is malformed.
    init?(parsingBytes bytes: UnsafeBufferPointer<UInt8>, method: String) {
        guard let first = bytes.first else { return nil }
        for byte in bytes where byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "#") {
            return nil
        }
        if first == UInt8(ascii: "/") && method != "CONNECT" {
            // origin-form, the common case.
            let (path, query) = Self.splitPathAndQuery(bytes[...])
            self.init(path: path, query: query, authority: nil)
            return
        }
        if method == "CONNECT" {
            // authority-form: host:port, nothing else.
            guard first != UInt8(ascii: "/"), bytes.contains(UInt8(ascii: ":")),
                !bytes.contains(UInt8(ascii: "/")), !bytes.contains(UInt8(ascii: "?"))
            else { return nil }
            self.init(path: "", query: nil, authority: String(decoding: bytes, as: UTF8.self))
        } else if first == UInt8(ascii: "/") {
            let (path, query) = Self.splitPathAndQuery(bytes[...])
            self.init(path: path, query: query, authority: nil)
        } else if first == UInt8(ascii: "*") {
            guard bytes.count == 1, method == "OPTIONS" else { return nil }
            self.init(path: "*", query: nil, authority: nil)
        } else {
            // absolute-form: only the http and https schemes name something this server answers for.
            guard let schemeLength = Self.httpSchemeLength(bytes) else { return nil }
            let rest = bytes[(bytes.startIndex + schemeLength)...]
            let authorityEnd =
                rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                authority = authority[(at + 1)...]  // userinfo is deprecated (RFC 9110 §4.2.4): drop it
            }
            guard !authority.isEmpty else { return nil }
            let (path, query) = Self.splitPathAndQuery(rest[authorityEnd...])
            self.init(
                path: path.isEmpty ? "/" : path,
                query: query,
                authority: String(decoding: authority, as: UTF8.self)
            )
        }
    }

    private static func splitPathAndQuery<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes
    ) -> (path: String, query: String?) where Bytes.Index == Int {
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            return (String(decoding: bytes, as: UTF8.self), nil)
        }
        return (
            String(decoding: bytes[..<mark], as: UTF8.self),
            String(decoding: bytes[(mark + 1)...], as: UTF8.self)
        )
    }

    /// The length of a leading `http://` or `https://` (any case), or `nil` if there is neither.
    private static func httpSchemeLength<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes
    ) -> Int? where Bytes.Index == Int {
        for scheme in ["http://", "https://"] where bytes.count > scheme.utf8.count {
            if zip(bytes, scheme.utf8).allSatisfy({ $0.asciiLowercased == $1 }) {
                return scheme.utf8.count
            }
        }
        return nil
    }
}
