import Foundation
package import HTTPServer
package import LocalTLS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTPS client as an app behind a proxy is one: `CONNECT host:443` to the mock, then TLS as
/// `host` trusting only the given CA, then plain HTTP/1.1 inside. Blocking, with the socket's timeouts;
/// run it off the cooperative pool.
package final class TLSTestClient {
    /// An answer read inside the tunnel.
    package struct Response {
        package var status: Int
        package var headers: [(String, String)]
        package var body: String
        package func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    /// How far a tunnel got.
    package enum Failure: Error, Equatable {
        /// The mock refused the CONNECT with this status line and body.
        case refused(String)
        /// The handshake failed on the client's side.
        case handshake(TLSFailure)
        /// The connection ended before a whole answer arrived.
        case truncated(String)
    }

    package let raw: RawClient
    package let session: OpenSSLSession
    /// Bytes read past the last answer (pipelined answers arrive together).
    private var received: [UInt8] = []

    private init(raw: RawClient, session: OpenSSLSession) {
        self.raw = raw
        self.session = session
    }

    /// Opens a tunnel to `host` through the mock on `port` and completes the handshake.
    package static func connect(
        port: Int, host: String, trusting authority: Certificate, connectTarget: String? = nil
    ) throws -> TLSTestClient {
        let raw = try RawClient(port: port, timeoutSeconds: 30)
        let target = connectTarget ?? "\(host):443"
        try raw.send("CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n\r\n")
        let head = try readHead(raw.fd)
        guard head.hasPrefix("HTTP/1.1 200") else {
            throw Failure.refused(head + (try? readRest(raw.fd)).map { String(decoding: $0, as: UTF8.self) }!)
        }
        let session = try OpenSSLClientContext(trusting: authority).makeSession(on: raw.fd, host: host)
        switch session.handshakeStep() {
        case .transferred: return TLSTestClient(raw: raw, session: session)
        case .failed(let failure): throw Failure.handshake(failure)
        default: throw Failure.truncated("the handshake stopped half-way")
        }
    }

    /// Sends `GET target` (origin-form) with `Host: host` and reads the answer (Content-Length framed).
    package func get(_ target: String, host: String, headers: [String: String] = [:]) throws -> Response {
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try write(Array(request.utf8))
        return try readResponse()
    }

    package func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let transfer = bytes[offset...].withUnsafeBytes { session.write($0) }
            guard case .transferred(let count) = transfer else { throw Failure.truncated("write: \(transfer)") }
            offset += count
        }
    }

    package func readResponse() throws -> Response {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let (response, length) = Self.parse(received) {
                received.removeFirst(length)
                return response
            }
            let transfer = buffer.withUnsafeMutableBytes { session.read(into: $0) }
            guard case .transferred(let count) = transfer else {
                throw Failure.truncated("after \(received.count) bytes: \(transfer)")
            }
            received += buffer[0..<count]
        }
    }

    /// The first whole answer in `bytes` and how many bytes it took.
    private static func parse(_ bytes: [UInt8]) -> (Response, Int)? {
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let text = String(decoding: bytes[..<headEnd.upperBound], as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
        let bodyBytes = bytes[headEnd.upperBound...]
        guard bodyBytes.count >= length else { return nil }
        let body = String(decoding: bodyBytes.prefix(length), as: UTF8.self)
        return (Response(status: status, headers: headers, body: body), headEnd.upperBound + length)
    }

    /// The CONNECT answer's head, read a byte at a time so that nothing of the tunnel is taken.
    private static func readHead(_ fd: Int32) throws -> String {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            guard recv(fd, &byte, 1, 0) == 1 else {
                throw Failure.truncated("CONNECT answer: " + String(decoding: head, as: UTF8.self))
            }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    private static func readRest(_ fd: Int32) throws -> [UInt8] {
        var rest: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return rest }
            rest += buffer[0..<count]
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
