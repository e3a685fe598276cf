/// What record mode sends upstream: the client's request without its key; the transport adds the real one.
struct UpstreamRequest: Sendable {
    var method: String
    /// The raw path as the client sent it.
    var path: String
    /// The raw query without key parameters (may be empty).
    var query: String
    var body: [UInt8]

    init(method: String, path: String, query: String, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    init(_ request: RecordingRequest) {
        method = request.method
        path = request.rawPath
        query = request.forwardedQuery
        body = request.body
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
/// to the live API.
protocol UpstreamTransport: Sendable {
    /// Where requests go, for messages (`https://api.openweathermap.org`).
    var upstream: UpstreamURL { get }
    /// Sends `request` with the real key; throws when no HTTP answer arrived in time.
    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse
}
