/// One accepted TCP connection: reads and parses requests, calls the handler, writes responses in
/// order, and acts out faults, moving through ``ConnectionState``. Lives on one event loop and is
/// touched only by its thread; a `respondLater` result comes back through the loop's inbox.
final class HTTPConnection: EventLoopClient {
    let fd: Int32
    private unowned let server: LoopServer
    private var loop: EventLoop { server.loop }
    private var shared: ServerShared { server.shared }
    private(set) var token: UInt64 = 0
    private let isCounted: Bool
    private let remoteAddress: String
    private let isFromLoopback: Bool

    private(set) var state = ConnectionState.idle
    private var parser: HTTPRequestParser
    private var interest: Interest = .read
    private var isShuttingDown = false

    /// Bytes read but not consumed by the parser: a partial line, or requests pipelined behind one
    /// whose answer is not written yet. Empty (no storage) for a typical idle connection.
    private var pendingInput: [UInt8] = []
    /// Plain socket or TLS session: how bytes move (the rest of the connection sees the same bytes).
    private var transport = ConnectionTransport()
    /// Whether the first byte was looked at for a TLS handshake (``ServerShared/directTLS``).
    private var checkedForTLS = false
    /// The target of the `CONNECT` being answered (`host:port`), nil for any other request.
    private var connectTarget: String?
    /// The tunnel to start once the `CONNECT` answer is out, and the authority it was asked for.
    private var pendingTunnel: (context: any TLSServerContext, authority: String)?
    private var output: [UInt8] = []
    private var outputOffset = 0

    /// The request whose response is awaited (deferred handler or delay).
    private var current = ResponseContext(keepAlive: true, isHeadRequest: false, requestVersion: .http11)
    private var delayedResponse: HTTPResponse?
    private var drip = Drip()
    /// The stream being sent while `state` is `.streaming`, and how its writes are framed.
    private var stream: HTTPResponseStream?
    private var streamIsChunked = false
    /// The stream's writes applied so far (``HTTPResponseStream/whenDrained(_:)`` waits for them all).
    private var appliedStreamWrites: UInt64 = 0

    /// The one timeout deadline (monotonic ns, 0 = none) and the earliest timer armed for it. Moving
    /// the deadline later costs nothing; the armed timer re-arms itself when it finds it early.
    private var timeoutDeadline: UInt64 = 0
    private var armedTimerDeadline: UInt64 = 0

    private typealias ResponseContext = ResponseEncoder.Context

    private struct Drip {
        var bytes: [UInt8] = []
        var offset = 0
        var chunkLength = 1
        var interval: UInt64 = 0
    }

    private enum TimerTag {
        static let timeout: UInt8 = 0
        static let delay: UInt8 = 1
        static let drip: UInt8 = 2
        static let heartbeat: UInt8 = 3
    }

    init(fd: Int32, peer: SocketAddress, server: LoopServer, isCounted: Bool) {
        self.fd = fd
        self.server = server
        self.isCounted = isCounted
        remoteAddress = peer.host
        isFromLoopback = peer.isLoopback
        parser = HTTPRequestParser(limits: server.shared.limits)
    }

    func register() throws(SystemError) {
        token = try loop.register(fd, interest: .read, client: self)
        setTimeout()
    }

    /// Answers a connection the server will not serve (over the connection cap) and closes it.
    func reject(status: Int, message: String) {
        server.encoder.encodeServerResponse(status: status, message: message, keepAlive: false, into: &output)
        transition(to: .writing(after: .close))
        flush()
    }

    // MARK: State

    private func transition(to next: ConnectionState) {
        assert(state.canMove(to: next), "HTTPConnection: illegal transition \(state) → \(next)")
        state = next
        setTimeout()
    }

    private func setTimeout() {
        switch state.timeout {
        case .none:
            timeoutDeadline = 0
        case .idle:
            arm(deadline: loop.now + shared.idleTimeout)
        case .headerRead:
            arm(deadline: loop.now + shared.headerReadTimeout)
        case .linger:
            arm(deadline: loop.now + shared.lingerTimeout)
        case .sendStall:
            // The stall is counted only while bytes wait; an empty output has nothing to stall.
            if outputOffset < output.count {
                arm(deadline: loop.now + shared.sendStallTimeout)
            } else {
                timeoutDeadline = 0
            }
        }
    }

