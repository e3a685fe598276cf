public import Foundation

/// A Kakao Local client: the address at a coordinate (`coord2address`), the regions a coordinate lies
/// in (`coord2regioncode`) and address search (`search/address`), with typed errors.
///
/// ```swift
/// let kakao = KakaoLocalClient(apiKey: "…")   // or KAKAO_REST_API_KEY
/// let place = try await kakao.address(at: Coordinate(latitude: 37.517829, longitude: 126.886270))
/// print(place.flatMap(PlaceName.init)?.full ?? "")   // "서울 문래동3가"
/// ```
///
/// Guarantees:
/// - **The REST API key** comes from `apiKey:` or, when that is `nil`, the `KAKAO_REST_API_KEY`
///   environment variable, and goes in the header `Authorization: KakaoAK <key>`. With neither, every
///   call throws ``KakaoLocalError/invalidRequest(message:)`` saying how to give one, and sends
///   nothing; `apiKey: ""` deliberately sends no `Authorization` header (the API answers 401). The
///   key never appears in ``description``, ``debugDescription``, a mirror, a log line or an error's
///   text, not even where the server echoes it (`wrong appKey(***) format`).
/// - **Requests** are GETs with `x` = longitude and `y` = latitude (the API's order; swapping them
///   would get a wrong or empty answer, never an error), then `input_coord=WGS84`; search sends
///   `query`, `page`, `size`. Every value is percent-encoded.
/// - **Bad input** (a coordinate out of range or not finite, an empty query, a page outside 1...45,
///   a size outside 1...30, a key with a control character) throws
///   ``KakaoLocalError/invalidRequest(message:)`` before any request.
/// - **No address** (a point at sea or outside Korea: `total_count: 0`) is `nil` or an empty
///   result, not an error. `road_address: null` is an address without ``KakaoAddress/roadAddress``.
/// - **Answers** that are errors map by the dapi `errorType`, then Kakao's other `code`, then the
///   HTTP status (see ``KakaoLocalError``), each with the server's own message; a body that does not
///   decode is ``KakaoLocalError/decoding(path:expected:found:)`` with its JSON path.
public struct KakaoLocalClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `https://dapi.kakao.com`.
    public static let defaultBaseURL = URL(string: "https://dapi.kakao.com")!

    /// The environment variable read when no `apiKey:` is passed: `KAKAO_REST_API_KEY`.
    public static let apiKeyEnvironmentVariable = "KAKAO_REST_API_KEY"

    /// The server requests go to; paths such as `/v2/local/geo/coord2address.json` are appended.
    public let baseURL: URL
    /// How long one request may wait for its answer.
    public let timeout: Duration
    /// The transport requests go through.
    public let transport: any HTTPTransport

    let apiKey: APIKey
    private let logger: (@Sendable (String) -> Void)?

    /// A client.
    ///
    /// - Parameters:
    ///   - apiKey: The REST API key (not the JavaScript, native or admin key); `nil` reads
    ///     `KAKAO_REST_API_KEY` from `environment`; `""` sends no `Authorization` header.
    ///   - baseURL: The server, default ``defaultBaseURL``; a mock server's URL in tests.
    ///   - timeout: How long a request may wait for its answer, default 10 seconds.
    ///   - transport: How requests are sent, default ``URLSessionTransport/shared``.
    ///   - environment: Where a missing `apiKey` is looked up, default the process environment.
    ///   - logger: Receives one line per request, e.g.
    ///     `GET https://dapi.kakao.com/v2/local/geo/coord2address.json?x=…&y=…&input_coord=WGS84 → 200, 612 bytes`;
    ///     the key is never in it.
    public init(
        apiKey: String? = nil,
        baseURL: URL = KakaoLocalClient.defaultBaseURL,
        timeout: Duration = .seconds(10),
        transport: any HTTPTransport = URLSessionTransport.shared,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.apiKey = APIKey(argument: apiKey, environment: environment, variable: Self.apiKeyEnvironmentVariable)
        self.baseURL = baseURL
        self.timeout = timeout
        self.transport = transport
        self.logger = logger
    }

    /// Whether requests will carry a key (from the argument or the environment).
    public var hasAPIKey: Bool { apiKey.secret != nil }

    // MARK: Calls

    /// The address at `coordinate` (`GET /v2/local/geo/coord2address.json`): the 지번 address and,
    /// where there is one, the road-name address; `nil` where Kakao has no address (at sea, outside
    /// Korea), which is not an error.
    /// - Throws: ``KakaoLocalError``; a non-finite or out-of-range coordinate is `invalidRequest`
    ///   before any request.
    public func address(at coordinate: Coordinate) async throws(KakaoLocalError) -> KakaoAddress? {
        try Self.validate(coordinate)
        let body = try await fetch(KakaoDocuments<KakaoAddress>.self, .coordinateToAddress(coordinate))
        return body.documents.first { $0.address != nil || $0.roadAddress != nil }
    }

    /// The regions `coordinate` lies in (`GET /v2/local/geo/coord2regioncode.json`): normally its
    /// 법정동 and 행정동, with long-form names; empty where Kakao has none, which is not an error.
    /// - Throws: ``KakaoLocalError``; a non-finite or out-of-range coordinate is `invalidRequest`
    ///   before any request.
    public func regionCodes(at coordinate: Coordinate) async throws(KakaoLocalError) -> KakaoRegionCodes {
        try Self.validate(coordinate)
        let body = try await fetch(KakaoDocuments<KakaoRegion>.self, .coordinateToRegionCode(coordinate))
        return KakaoRegionCodes(regions: body.documents)
    }

    /// Addresses matching `query` (`GET /v2/local/search/address.json`), such as
    /// `"서울 중구 세종대로 110"`; no match is an empty page, not an error.
    /// - Parameters:
    ///   - query: What to look for; surrounding white space is trimmed.
    ///   - page: Which page, 1...45 (the API's limits), default 1.
    ///   - size: Results per page, 1...30, default 10.
    /// - Throws: ``KakaoLocalError``; a blank query, or a page or size out of range, is
    ///   `invalidRequest` before any request.
    public func searchAddress(_ query: String, page: Int = 1, size: Int = 10) async throws(KakaoLocalError)
        -> KakaoAddressSearch
    {
        let query = query.trimmingWhitespace
        guard !query.isEmpty else { throw .invalidRequest(message: "the address query is empty") }
        guard (1...45).contains(page) else { throw .invalidRequest(message: "search page \(page) is outside 1...45") }
        guard (1...30).contains(size) else { throw .invalidRequest(message: "search size \(size) is outside 1...30") }
        return try await fetch(KakaoAddressSearch.self, .searchAddress(query, page: page, size: size))
    }

    // MARK: Description

    /// "KakaoLocalClient(https://dapi.kakao.com, key <redacted>)".
    public var description: String { "KakaoLocalClient(\(baseURL.absoluteString), key \(apiKey))" }

    /// The same as ``description``: the key is never shown.
    public var debugDescription: String { description }

    /// Shows the configuration, with the key redacted, to `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": timeout, "apiKey": apiKey.description])
    }

    // MARK: Implementation

    private var redaction: KakaoKeyRedaction { KakaoKeyRedaction(key: apiKey.secret) }

    private static func validate(_ coordinate: Coordinate) throws(KakaoLocalError) {
        do {
            try LocationQuery.validate(coordinate)
        } catch {
            guard case .invalidRequest(let message) = error else { throw .invalidRequest(message: error.description) }
            throw .invalidRequest(message: message)
        }
    }

    /// Sends `endpoint` and decodes its answer as `type`.
    private func fetch<Model: Decodable>(_ type: Model.Type, _ endpoint: KakaoEndpoint) async throws(KakaoLocalError)
        -> Model
    {
        let response = try await send(endpoint)
        do {
            return try KakaoResponseInterpreter(now: Date()).decode(type, from: response)
        } catch {
            throw redaction.scrub(error)
        }
    }

    /// Sends `endpoint` and returns the answer, whatever its status; transport failures become
    /// ``KakaoLocalError/transport(kind:message:)`` (or `cancelled`) with the key scrubbed.
    private func send(_ endpoint: KakaoEndpoint) async throws(KakaoLocalError) -> TransportResponse {
        let redaction = self.redaction
        let request = try makeRequest(endpoint)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            logger?(redaction.scrub("\(request) → failed: \(error.message)"))
            if error.kind == .cancelled { throw .cancelled }
            throw redaction.scrub(.transport(kind: error.kind, message: error.message))
        }
        logger?(redaction.scrub("\(request) → \(response.status), \(response.body.count) bytes"))
        return response
    }

    /// The request for `endpoint`, or `invalidRequest` when there is no usable key or base URL.
    func makeRequest(_ endpoint: KakaoEndpoint) throws(KakaoLocalError) -> TransportRequest {
        var headers = ["Accept": "application/json"]
        switch apiKey.resolution {
        case .key(let key):
            // A line break in a header value would end the header; the key itself is never quoted.
            guard !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .invalidRequest(message: "the REST API key contains a line break or another control character")
            }
            headers["Authorization"] = "KakaoAK \(key)"
        case .omitted:
            break
        case .missing:
            throw .invalidRequest(
                message: "no REST API key: pass apiKey: to KakaoLocalClient or set \(Self.apiKeyEnvironmentVariable) "
                    + "(to send no Authorization header, pass apiKey: \"\")"
            )
        }
        let url: URL
        do { url = try RequestURL.join(baseURL, endpoint.pathAndQuery, path: endpoint.path) } catch {
            throw .invalidRequest(message: error.message)
        }
        return TransportRequest(url: url, headers: headers, timeout: timeout)
    }
}

extension KakaoLocalClient: PlaceNamer {
    /// The name of the place at `coordinate` from its ``address(at:)`` (see ``PlaceName/init(_:)``),
    /// or `nil` where Kakao has no address or the address has no region names.
    /// - Throws: ``KakaoLocalError`` as ``address(at:)`` does.
    public func placeName(at coordinate: Coordinate) async throws(KakaoLocalError) -> PlaceName? {
        try await address(at: coordinate).flatMap(PlaceName.init)
    }
}
