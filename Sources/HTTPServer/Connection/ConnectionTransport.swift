/// How a connection's bytes move: straight through its socket, or through a TLS session over it (a
/// `CONNECT` tunnel, or a connection that opened with a handshake). Everything above it (parsing,
/// states, timeouts, faults) sees the same decrypted bytes either way.
struct ConnectionTransport {
    /// What a receive or a send came to, in the socket's terms.
    enum Outcome {
        /// This many bytes moved.
        case moved(Int)
        /// Nothing now; wait for the socket.
        case wouldBlock
        /// The peer closed its side.
        case endOfStream
        /// The connection is broken; `reason` is worth a log line (nil: the peer just left, or the
        /// TLS context has reported it already).
        case failed(reason: String?)
    }

    /// The TLS session, once the connection speaks TLS.
    private(set) var tls: TLSLayer?

    /// Whether the bytes go through TLS.
    var isTLS: Bool { tls != nil }

    /// The connection facts requests carry, once the handshake is done.
    var connectionInfo: TLSConnectionInfo? { tls?.info }

    /// Decrypted bytes waiting inside the session: a read returns them without the socket becoming
    /// readable, so the connection must ask for them itself.
    var hasBufferedInput: Bool { (tls?.session.bufferedByteCount ?? 0) > 0 }

    /// A TLS read is waiting for the socket to take handshake bytes: watch for writability too.
    var readWaitsForWritable: Bool { tls?.readWantsWrite ?? false }

    /// From now on, bytes go through a session `context` makes on `fd`.
    mutating func startTLS(
        _ context: any TLSServerContext, on fd: Int32, tunnelAuthority: String?, peer: String
    ) throws(TLSFailure) {
        let session = try context.makeSession(on: fd)
        tls = TLSLayer(session: session, context: context, tunnelAuthority: tunnelAuthority, peer: peer)
    }

    /// Reads into `buffer`.
    func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        guard let tls else {
            do {
                guard case .processed(let count) = try Socket.read(fd, into: buffer) else { return .wouldBlock }
                return count == 0 ? .endOfStream : .moved(count)
            } catch {
                return .failed(reason: error.isPeerDisconnect ? nil : "\(error)")
            }
        }
        return tls.receive(into: buffer)
    }

    /// Writes as much of `bytes` as the socket takes now.
    func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let tls else {
            do {
                guard case .processed(let count) = try Socket.write(fd, bytes) else { return .wouldBlock }
                return .moved(count)
            } catch {
                return .failed(reason: error.isPeerDisconnect ? nil : "\(error)")
            }
        }
        return tls.send(bytes)
    }

    /// Ends the sending side: `close_notify` first over TLS, then the socket's FIN.
    func shutdownOutput(_ fd: Int32) {
        tls?.session.close()
        Socket.shutdownOutput(fd)
    }
}

/// A connection's TLS session with its context, and what the context has been told.
final class TLSLayer {
    let session: any TLSServerSession
    private let context: any TLSServerContext
    private let tunnelAuthority: String?
    private let peer: String
    /// Set once the handshake completed (and the context was told).
    private(set) var info: TLSConnectionInfo?
    /// The last read stopped because the socket would not take handshake bytes.
    private(set) var readWantsWrite = false
    private var reportedFailure = false

    init(session: any TLSServerSession, context: any TLSServerContext, tunnelAuthority: String?, peer: String) {
        self.session = session
        self.context = context
        self.tunnelAuthority = tunnelAuthority
        self.peer = peer
    }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> ConnectionTransport.Outcome {
        let transfer = session.read(into: buffer)
        readWantsWrite = transfer == .wantsWrite
        noteHandshake()
        return outcome(of: transfer)
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> ConnectionTransport.Outcome {
        let transfer = session.write(bytes)
        noteHandshake()
        return outcome(of: transfer)
    }

    private func noteHandshake() {
        guard info == nil, session.isEstablished else { return }
        let handshake = session.handshake
        info = TLSConnectionInfo(tunnelAuthority: tunnelAuthority, handshake: handshake)
        context.handshakeCompleted(handshake, peer: peer)
    }

    private func outcome(of transfer: TLSTransfer) -> ConnectionTransport.Outcome {
        switch transfer {
        case .transferred(let count): return .moved(count)
        case .wantsRead, .wantsWrite: return .wouldBlock
        case .closed:
            if info == nil { return failedHandshake(TLSFailure(.closedInHandshake, "the peer closed the connection")) }
            return .endOfStream
        case .failed(let failure):
            if info == nil { return failedHandshake(failure) }
            return .failed(reason: failure.kind == .closedInHandshake ? nil : failure.description)
        }
    }

    /// The context explains a failed handshake to the user (with the fix); the connection stays quiet.
    private func failedHandshake(_ failure: TLSFailure) -> ConnectionTransport.Outcome {
        if !reportedFailure {
            reportedFailure = true
            context.handshakeFailed(failure, peer: peer)
        }
        return .failed(reason: nil)
    }
}