    private func arm(deadline: UInt64) {
        timeoutDeadline = deadline
        if armedTimerDeadline == 0 || armedTimerDeadline > deadline {
            armedTimerDeadline = deadline
            loop.schedule(at: deadline, token: token, tag: TimerTag.timeout)
        }
    }

    /// Watches for exactly what the state needs: reads while parsing, hanging or lingering; writes
    /// while output is queued.
    private func updateInterest() {
        guard state != .closed else { return }
        var wanted: Interest = []
        switch state {
        case .idle, .receivingHead, .receivingBody, .streaming, .hanging, .lingering:
            wanted.insert(.read)
        default:
            break
        }
        if outputOffset < output.count || transport.readWaitsForWritable { wanted.insert(.write) }
        guard wanted != interest else { return }
        do {
            try loop.setInterest(fd, wanted)
            interest = wanted
        } catch {
            closeNow()
        }
    }

    // MARK: Events from the loop

    func readable() {
        switch state {
        case .idle, .receivingHead, .receivingBody:
            if let context = shared.directTLS, !checkedForTLS, state == .idle, pendingInput.isEmpty {
                guard lookForTLSHandshake(context) else { return }
            }
            readRequests()
        case .streaming, .hanging, .lingering:
            discardInput()
        default:
            break  // not reading now; interest is already off
        }
    }

    func writable() {
        if transport.readWaitsForWritable && state.isReadingRequests {
            readRequests()  // the handshake waited for the socket to take its bytes
        } else {
            flush()
        }
    }

    func hangUpOrError() {
        // Reported even without read interest: the peer is gone (or the socket broken), so nothing
        // queued or pending can reach it any more.
        closeNow()
    }

    func timerFired(tag: UInt8) {
        switch tag {
        case TimerTag.timeout:
            armedTimerDeadline = 0
            guard timeoutDeadline != 0 else { return }
            if loop.now < timeoutDeadline {
                arm(deadline: timeoutDeadline)
            } else {
                timedOut()
            }
        case TimerTag.delay:
            guard state == .delaying, let response = delayedResponse else { return }
            delayedResponse = nil
            transition(to: .idle)
            send(response)
            resume()
        case TimerTag.drip:
            dripNextChunk()
        case TimerTag.heartbeat:
            streamHeartbeatDue()
        default:
            break
        }
    }

    private func timedOut() {
        switch state {
        case .idle, .lingering:
            closeNow()
        case .receivingHead, .receivingBody:
            fail(status: 408, message: "the request was not received in time")
        case .writing, .dripping, .streaming:
            // The peer stopped reading: nothing it was sent was taken for the whole stall.
            shared.log(
                "connection from \(remoteAddress): closed a response its peer stopped reading "
                    + "(\(output.count - outputOffset) bytes unsent, none taken for \(shared.limits.sendStallTimeout))")
            closeNow()
        case .awaitingHandler, .delaying, .hanging, .closed:
            break
        }
    }

    /// The server is stopping: close what is idle or hanging now; let in-flight work finish with
    /// `Connection: close`.
    func beginShutdown() {
        isShuttingDown = true
        switch state {
        case .idle where pendingInput.isEmpty, .hanging:
            closeNow()
        case .streaming:
            streamDidFinish()
        case .writing(after: .readNext):
            state = .writing(after: .close)
        case .dripping(after: .readNext):
            state = .dripping(after: .close)
        default:
            break
        }
    }

    // MARK: Reading and parsing

    private func readRequests() {
        // A TLS session may hold decrypted bytes the socket will not announce again: take them all.
        repeat {
            let count: Int
            switch transport.receive(fd, into: server.readBuffer) {
            case .moved(let read):
                count = read
            case .wouldBlock:
                updateInterest()
                return
            case .endOfStream:
                // Complete requests were answered as they arrived; a partial one cannot be.
                closeNow()
                return
            case .failed(let reason):
                if let reason { shared.log("connection from \(remoteAddress): \(reason)") }
                closeNow()
                return
            }
            // Progress restarts the idle timeout (between keep-alive requests and between body bytes), but
            // never the header-read timeout: a slowloris trickling a head must not keep it alive.
            if state == .idle || state == .receivingBody { setTimeout() }
            if pendingInput.isEmpty {
                // The common case: parse straight from the loop's buffer, keep only what is left over.
                let consumed = consume(UnsafeRawBufferPointer(rebasing: server.readBuffer[0..<count]))
                if consumed < count && state.isReadingRequests || state.keepsPipelinedInput {
                    pendingInput.append(
                        contentsOf: UnsafeRawBufferPointer(rebasing: server.readBuffer[consumed..<count]))
                }
            } else {
                pendingInput.append(contentsOf: UnsafeRawBufferPointer(rebasing: server.readBuffer[0..<count]))
                consumePendingInput()
            }
            flush()
            updateInterest()
        } while state.isReadingRequests && transport.hasBufferedInput
    }

