/// How long to wait before the first byte: `"delayMs": 3000` or `"delayMs": {"uniformMs": [100, 900]}`.
enum DelaySpecification: Sendable, Equatable {
    case fixed(milliseconds: Int)
    case uniform(lowMilliseconds: Int, highMilliseconds: Int)

    /// The largest delay a cassette may ask for (ten minutes): longer is a typo, not a test.
    static let maximumMilliseconds = 600_000
}

/// A broken network, staged per interaction (docs/ARCHITECTURE.md#cassettes): `"fault": "reset"` or
/// `"fault": {"kind": "truncate", "bodyBytes": 20, "contentLength": false}`.
enum FaultSpecification: Sendable, Equatable {
    /// Close with a TCP RST and no response.
    case reset
    /// Close cleanly without writing anything.
    case empty
    /// Send the head and the first `bodyBytes` of the body (default: half of it), then close. With
    /// `announcesLength` (the default) the head states the full `Content-Length`, so a client can tell the
    /// body was cut (a transport error); with `"contentLength": false` the body ends at the close, so the
    /// client cannot tell and reads the short body (truncated JSON: a decoding error).
    case truncate(bodyBytes: Int?, announcesLength: Bool = true)
    /// Send the response at this many bytes per second (default 64).
    case drip(bytesPerSecond: Int)
    /// Never answer; the client's timeout must fire.
    case hang

    static let kinds = ["reset", "empty", "truncate", "drip", "hang"]
    static let defaultDripBytesPerSecond = 64

    /// True when no response bytes are ever written, so a body is optional.
    var sendsNoResponse: Bool {
        switch self {
        case .reset, .empty, .hang: true
        case .truncate, .drip: false
        }
    }
}
