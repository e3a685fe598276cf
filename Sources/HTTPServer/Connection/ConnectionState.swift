/// Where a connection is in its life. Each state says what the connection waits for, which timeout
/// applies, and whether it reads; `HTTPConnection` moves between them only through `transition(to:)`,
/// which traps on an impossible move in debug builds.
enum ConnectionState: Equatable {
    /// Waiting for the first byte of a request (keep-alive idle timeout).
    case idle
    /// Part of a request head has arrived (header-read timeout, counted from its first byte).
    case receivingHead
    /// The head is complete and the body is arriving (idle timeout between body bytes).
    case receivingBody
    /// A `respondLater` handler is running; the connection neither reads nor times out.
    case awaitingHandler
    /// A response waits for its `delay` timer.
    case delaying
    /// Output is queued and the socket is full, or a final response is going out; then `after`
    /// (send-stall timeout while bytes wait).
    case writing(after: AfterWrite)
    /// A response is being sent a few bytes per timer tick; then `after` (send-stall timeout while
    /// bytes wait).
    case dripping(after: AfterWrite)
    /// The head of a streamed response is out and the handler's writes are sent as they come (see
    /// `HTTPResponseStream`); reads and discards, so the peer's close is noticed. The send-stall
    /// timeout runs only while bytes wait, so a quiet stream lives on (its heartbeat notices a peer
    /// that vanished) and one whose peer stopped reading is closed.
    case streaming
    /// Never answering (the `hang` fault): reads and discards until the peer leaves or the server stops.
    case hanging
    /// The final response is out and the output side shut; reading and discarding until the peer
    /// closes or the linger timeout, so the peer reads the response rather than a reset.
    case lingering
    /// Closed; the descriptor is gone.
    case closed

    /// What follows once the queued output is written.
    enum AfterWrite: Equatable {
        /// Keep-alive: parse buffered pipelined requests, then read the next one.
        case readNext
        /// Shut the output side and linger, then close.
        case close
        /// Close with a TCP reset.
        case reset
        /// Go to ``ConnectionState/hanging``.
        case hang
    }

    /// The states in which the connection reads and parses requests.
    var isReadingRequests: Bool {
        switch self {
        case .idle, .receivingHead, .receivingBody: true
        default: false
        }
    }

    /// Which limit bounds time spent in this state.
    enum Timeout {
        case none
        case idle
        case headerRead
        case linger
        /// No byte of the waiting output taken; counted only while output waits.
        case sendStall
    }

    var timeout: Timeout {
        switch self {
        case .idle, .receivingBody: .idle
        case .writing, .dripping, .streaming: .sendStall
        case .receivingHead: .headerRead
        case .lingering: .linger
        case .awaitingHandler, .delaying, .hanging, .closed: .none
        }
    }

    /// Whether moving from `self` to `next` is a legal step.
    func canMove(to next: ConnectionState) -> Bool {
        switch (self, next) {
        case (.closed, _):
            false
        case (_, .closed), (_, .lingering):
            true
        case (.idle, .receivingHead), (.idle, .receivingBody), (.receivingHead, .receivingBody),
            (.receivingHead, .idle), (.receivingBody, .idle):
            true
        case (_, .awaitingHandler), (_, .delaying), (_, .dripping), (_, .streaming):
            isReadingRequests
        case (_, .writing):
            isReadingRequests || isDripping || self == .streaming
        case (.awaitingHandler, .idle), (.delaying, .idle), (.writing, .idle), (.writing, .hanging):
            true
        default:
            false
        }
    }

    private var isDripping: Bool {
        if case .dripping = self { return true }
        return false
    }
}