    /// Looks at the first byte of a new connection: a TLS handshake record (22) makes it an HTTPS
    /// connection served by `context`. Returns whether to go on reading.
    private func lookForTLSHandshake(_ context: any TLSServerContext) -> Bool {
        let peeked: IOResult<UInt8?>
        do {
            peeked = try Socket.peekByte(fd)
        } catch {
            closeNow()
            return false
        }
        switch peeked {
        case .wouldBlock:
            return false
        case .processed(nil):
            closeNow()
            return false
        case .processed(let byte?):
            checkedForTLS = true
            guard byte == 22 else { return true }
            do {
                try transport.startTLS(context, on: fd, tunnelAuthority: nil, peer: remoteAddress)
                return true
            } catch {
                context.handshakeFailed(error, peer: remoteAddress)
                closeNow()
                return false
            }
        }
    }

    private func consumePendingInput() {
        var input = pendingInput
        pendingInput = []
        let consumed = input.withUnsafeBytes { consume($0) }
        if state.isReadingRequests || state.keepsPipelinedInput {
            input.removeFirst(consumed)
            pendingInput = input
        }
    }

    /// Parses requests from `bytes` while the connection is reading requests; returns how many bytes
    /// were consumed. Inline responses are appended to `output` in order.
    private func consume(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while state.isReadingRequests {
            let (consumed, event) = parser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            offset += consumed
            switch event {
            case .needMoreData:
                if parser.isReadingBody {
                    if state != .receivingBody { transition(to: .receivingBody) }
                } else if state == .idle && (parser.hasPartialRequest || offset < bytes.count) {
                    transition(to: .receivingHead)
                }
                return offset
            case .expectsContinue:
                output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
                transition(to: .receivingBody)
            case .request(let request):
                if state != .idle { transition(to: .idle) }
                dispatch(request)
            case .error(let error):
                fail(status: error.status, message: error.description)
                return bytes.count
            }
        }
        return offset
    }

    private func dispatch(_ parsed: ParsedRequest) {
        current = ResponseContext(
            keepAlive: parsed.keepAlive,
            isHeadRequest: parsed.method == "HEAD",
            requestVersion: parsed.version
        )
        connectTarget = parsed.method == "CONNECT" ? parsed.target : nil
        // The handler decides about a `CONNECT` (tunnel with TLS or refuse); after its answer the
        // connection is a tunnel or closes, never a second plain request.
        if connectTarget != nil { current.keepAlive = false }
        let tls = transport.connectionInfo
        let request = HTTPRequest(
            method: parsed.method,
            target: parsed.target,
            path: parsed.requestTarget.path,
            query: parsed.requestTarget.query,
            host: parsed.requestTarget.authority ?? tls?.tunnelAuthority,
            version: parsed.version,
            headers: parsed.headers,
            body: parsed.body,
            remoteAddress: remoteAddress,
            isFromLoopback: isFromLoopback,
            tls: tls
        )
        switch shared.handler.handle(request) {
        case .respond(let response):
            send(response)
        case .respondLater(let work):
            transition(to: .awaitingHandler)
            let token = token
            let handle = loop.handle
            Task(executorPreference: DeferredWorkExecutor.shared) {
                let response = await work()
                handle.execute { loop in
                    (loop.client(for: token) as? HTTPConnection)?.deferredResponseArrived(response)
                }
            }
        }
    }

    private func deferredResponseArrived(_ response: HTTPResponse) {
        guard state == .awaitingHandler else { return }
        transition(to: .idle)
        send(response)
        resume()
    }

    /// After a deferred or delayed response: answer any pipelined requests already buffered, write,
    /// and watch for what comes next.
    private func resume() {
        if state.isReadingRequests && !pendingInput.isEmpty { consumePendingInput() }
        if state.isReadingRequests && transport.hasBufferedInput {
            readRequests()  // decrypted bytes held by the session while the connection did not read
            return
        }
        flush()
        updateInterest()
    }

