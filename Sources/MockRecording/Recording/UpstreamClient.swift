import MockEngine

/// What record mode sends upstream: the client's request without its secrets, for the API of
/// `provider`; the transport adds the real key where that API takes it.
struct UpstreamRequest: Sendable {
    var method: String
    /// The raw path as the client sent it.
    var path: String
    /// The raw query without secret parameters (may be empty).
    var query: String
    /// The client's headers worth forwarding (never its secrets).
    var headers: [HeaderField]
    var body: [UInt8]
    /// The API it is for.
    var provider: RegisteredProvider

    init(
        method: String, path: String, query: String, headers: [HeaderField] = [], body: [UInt8] = [],
        provider: RegisteredProvider
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.provider = provider
    }

    /// The request `captured` stands for, for `provider`.
    init(_ captured: CapturedRequest, provider: RegisteredProvider) {
        self.init(
            method: captured.method, path: captured.rawPath, query: captured.forwardedQuery,
            headers: UpstreamRequest.forwardedHeaders(of: captured.headers), body: captured.body, provider: provider)
    }

    /// The client's headers a forwarded request carries: what says what the body is and what the client
    /// accepts. Never the connection's own, cookies, or anything of the mock's.
    static func forwardedHeaders(of headers: [HeaderField]) -> [HeaderField] {
        headers.filter { ["content-type", "accept-language"].contains($0.name.lowercased()) }
    }
}

/// The live API's answer, exactly as received (bodies decompressed by the transport).
struct UpstreamResponse: Sendable {
    var status: Int
    var headers: [HeaderField]
    var body: [UInt8]
}

/// Why the upstream gave no answer. `reason` is already scrubbed: it never holds the key.
struct UpstreamFailure: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// The seam between record mode and the network: tests may answer in memory, `CurlUpstream` talks
/// to the live APIs.
protocol UpstreamTransport: Sendable {
    /// Where requests for `provider` go, for messages (`https://api.openweathermap.org`).
    func upstream(for provider: RegisteredProvider) -> String
    /// Sends `request` with the real key; throws when no HTTP answer arrived in time.
    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse
}
