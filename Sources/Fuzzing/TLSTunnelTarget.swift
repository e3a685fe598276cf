import HTTPServer
import LocalTLS

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The TLS-to-HTTP boundary of HTTPS interception, on arbitrary bytes, in two ways chosen by the
/// input's first byte:
///
/// - **After the handshake** (even): a client and a server session complete a handshake in memory,
///   then the client sends the rest of the input as application data, cut into records at points drawn
///   from the input. What the server decrypts must be exactly what was sent, and the request parser
///   must see the same requests in it as in the plain bytes: the tunnel adds nothing and loses nothing
///   before the parser, which is the same one plain HTTP goes through.
/// - **A hostile peer** (odd): the rest of the input arrives at a fresh server session as if from the
///   network, in the same cuts. The session must fail, wait or close, never crash or hang, and never
///   hand out application bytes without a completed handshake.
enum TLSTunnelTarget {
    static let target = FuzzTarget(
        name: "tls-tunnel",
        summary: "HTTPS interception: bytes through a TLS session reach the HTTP parser unchanged; hostile "
            + "handshake bytes never yield data"
    ) { bytes in
        guard let first = bytes.first else { return nil }
        guard let contexts = Contexts.shared else { return "no TLS contexts: \(Contexts.problem)" }
        let payload = Array(bytes.dropFirst())
        return first % 2 == 0 ? afterHandshake(payload, contexts) : hostilePeer(payload, contexts)
    }

    /// A CA made once per process in a temporary folder, a leaf for the tunnel's host, and a client
    /// that trusts the CA.
    struct Contexts: Sendable {
        let server: OpenSSLServerContext
        let client: OpenSSLClientContext

        nonisolated(unsafe) static var problem = ""
        static let shared: Contexts? = {
            do {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "mockweather-fuzz-ca-\(ProcessInfo.processInfo.processIdentifier)")
                let now = Date()
                let authority = try CertificateAuthority.loadOrCreate(
                    in: CAFolder(path: folder.path, origin: .option), now: now)
                let leaf = try authority.issueLeaf(for: [host], now: now)
                return Contexts(
                    server: try OpenSSLServerContext(
                        certificate: leaf.certificate, key: leaf.key, chain: authority.certificate),
                    client: try OpenSSLClientContext(trusting: authority.certificate))
            } catch {
                problem = "\(error)"
                return nil
            }
        }()
    }

    static let host = "api.openweathermap.org"

    private static func afterHandshake(_ plain: [UInt8], _ contexts: Contexts) -> String? {
        guard let server = try? contexts.server.makeMemorySession(),
            let client = try? contexts.client.makeMemorySession(host: host)
        else { return "sessions could not be made" }
        // Each side's output is the other's input until both are established (a few round trips).
        var rounds = 0
        while !(client.isEstablished && server.isEstablished) {
            rounds += 1
            if rounds > 10 { return "the in-memory handshake did not finish" }
            _ = client.handshakeStep()
            server.feed(client.drain())
            var scratch = [UInt8](repeating: 0, count: 1)
            _ = scratch.withUnsafeMutableBytes { server.read(into: $0) }
            client.feed(server.drain())
        }
        var decrypted: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        for piece in pieces(of: plain) {
            var offset = piece.startIndex
            while offset < piece.endIndex {
                let sent = piece[offset...].withUnsafeBytes { client.write($0) }
                guard case .transferred(let count) = sent else { return "the client's write stopped: \(sent)" }
                offset += count
            }
            server.feed(client.drain())
            while true {
                let received = buffer.withUnsafeMutableBytes { server.read(into: $0) }
                guard case .transferred(let count) = received, count > 0 else {
                    if received != .wantsRead { return "the server's read ended: \(received)" }
                    break
                }
                decrypted += buffer[0..<count]
            }
        }
        guard decrypted == plain else {
            return "the server decrypted \(decrypted.count) bytes that differ from the \(plain.count) sent"
        }
        let parsedPlain = ParserEvents.events(of: plain, cutAt: [], limits: HTTPLimits())
        let parsedTunnelled = ParserEvents.events(of: decrypted, cutAt: [], limits: HTTPLimits())
        return parsedPlain == parsedTunnelled ? nil : "the parser saw other requests through the tunnel"
    }

    private static func hostilePeer(_ bytes: [UInt8], _ contexts: Contexts) -> String? {
        guard let server = try? contexts.server.makeMemorySession() else { return "a session could not be made" }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        for piece in pieces(of: bytes) {
            server.feed(Array(piece))
            _ = server.drain()
            let received = buffer.withUnsafeMutableBytes { server.read(into: $0) }
            switch received {
            case .transferred(let count) where count > 0 && !server.isEstablished:
                return "\(count) application bytes came out of a session with no completed handshake"
            case .failed, .closed:
                return nil
            default:
                continue
            }
        }
        return nil
    }

    /// The input cut at up to four points drawn from its own bytes (the same cuts for the same input).
    private static func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        guard bytes.count > 1 else { return [bytes[...]] }
        // FNV-1a of the input: the same cuts every time the same input is replayed.
        let seed = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let cuts = Set(
            (0..<Int(seed % 5)).map { index in 1 + Int((seed >> UInt64(8 * index)) % UInt64(bytes.count - 1)) }
        ).sorted()
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            pieces.append(bytes[start..<cut])
            start = cut
        }
        return pieces
    }
}