    /// The `CONNECT` answer is out: from here on the connection speaks TLS as `context`'s host.
    private func startTunnel(_ context: any TLSServerContext, authority: String) {
        guard pendingInput.isEmpty else {
            // The handshake's first bytes were read as if they were HTTP; they cannot be handed back.
            shared.log(
                "connection from \(remoteAddress): closed a tunnel to \(authority) whose client sent bytes before "
                    + "the CONNECT was answered")
            closeNow()
            return
        }
        do {
            try transport.startTLS(context, on: fd, tunnelAuthority: authority, peer: remoteAddress)
        } catch {
            context.handshakeFailed(error, peer: remoteAddress)
            closeNow()
        }
    }

    // MARK: Responding

    /// Queues `response` for the current request, acting out its delay and fault.
    private func send(_ response: HTTPResponse) {
        var response = response
        if let problem = ResponseEncoder.problem(with: response) {
            shared.log("handler response replaced by 500: \(problem)")
            response = HTTPResponse(
                status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
                text: "500 Internal Server Error: the handler's response is invalid: \(problem)\n")
        }
        if let delay = response.delay {
            response.delay = nil
            let nanoseconds = delay.clampedNanoseconds
            if nanoseconds > 0 {
                delayedResponse = response
                transition(to: .delaying)
                loop.schedule(at: loop.now + nanoseconds, token: token, tag: TimerTag.delay)
                return
            }
        }
        if let authority = connectTarget {
            connectTarget = nil
            if let tunnel = response.tunnel, (200..<300).contains(response.status), response.fault == nil {
                guard !transport.isTLS else {
                    send(
                        HTTPResponse(status: 501, text: "501 Not Implemented: a tunnel inside a tunnel is not served\n")
                    )
                    return
                }
                // RFC 9110 §9.3.6: a 2xx answer to CONNECT has no body and no framing headers; the
                // tunnel starts once it is out.
                output.append(contentsOf: "HTTP/1.1 200 Connection established\r\n\r\n".utf8)
                pendingTunnel = (tunnel, authority)
                transition(to: .writing(after: .readNext))
                return
            }
            if (200..<300).contains(response.status) {
                response = HTTPResponse(
                    status: 501, headers: ["Content-Type": "text/plain; charset=utf-8"],
                    text: "501 Not Implemented: this server does not tunnel or intercept HTTPS for this CONNECT\n")
            }
        }
        if let stream = response.stream {
            response.stream = nil
            if response.fault == nil, !current.isHeadRequest {
                startStreaming(response, through: stream)
                return
            }
            stream.connectionClosed()  // a fault, or a HEAD request: nothing of the stream is sent
        }
        let keepAlive = current.keepAlive && !isShuttingDown && !ResponseEncoder.asksToClose(response)
        var context = current
        context.keepAlive = keepAlive
        guard let fault = response.fault else {
            server.encoder.encode(response, context: context, into: &output)
            if !keepAlive { transition(to: .writing(after: .close)) }
            if !keepAlive { pendingInput = [] }
            return
        }
        // The fault, acted out from its one description: these bytes, at this pace, then this ending.
        var bytes: [UInt8] = []
        switch fault.bytes {
        case .none:
            break
        case .all:
            server.encoder.encode(response, context: context, into: &bytes)
        case .prefix(let count):
            server.encoder.encode(response, context: context, into: &bytes)
            bytes = Array(bytes.prefix(max(0, count)))
        case .head:
            context.keepAlive = false
            server.encoder.encode(response, context: context, into: &bytes)
            bytes = Array(bytes.prefix(ResponseEncoder.headLength(of: bytes)))
        case .headAndBodyPrefix(let keeping, let announcingFullLength):
            context.keepAlive = false
            context.omitsContentLength = !announcingFullLength
            server.encoder.encode(response, context: context, into: &bytes)
            // The head ends at the first blank line (header values cannot hold CR or LF); whatever follows
            // is the body as sent (none for HEAD, 204 or 304).
            let headLength = ResponseEncoder.headLength(of: bytes)
            bytes = Array(bytes.prefix(headLength + min(max(0, keeping), bytes.count - headLength)))
        }
        let after: ConnectionState.AfterWrite =
            switch fault.ending {
            case .asUsual: keepAlive ? .readNext : .close
            case .close: .close
            case .reset: .reset
            case .hang: .hang
            }
        if let bytesPerSecond = fault.bytesPerSecond, !bytes.isEmpty {
            let rate = max(1, bytesPerSecond)
            // At most 100 ticks a second: slow rates send a byte per tick, fast ones bigger slices.
            drip = Drip(
                bytes: bytes,
                offset: 0,
                chunkLength: max(1, rate / 100),
                interval: rate <= 100 ? 1_000_000_000 / UInt64(rate) : 10_000_000
            )
            transition(to: .dripping(after: after))
            loop.schedule(at: loop.now, token: token, tag: TimerTag.drip)
        } else {
            output.append(contentsOf: bytes)
            // A keep-alive answer carries on like any other; every other ending is a state of its own.
            if after != .readNext { transition(to: .writing(after: after)) }
        }
        pendingInput = []
    }

