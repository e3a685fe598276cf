import Basics
import CLibcurl
import Foundation

/// Forwards to the live API through libcurl (TLS for `https`), loaded only when a recording needs it,
/// so a replay-only `mockweather serve` never maps a TLS stack (see CLibcurl.h). No cache, no cookies,
/// no redirects followed, one deadline for the whole exchange. The real key is added as `appid`;
/// libcurl's error text is scrubbed before it leaves, because it may quote the URL, key included.
final class CurlUpstream: UpstreamTransport {
    /// Bodies larger than this end the exchange: no OpenWeatherMap answer comes close.
    static let maximumBodyBytes = 16 << 20

    let upstream: UpstreamURL
    private let key: UpstreamAPIKey
    private let timeout: Duration
    private let scrubber: KeyScrubber

    init(upstream: UpstreamURL, key: UpstreamAPIKey, timeout: Duration, scrubber: KeyScrubber) {
        self.upstream = upstream
        self.key = key
        self.timeout = timeout
        self.scrubber = scrubber.adding(secrets: [key.revealed])
    }

    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        let url = url(for: request)
        let timeoutMilliseconds = max(1, Int(timeout.inSeconds * 1000))
        // libcurl blocks its thread for the whole exchange.
        let exchange = await onOwnThread(named: "mockweather-upstream") {
            let exchange = CurlExchange()
            exchange.perform(
                url: url, method: request.method, body: request.body, timeoutMilliseconds: timeoutMilliseconds,
                requestHeaders: [
                    "Accept: application/json",
                    "User-Agent: mockweather/\(MockWeatherVersion.current) (record mode)",
                    "Expect:",
                ])
            return exchange
        }
        guard exchange.code == 0 else {
            throw UpstreamFailure(reason: scrubber.scrub(describe(exchange)))
        }
        return UpstreamResponse(status: exchange.status, headers: exchange.headers, body: exchange.body)
    }

    /// The upstream URL with the real key appended as `appid`. Bytes a URL cannot hold (spaces,
    /// non-ASCII, `#`) are percent-encoded; `%XX` escapes the client sent are kept as they are.
    ///
    /// Icons (`/img/wn/...`) need no key, so none is sent; the live API serves them from its web
    /// site's host, so with the default upstream they go to `https://openweathermap.org`.
    func url(for request: UpstreamRequest) -> String {
        let path = request.path.hasPrefix("/") ? request.path : "/" + request.path
        let isIcon = IconPath.code(of: RequestPath.normalized(path)) != nil
        var query = request.query
        if !isIcon {
            let encodedKey = RequestPath.percentEncoded(key.revealed)
            query = query.isEmpty ? "appid=\(encodedKey)" : "\(query)&appid=\(encodedKey)"
        }
        let target = RequestPath.percentEncoded(path + (query.isEmpty ? "" : "?" + query)) { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "\\")
        }
        let base = isIcon && upstream == .openWeatherMap ? UpstreamURL.openWeatherMapIcons : upstream
        return base.url.absoluteString + target
    }

    private func describe(_ exchange: CurlExchange) -> String {
        let host = upstream.url.host ?? "the host"
        switch Int(exchange.code) {
        case -1: return "record mode needs libcurl, which could not be used: \(exchange.message)"
        case Int(MWC_OPERATION_TIMEDOUT): return "timed out after \(UnitConversion.format(timeout.inSeconds)) s"
        case Int(MWC_COULDNT_CONNECT): return "cannot connect to \(host) (\(exchange.message))"
        case Int(MWC_COULDNT_RESOLVE_HOST): return "cannot resolve \(host)"
        case Int(MWC_COULDNT_RESOLVE_PROXY): return "cannot resolve the proxy (\(exchange.message))"
        case Int(MWC_GOT_NOTHING), Int(MWC_RECV_ERROR), Int(MWC_SEND_ERROR):
            return "the connection was lost before a complete answer (\(exchange.message))"
        case Int(MWC_SSL_CONNECT_ERROR), Int(MWC_PEER_FAILED_VERIFICATION): return "TLS failed: \(exchange.message)"
        case Int(MWC_WRITE_ERROR) where exchange.bodyTooLarge:
            return "the answer was larger than \(Self.maximumBodyBytes >> 20) MiB"
        default: return "\(exchange.message) (libcurl error \(exchange.code))"
        }
    }

}

/// One exchange's state, written by libcurl's callbacks on the thread that performs it and read
/// only after that thread has handed it over (``onOwnThread(named:_:)`` orders the two).
private final class CurlExchange: @unchecked Sendable {
    var code: Int32 = 0
    var status = 0
    var message = ""
    var headers: [HeaderField] = []
    var body: [UInt8] = []
    var bodyTooLarge = false

    /// Framing fields describe the bytes on the wire; the body handed on is already decoded.
    private static let wireOnlyFields: Set<String> = ["content-encoding", "content-length", "transfer-encoding"]

    func perform(
        url: String, method: String, body requestBody: [UInt8], timeoutMilliseconds: Int, requestHeaders: [String]
    ) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var result = mwc_result()
        let headerPointers = requestHeaders.map { strdup($0) }
        defer { headerPointers.forEach { free($0) } }
        url.withCString { urlPointer in
            method.withCString { methodPointer in
                headerPointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerList in
                    requestBody.withUnsafeBufferPointer { bodyBytes in
                        var request = mwc_request(
                            url: urlPointer, method: methodPointer, headers: headerList.baseAddress,
                            header_count: Int32(headerList.count), body: bodyBytes.baseAddress,
                            body_length: bodyBytes.count, timeout_ms: timeoutMilliseconds,
                            on_header: { data, size, count, context in
                                let length = size * count
                                guard let data, let context else { return length }
                                Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
                                    .receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
                                return length
                            },
                            on_body: { data, size, count, context in
                                let length = size * count
                                guard let data, let context else { return length }
                                let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
                                return exchange.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
                                    ? length : 0
                            },
                            context: context)
                        _ = mwc_perform(&request, &result)
                    }
                }
            }
        }
        code = result.code
        status = result.status
        message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
    }

    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers.removeAll()  // a new response (after 100 Continue): only the last one counts
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !Self.wireOnlyFields.contains(name.lowercased()) else { return }
        headers.append(HeaderField(name: name, value: value))
    }

    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= CurlUpstream.maximumBodyBytes else {
            bodyTooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
