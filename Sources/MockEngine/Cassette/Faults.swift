import HTTPServer

/// How long to wait before the first byte: `"delayMs": 3000` or `"delayMs": {"uniformMs": [100, 900]}`.
package enum DelaySpecification: Sendable, Equatable {
    case fixed(milliseconds: Int)
    case uniform(lowMilliseconds: Int, highMilliseconds: Int)

    /// The largest delay a cassette may ask for (ten minutes): longer is a typo, not a test.
    static let maximumMilliseconds = 600_000
}

/// The kinds of broken network a cassette or `--fault-kinds` can stage: a closed set, named as
/// cassettes and the command line write them.
public enum FaultKind: String, Sendable, CaseIterable {
    /// A TCP RST and no response. A client stack may take it for a keep-alive connection the server
    /// had closed and send the request again by itself (URLSession does, on a reused connection), so
    /// the app never sees it: use ``resetAfterHead`` to exercise the app's own retry.
    case reset
    /// The status line and headers (announcing the body), then a TCP RST: the server visibly began
    /// to answer, so no client retries it silently; URLSession reports `networkConnectionLost`.
    case resetAfterHead = "reset-after-head"
    /// A clean close without a response (retried silently like ``reset``, on a reused connection).
    case empty
    /// The head and part of the body, then a close.
    case truncate
    /// The response a few bytes per second.
    case drip
    /// No answer at all.
    case hang

    /// True when not a byte of the response is written (``reset``, ``empty``, ``hang``): the kinds a
    /// client stack may retry by itself on a reused connection.
    public var sendsNoResponse: Bool {
        switch self {
        case .reset, .empty, .hang: true
        case .resetAfterHead, .truncate, .drip: false
        }
    }
}

/// A broken network, staged per interaction (docs/ARCHITECTURE.md#cassettes): `"fault": "reset"` or
/// `"fault": {"kind": "truncate", "bodyBytes": 20, "contentLength": false}`.
package enum FaultSpecification: Sendable, Equatable {
    /// Close with a TCP RST and no response.
    case reset
    /// Send the head (its `Content-Length` announcing the body), then close with a TCP RST.
    case resetAfterHead
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

    static let defaultDripBytesPerSecond = 64

    /// The kind's names, in the order messages list them.
    static let kindNames = FaultKind.allCases.map(\.rawValue)

    /// This fault's kind.
    package var kind: FaultKind {
        switch self {
        case .reset: .reset
        case .resetAfterHead: .resetAfterHead
        case .empty: .empty
        case .truncate: .truncate
        case .drip: .drip
        case .hang: .hang
        }
    }

    /// The fault of `kind` with its default settings.
    init(_ kind: FaultKind) {
        switch kind {
        case .reset: self = .reset
        case .resetAfterHead: self = .resetAfterHead
        case .empty: self = .empty
        case .truncate: self = .truncate(bodyBytes: nil)
        case .drip: self = .drip(bytesPerSecond: Self.defaultDripBytesPerSecond)
        case .hang: self = .hang
        }
    }

    /// True when no response bytes are ever written, so a body is optional.
    package var sendsNoResponse: Bool { kind.sendsNoResponse }
}

extension FaultSpecification {
    /// The server fault that acts this out for a response of `bodyCount` bytes: the one description
    /// both transports act on (``HTTPFault``). A cut body always keeps at least its first byte short
    /// of the whole, so the client really gets less than the full body.
    func httpFault(bodyCount: Int) -> HTTPFault {
        switch self {
        case .reset: .reset
        case .resetAfterHead: .resetAfterHead
        case .empty: .closeWithoutResponse
        case .hang: .hang
        case .drip(let rate): .drip(bytesPerSecond: rate)
        case .truncate(let bodyBytes, let announcesLength):
            .truncateBody(
                keepingBytes: min(bodyBytes ?? bodyCount / 2, max(0, bodyCount - 1)),
                announcingFullLength: announcesLength)
        }
    }
}

/// A fault as the journal, the log and the admin API report it: its kind, and whether chaos
/// (`--fault-rate`) drew it rather than a cassette staging it.
package struct ServedFault: Sendable, Equatable, CustomStringConvertible {
    package var kind: FaultKind
    package var isRandom: Bool

    /// `reset`, or `reset (random fault)`.
    package var description: String { isRandom ? "\(kind.rawValue) (random fault)" : kind.rawValue }
}