    private func dripNextChunk() {
        guard case .dripping(let after) = state else { return }
        if outputOffset < output.count {
            // The peer is not keeping up; try again next tick.
            loop.schedule(at: loop.now + drip.interval, token: token, tag: TimerTag.drip)
            return
        }
        let end = min(drip.bytes.count, drip.offset + drip.chunkLength)
        output.append(contentsOf: drip.bytes[drip.offset..<end])
        drip.offset = end
        if drip.offset == drip.bytes.count {
            drip = Drip()
            transition(to: .writing(after: after))
        } else {
            setTimeout()
            loop.schedule(at: loop.now + drip.interval, token: token, tag: TimerTag.drip)
        }
        flush()
        updateInterest()
    }

    // MARK: Streaming

    /// Sends the head of a streamed response, then what the handler wrote so far; later writes arrive
    /// through the loop's inbox (`streamDidWrite`).
    private func startStreaming(_ response: HTTPResponse, through stream: HTTPResponseStream) {
        var context = current
        context.keepAlive = false
        streamIsChunked = current.requestVersion >= .http11
        if streamIsChunked {
            context.isChunkedStream = true
        } else {
            context.omitsContentLength = true
        }
        guard let (buffered, isFinished) = stream.attach(handle: loop.handle, token: token) else {
            shared.log("a handler returned a response stream that was already sent; answered 500")
            server.encoder.encodeServerResponse(
                status: 500, message: "the handler's response stream was already used", keepAlive: false,
                into: &output)
            transition(to: .writing(after: .close))
            return
        }
        server.encoder.encode(response, context: context, into: &output)
        pendingInput = []
        self.stream = stream
        appliedStreamWrites = 0
        transition(to: .streaming)
        appendStreamBytes(response.body)
        appendStreamBytes(buffered)
        if isShuttingDown || isFinished {
            streamDidFinish()
        } else if let heartbeat = stream.heartbeat {
            loop.schedule(
                at: loop.now + max(1_000_000, heartbeat.interval.clampedNanoseconds), token: token,
                tag: TimerTag.heartbeat)
        }
    }

