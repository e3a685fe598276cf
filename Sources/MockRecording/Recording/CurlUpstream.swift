import Basics
import CLibcurl
import MockEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Forwards to the live APIs through libcurl (TLS for `https`), loaded only when a recording needs it,
/// so a replay-only `mockweather serve` never maps a TLS stack (see CLibcurl.h). No cache, no cookies,
/// no redirects followed, one deadline for the whole exchange. The real key goes where the request's
/// API takes it (its ``RecordingProfile/keyPlacement``); libcurl's error text is scrubbed before it
/// leaves, because it may quote the URL, key included.
final class CurlUpstream: UpstreamTransport {
    /// Bodies larger than this end the exchange: no answer of these APIs comes close.
    static let maximumBodyBytes = 16 << 20

    let access: UpstreamAccess
    private let scrubber: KeyScrubber

    init(access: UpstreamAccess, scrubber: KeyScrubber) {
        self.access = access
        self.scrubber = scrubber.adding(secrets: access.secrets)
    }

    func upstream(for provider: RegisteredProvider) -> String {
        access.upstreams[provider.name]?.description ?? provider.provider.recording?.upstream ?? "(not recordable)"
    }

    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        guard let profile = request.provider.provider.recording else {
            throw UpstreamFailure(reason: "the \(request.provider.name) API cannot be recorded")
        }
        guard let key = access.keys[request.provider.name] else {
            throw UpstreamFailure(
                reason: "no key for the \(request.provider.name) API (give one in \(profile.keyVariable))")
        }
        let (url, keyHeader) = target(for: request, profile: profile, key: key)
        let timeoutMilliseconds = max(1, Int(access.timeout.inSeconds * 1000))
        var headers =
            [
                "Accept: application/json", "User-Agent: mockweather/\(MockWeatherVersion.current) (record mode)",
                "Expect:",
            ]
            + request.headers.map { "\($0.name): \($0.value)" }
        if let keyHeader { headers.append(keyHeader) }
        if !request.body.isEmpty, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            // libcurl labels a body it posts as a form unless told otherwise; send it as the client did.
            headers.append("Content-Type:")
        }
        let requestHeaders = headers
        // libcurl blocks its thread for the whole exchange.
        let exchange = await onOwnThread(named: "mockweather-upstream") {
            let exchange = CurlExchange()
            exchange.perform(
                url: url, method: request.method, body: request.body, timeoutMilliseconds: timeoutMilliseconds,
                requestHeaders: requestHeaders)
            return exchange
        }
        guard exchange.code == 0 else {
            throw UpstreamFailure(reason: scrubber.scrub(describe(exchange, host: URL(string: url)?.host)))
        }
        return UpstreamResponse(status: exchange.status, headers: exchange.headers, body: exchange.body)
    }

    /// The URL to fetch, with the real key appended when the API takes it as a parameter, and the
    /// header line carrying it when the API takes it in a header. Bytes a URL cannot hold (spaces,
    /// non-ASCII, `#`) are percent-encoded; `%XX` escapes the client sent are kept as they are; the key
    /// itself is percent-encoded once, strictly (`+`, `/`, `=` too).
    func target(for request: UpstreamRequest, profile: any RecordingProfile, key: UpstreamAPIKey) -> (
        url: String, keyHeader: String?
    ) {
        let path = request.path.hasPrefix("/") ? request.path : "/" + request.path
        let normalized = RequestPath.normalized(path)
        var query = request.query
        var keyHeader: String?
        if profile.sendsKey(forPath: normalized) {
            switch profile.keyPlacement {
            case .parameter(let name):
                let encodedKey = RequestPath.percentEncoded(profile.upstreamKey(key.revealed))
                query = query.isEmpty ? "\(name)=\(encodedKey)" : "\(query)&\(name)=\(encodedKey)"
            case .header(let name, let scheme):
                keyHeader = "\(name): \(scheme.map { "\($0) " } ?? "")\(key.revealed)"
            }
        }
        let target = RequestPath.percentEncoded(path + (query.isEmpty ? "" : "?" + query)) { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "\\")
        }
        let configured = access.upstreams[request.provider.name]?.description ?? profile.upstream
        return (profile.upstream(forPath: normalized, configured: configured) + target, keyHeader)
    }

    private func describe(_ exchange: CurlExchange, host: String?) -> String {
        let host = host ?? "the host"
        switch Int(exchange.code) {
        case -1: return "record mode needs libcurl, which could not be used: \(exchange.message)"
        case Int(MWC_OPERATION_TIMEDOUT): return "timed out after \(NumberText.shortest(access.timeout.inSeconds)) s"
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
        let name = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
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
