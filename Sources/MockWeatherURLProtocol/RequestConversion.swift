import Foundation
import HTTPServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLRequest as the HTTP server would have parsed it off the wire: the percent-encoded path and
/// query as URLSession sends them, the headers, the body, from loopback.
enum RequestConversion {
    /// Bodies are read up to the size the server takes by default.
    static let maxBodyLength = HTTPLimits().maxBodyLength

    static func httpRequest(from request: URLRequest) -> HTTPRequest {
        let url = request.url?.absoluteURL
        // Read off the URL as it is (percent-encoded), as a server reads the request line.
        var path = url?.path(percentEncoded: true) ?? "/"
        if path.isEmpty { path = "/" }
        let query = url?.query(percentEncoded: true)
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        let host = url?.host.map { host in url?.port.map { "\(host):\($0)" } ?? host }
        if let host, headers["Host"] == nil { headers.add(name: "Host", value: host) }
        return HTTPRequest(
            method: request.httpMethod ?? "GET", target: query.map { "\(path)?\($0)" } ?? path, path: path,
            query: query, host: host, headers: headers, body: body(of: request))
    }

    private static func body(of request: URLRequest) -> [UInt8] {
        if let data = request.httpBody { return Array(data.prefix(maxBodyLength)) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < maxBodyLength {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