    private func appendStreamBytes(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if streamIsChunked {
            ResponseEncoder.appendChunk(bytes, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    /// The handler wrote `bytes`; they go out now unless the peer has stopped reading for too long.
    func streamDidWrite(_ bytes: [UInt8]) {
        guard state == .streaming, let stream else { return }
        if !bytes.isEmpty { appliedStreamWrites += 1 }
        // A write that finds everything before it sent is taken whatever its size: the peer is reading
        // (a producer paced by `whenDrained` may write one large piece, a HAR entry with a big body).
        let waitedUnsent = outputOffset < output.count
        appendStreamBytes(bytes)
        if waitedUnsent, output.count - outputOffset > stream.maxBufferedBytes {
            shared.log(
                "connection from \(remoteAddress): closed a response stream whose peer stopped reading "
                    + "(over \(stream.maxBufferedBytes) bytes unsent)")
            closeNow()
            return
        }
        flush()
        updateInterest()
    }

    /// The stream's producer waits for what it wrote to be sent: tell it now if nothing waits, else
    /// `outputDrained` will once the socket has taken it.
    func streamDrainRequested() {
        guard state == .streaming, let stream, outputOffset >= output.count else { return }
        stream.outputDrained(appliedWrites: appliedStreamWrites)
    }

    /// The handler (or the server's shutdown) ended the stream: the rest goes out, then the close.
    func streamDidFinish() {
        guard state == .streaming, let stream else { return }
        if streamIsChunked { output.append(contentsOf: ResponseEncoder.lastChunk) }
        self.stream = nil
        stream.connectionClosed()
        transition(to: .writing(after: .close))
        flush()
        updateInterest()
    }

    private func streamHeartbeatDue() {
        guard state == .streaming, let heartbeat = stream?.heartbeat else { return }
        // Only when nothing is waiting: a peer that does not read gets no heartbeats piled up.
        if outputOffset >= output.count {
            appendStreamBytes(heartbeat.bytes)
            flush()
            updateInterest()
        }
        guard state == .streaming else { return }
        loop.schedule(
            at: loop.now + max(1_000_000, heartbeat.interval.clampedNanoseconds), token: token,
            tag: TimerTag.heartbeat)
    }

    /// Answers with a server-made error response and closes (after lingering).
    private func fail(status: Int, message: String) {
        server.encoder.encodeServerResponse(status: status, message: message, keepAlive: false, into: &output)
        pendingInput = []
        transition(to: .writing(after: .close))
        flush()
        updateInterest()
    }

    // MARK: Writing

    /// Writes queued output; when it is all out, does what the state says comes next.
    private func flush() {
        var tookSome = false
        while outputOffset < output.count {
            let outcome = output.withUnsafeBytes { bytes in
                transport.send(fd, UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
            }
            let written: Int
            switch outcome {
            case .moved(let count):
                written = count
            case .endOfStream, .failed(reason: nil):
                closeNow()
                return
            case .failed(let reason?):
                shared.log("connection from \(remoteAddress): \(reason)")
                closeNow()
                return
            case .wouldBlock:
                // The socket is full: stop parsing (responses stay in order) until it drains. The stall
                // is counted from the last byte the peer took: a write that finds the socket as full
                // as before (a stream's next piece) must not restart it.
                if state.isReadingRequests {
                    transition(to: .writing(after: .readNext))
                } else if state.timeout == .sendStall, tookSome || timeoutDeadline == 0 {
                    setTimeout()
                }
                updateInterest()
                return
            }
            outputOffset += written
            if written > 0 { tookSome = true }
        }
        if outputOffset > 0 {
            if output.capacity > 256 * 1024 {
                output = []  // do not keep a big response's buffer around on an idle connection
            } else {
                output.removeAll(keepingCapacity: true)
            }
            outputOffset = 0
        }
        outputDrained()
    }

    private func outputDrained() {
        if state.timeout == .sendStall { timeoutDeadline = 0 }  // nothing waits, so nothing stalls
        if state == .streaming {
            stream?.outputDrained(appliedWrites: appliedStreamWrites)
            return
        }
        guard case .writing(let after) = state else { return }
        switch after {
        case .readNext:
            transition(to: .idle)
            if let tunnel = pendingTunnel {
                pendingTunnel = nil
                startTunnel(tunnel.context, authority: tunnel.authority)
                guard state != .closed else { return }
            }
            resume()
        case .close:
            lingerAndClose()
        case .reset:
            Socket.setResetOnClose(fd)
            closeNow()
        case .hang:
            transition(to: .hanging)
            updateInterest()
        }
    }

    // MARK: Closing

    private func lingerAndClose() {
        transport.shutdownOutput(fd)
        transition(to: .lingering)
        updateInterest()
    }

    private func discardInput() {
        while true {
            switch transport.receive(fd, into: server.readBuffer) {
            case .moved:
                continue
            case .wouldBlock:
                return
            case .endOfStream, .failed:
                closeNow()
                return
            }
        }
    }

    /// Closes the descriptor at once and tells the loop's server.
    func closeNow() {
        guard state != .closed else { return }
        loop.deregister(fd)
        Socket.close(fd)
        state = .closed
        timeoutDeadline = 0
        pendingInput = []
        output = []
        if let stream {
            self.stream = nil
            stream.connectionClosed()
        }
        server.connectionClosed(wasCounted: isCounted)
    }
}

extension ConnectionState {
    /// States that stopped parsing mid-stream but will resume: bytes after the current request must
    /// be kept for the next one.
    fileprivate var keepsPipelinedInput: Bool {
        switch self {
        case .awaitingHandler, .delaying, .writing(after: .readNext), .dripping(after: .readNext): true
        default: false
        }
    }
}
