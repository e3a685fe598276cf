import Locking

/// A response body written piece by piece after the head, for as long as the client stays: server-sent
/// events, or any other long-lived stream.
///
/// A handler returns a response carrying a stream (``HTTPResponse/init(status:headers:stream:)``) and
/// keeps the stream to write to later, from any thread. The server sends the head at once, then each
/// ``write(_:)`` as it comes: as one chunk of a `Transfer-Encoding: chunked` body for HTTP/1.1, or
/// delimited by the connection's close for HTTP/1.0. The connection closes after the stream, so a
/// client never waits behind one.
///
/// The stream ends when the handler calls ``finish()``, the peer goes away, the peer stops reading
/// (more than ``maxBufferedBytes`` waiting to be sent, or nothing taken for the server's
/// ``HTTPLimits/sendStallTimeout`` while something waits), or the server stops
/// (``HTTPServer/stop()`` ends every stream cleanly, with the chunked body's last chunk, without
/// waiting for its grace period). However it ends, the closure given to ``onClose(_:)`` runs once, so
/// a producer can let go.
///
/// A stream costs nothing while nobody writes to it: no timer, no thread, no buffer (unless it asks
/// for a ``Heartbeat``).
package final class HTTPResponseStream: Sendable {
    /// Bytes sent every `interval` while nothing else was written, so a peer that vanished without a
    /// word (a laptop lid closed) is noticed when the write fails, and idle proxies keep the stream
    /// open. For server-sent events a comment line such as `: keep-alive\n\n` fits.
    package struct Heartbeat: Sendable {
        /// How long the stream may be silent before the bytes are sent.
        package var interval: Duration
        /// What is sent; must not be empty.
        package var bytes: [UInt8]

        /// A heartbeat of `bytes` after every `interval` of silence.
        package init(interval: Duration, bytes: [UInt8]) {
            self.interval = interval
            self.bytes = bytes
        }
    }

    /// The heartbeat, if any.
    package let heartbeat: Heartbeat?

    /// How many bytes may wait to be sent before the stream is given up on as a peer that does not
    /// read (its connection is closed), or, before the response is sent, as a response that never
    /// will be. On a connection it is checked when a write finds earlier bytes still unsent: a write
    /// that finds everything sent is taken whatever its size, so a producer paced by
    /// ``whenDrained(_:)`` may write a piece larger than this (a peer that then stops reading is
    /// closed by the server's ``HTTPLimits/sendStallTimeout``). Default 1 MiB.
    package let maxBufferedBytes: Int

    private enum Phase {
        /// Not yet on a connection: writes are kept until it attaches.
        case pending(buffered: [UInt8], isFinished: Bool)
        case attached(handle: EventLoopHandle, token: UInt64)
        case closed
    }

    private struct State {
        var phase = Phase.pending(buffered: [], isFinished: false)
        var onClose: (@Sendable () -> Void)?
        var onDrain: (@Sendable () -> Void)?
        /// Writes handed to the connection since it attached; a drain counts only once it has
        /// applied them all (a write still in its inbox is not sent).
        var queuedWrites: UInt64 = 0
    }

    private let state = Locked(State())

    /// A stream with an optional heartbeat and a bound on unsent bytes (at least 1 KiB).
    package init(heartbeat: Heartbeat? = nil, maxBufferedBytes: Int = 1024 * 1024) {
        self.heartbeat = heartbeat.flatMap { $0.bytes.isEmpty ? nil : $0 }
        self.maxBufferedBytes = max(1024, maxBufferedBytes)
    }

    /// Sends `bytes` as the next part of the body (an empty write sends nothing). Returns `false` when
    /// the stream has ended and the bytes were dropped.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        var overflowed = false
        let target: (EventLoopHandle, UInt64)? = state.withLock { state in
            switch state.phase {
            case .pending(var buffered, let isFinished):
                guard !isFinished else { return nil }
                state.phase = .pending(buffered: [], isFinished: false)  // no copy on append
                buffered.append(contentsOf: bytes)
                // A response never sent (its caller dropped it) must not collect writes for ever.
                overflowed = buffered.count > maxBufferedBytes
                state.phase = .pending(buffered: buffered, isFinished: false)
                return nil
            case .attached(let handle, let token):
                if !bytes.isEmpty { state.queuedWrites += 1 }
                return (handle, token)
            case .closed:
                return nil
            }
        }
        if overflowed { connectionClosed() }
        guard let (handle, token) = target else { return isWritable }
        guard !bytes.isEmpty else { return true }
        let queued = handle.execute { loop in
            (loop.client(for: token) as? HTTPConnection)?.streamDidWrite(bytes)
        }
        if !queued { connectionClosed() }
        return queued
    }

    /// Ends the body: the server sends what was written, then the end of the body, and closes.
    package func finish() {
        let target: (EventLoopHandle, UInt64)? = state.withLock { state in
            switch state.phase {
            case .pending(let buffered, _):
                state.phase = .pending(buffered: buffered, isFinished: true)
                return nil
            case .attached(let handle, let token):
                return (handle, token)
            case .closed:
                return nil
            }
        }
        guard let (handle, token) = target else { return }
        let queued = handle.execute { loop in
            (loop.client(for: token) as? HTTPConnection)?.streamDidFinish()
        }
        if !queued { connectionClosed() }
    }

    /// Whether writes still reach the peer (or will, once the response is sent).
    package var isOpen: Bool { isWritable }

    private var isWritable: Bool {
        state.withLock { state in
            switch state.phase {
            case .pending(_, let isFinished): !isFinished
            case .attached: true
            case .closed: false
            }
        }
    }

    /// Runs `body` once when the stream ends, whatever ends it (at once if it has ended already). It
    /// may run on an event-loop thread, so it must not block. A later call replaces an earlier closure.
    package func onClose(_ body: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if case .closed = state.phase { return true }
            state.onClose = body
            return false
        }
        if runNow { body() }
    }

    /// Runs `body` once everything written so far has gone to the socket (at once, on the connection's
    /// loop, when nothing waits), so a producer of a large body writes a piece, waits for the drain,
    /// then writes the next, and holds one piece in memory instead of the whole body. It runs on an
    /// event-loop thread, so it must not block; it never runs once the stream has ended (``onClose(_:)``
    /// does). A later call before the drain replaces an earlier closure.
    package func whenDrained(_ body: @escaping @Sendable () -> Void) {
        let target: (EventLoopHandle, UInt64)? = state.withLock { state in
            switch state.phase {
            case .pending:
                state.onDrain = body  // the connection asks once it has sent what is buffered
                return nil
            case .attached(let handle, let token):
                state.onDrain = body
                return (handle, token)
            case .closed:
                return nil
            }
        }
        guard let (handle, token) = target else { return }
        let queued = handle.execute { loop in
            (loop.client(for: token) as? HTTPConnection)?.streamDrainRequested()
        }
        if !queued { connectionClosed() }
    }

    /// Everything the producer writes, run to its end without a connection: the drain closure is run
    /// each time what was written has been taken (in-process callers that have no socket, and tests).
    /// Returns nil when the stream was attached to a connection or had ended.
    package func collectWithoutAConnection() -> [UInt8]? {
        var collected: [UInt8] = []
        while true {
            let step = state.withLock { state -> (bytes: [UInt8], onDrain: (@Sendable () -> Void)?, done: Bool)? in
                guard case .pending(let buffered, let isFinished) = state.phase else { return nil }
                state.phase = .pending(buffered: [], isFinished: isFinished)
                defer { state.onDrain = nil }
                return (buffered, state.onDrain, isFinished)
            }
            guard let step else { return collected.isEmpty ? nil : collected }
            collected += step.bytes
            if step.done { break }
            guard let onDrain = step.onDrain else { break }  // a producer that waits on something else
            onDrain()
        }
        connectionClosed()
        return collected
    }

    // MARK: The connection's side

    /// Called by the connection when nothing it has is left unsent, having applied `appliedWrites`
    /// writes: runs the waiting drain closure unless a write is still on its way to the connection.
    func outputDrained(appliedWrites: UInt64) {
        let onDrain = state.withLock { state -> (@Sendable () -> Void)? in
            guard appliedWrites == state.queuedWrites else { return nil }
            defer { state.onDrain = nil }
            return state.onDrain
        }
        onDrain?()
    }

    /// Called by the connection that sends the stream: returns what was written before, and whether
    /// the handler already finished; `nil` if the stream cannot be attached (it was sent before).
    func attach(handle: EventLoopHandle, token: UInt64) -> (buffered: [UInt8], isFinished: Bool)? {
        state.withLock { state in
            guard case .pending(let buffered, let isFinished) = state.phase else { return nil }
            state.phase = .attached(handle: handle, token: token)
            return (buffered, isFinished)
        }
    }

    /// Called once the stream can carry nothing more (sent in full, peer gone, server stopped).
    func connectionClosed() {
        let onClose = state.withLock { state -> (@Sendable () -> Void)? in
            if case .closed = state.phase { return nil }
            state.phase = .closed
            state.onDrain = nil
            defer { state.onClose = nil }
            return state.onClose
        }
        onClose?()
    }
}
