import COpenSSL
package import HTTPServer

/// One OpenSSL session, server or client side, over a socket or over memory. Used by one thread at a
/// time (the event loop that owns the connection, or a test's client).
package final class OpenSSLSession: TLSServerSession {
    private let pointer: OpaquePointer
    /// The context it was made from, kept alive as long as the session.
    private let owner: AnyObject

    init(pointer: OpaquePointer, owner: AnyObject) {
        self.pointer = pointer
        self.owner = owner
    }

    deinit { mwt_session_free(pointer) }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> TLSTransfer {
        var count = 0
        let status = mwt_session_read(pointer, buffer.baseAddress, buffer.count, &count)
        return transfer(status, count)
    }

    package func write(_ bytes: UnsafeRawBufferPointer) -> TLSTransfer {
        var count = 0
        let status = mwt_session_write(pointer, bytes.baseAddress, bytes.count, &count)
        return transfer(status, count)
    }

    /// Drives the handshake without moving application data (a client's first step).
    package func handshakeStep() -> TLSTransfer {
        transfer(mwt_session_handshake(pointer), 0)
    }

    package var bufferedByteCount: Int { mwt_session_buffered(pointer) }

    package var isEstablished: Bool { mwt_session_is_established(pointer) == 1 }

    package var handshake: TLSHandshake {
        var version = [CChar](repeating: 0, count: 32)
        var name = [CChar](repeating: 0, count: 256)
        mwt_session_details(pointer, &version, version.count, &name, name.count)
        let serverName = CText.string(name)
        return TLSHandshake(version: CText.string(version), serverName: serverName.isEmpty ? nil : serverName)
    }

    package func close() { mwt_session_close(pointer) }

    /// For an in-memory session: hands it what the peer sent.
    package func feed(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { mwt_session_feed(pointer, $0.baseAddress, $0.count) }
    }

    /// For an in-memory session: takes everything it would have sent.
    package func drain() -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { mwt_session_drain(pointer, $0.baseAddress, $0.count) }
            if count == 0 { return all }
            all += chunk[0..<count]
        }
    }

    private func transfer(_ status: Int32, _ count: Int) -> TLSTransfer {
        switch status {
        case Int32(MWT_DONE): return .transferred(count)
        case Int32(MWT_WANT_READ): return .wantsRead
        case Int32(MWT_WANT_WRITE): return .wantsWrite
        case Int32(MWT_CLOSED): return .closed
        default:
            var failure = mwt_failure()
            mwt_session_failure(pointer, &failure)
            let message = withUnsafeBytes(of: failure.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failed(TLSFailure(Self.kind(failure.kind), message))
        }
    }

    private static func kind(_ code: Int32) -> TLSFailure.Kind {
        switch code {
        case Int32(MWT_FAILURE_CERTIFICATE_REFUSED): .certificateRefused
        case Int32(MWT_FAILURE_CLOSED_IN_HANDSHAKE): .closedInHandshake
        case Int32(MWT_FAILURE_NOT_TLS): .notTLS
        default: .other
        }
    }
}

/// Reads the shim's error buffer after a failed call.
func failureText(_ buffer: [CChar]) -> String {
    let text = CText.string(buffer)
    return text.isEmpty ? "no reason given" : text
}
