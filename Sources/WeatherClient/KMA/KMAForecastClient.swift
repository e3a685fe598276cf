public import Foundation

/// A client of the KMA short-term forecast service on data.go.kr (기상청 단기예보 조회서비스,
/// `VilageFcstInfoService_2.0`): the village forecast, the ultra-short forecast and the
/// ultra-short nowcast for a grid cell or a coordinate, with typed errors.
///
/// ```swift
/// let client = KMAForecastClient(serviceKey: "…")   // or KMA_SERVICE_KEY
/// let forecast = try await client.villageForecast(at: Coordinate(latitude: 37.5683, longitude: 126.9778))
/// print(KMAWeatherDisplay(forecast.hours[0]).summaryKorean)   // "맑음 14°C, 강수확률 0%"
/// ```
///
/// Guarantees:
/// - **The service key** comes from `serviceKey:` or, when that is `nil`, the `KMA_SERVICE_KEY`
///   environment variable. Either of the portal's forms works: the "Decoding" key (raw, with `+`,
///   `/`, `=`) is sent percent-encoded exactly once (`%2B`, `%2F`, `%3D`; `URLComponents` would
///   leave `+`, which the server reads as a space); the "Encoding" key (with `%XX`) is decoded once
///   first, so it is never encoded twice. With no key every method throws
///   ``KMAError/invalidRequest(message:)`` and sends nothing; `serviceKey: ""` sends none (a mock).
///   The key, in any form, never appears in an error, a description, a mirror or a log line.
/// - **Issuances**: without `issuance:`, each method asks for the latest issuance available at the
///   client's clock (``KMAIssuance/latest(_:availableAt:)``: at 02:05 KST the village forecast's
///   is yesterday's 2300).
/// - **Requests** are `GET <baseURL>/1360000/VilageFcstInfoService_2.0/<operation>` with `serviceKey`,
///   `pageNo`, `numOfRows`, `dataType=JSON`, `base_date`, `base_time`, `nx`, `ny`, in that order.
///   A whole issuance is read: when `totalCount` is more than a page holds, the following pages are
///   fetched and joined.
/// - **Answers**: the body decides before the status, because the API answers most failures with
///   HTTP 200: a gateway envelope (XML even when JSON was asked for) is
///   ``KMAError/gateway(code:errorMessage:authMessage:status:)``, a result code other than 00 is
///   ``KMAError/service(code:message:)`` (NO_DATA has no `body`), another status is
///   ``KMAError/server(status:message:)``, a body that does not decode is
///   ``KMAError/decoding(path:expected:found:)`` with its JSON path. Each carries the server's text.
public struct KMAForecastClient: Sendable, CustomStringConvertible, CustomReflectable {
    /// `https://apis.data.go.kr`.
    public static let defaultBaseURL = URL(string: "https://apis.data.go.kr")!
    /// The service's path on the server; the operation name is appended to it.
    public static let servicePath = "/1360000/VilageFcstInfoService_2.0"
    /// The most rows a page may ask for: the service's documented maximum. Asking for more than the
    /// server pages by would skip rows, so ``rowsPerPage`` stays within it.
    public static let maximumRowsPerPage = 1000

    /// The server requests go to; ``servicePath`` and the operation are appended to it.
    public let baseURL: URL
    /// `numOfRows` of every request, 1...``maximumRowsPerPage`` (one village forecast issuance is
    /// about 800–1000 rows, so the default 1000 reads it in one request).
    public let rowsPerPage: Int
    /// How long one request may wait for its answer.
    public let timeout: Duration
    /// The transport requests go through.
    public let transport: any HTTPTransport

    let serviceKey: KMAServiceKey
    private let clock: @Sendable () -> Date
    private let logger: (@Sendable (String) -> Void)?

    /// A client.
    ///
    /// - Parameters:
    ///   - serviceKey: The data.go.kr key in either of the portal's forms; `nil` reads
    ///     `KMA_SERVICE_KEY` from `environment`; `""` sends none.
    ///   - baseURL: The server, default ``defaultBaseURL``; a mock server's URL in tests.
    ///   - rowsPerPage: `numOfRows`, default 1000; a value outside 1...1000 makes every method throw
    ///     ``KMAError/invalidRequest(message:)``.
    ///   - timeout: How long a request may wait for its answer, default 10 seconds.
    ///   - transport: How requests are sent, default ``URLSessionTransport/shared``.
    ///   - environment: Where a missing `serviceKey` is looked up, default the process environment.
    ///   - now: The clock the latest issuance is chosen by, default the system's.
    ///   - logger: Receives one line per request, e.g.
    ///     `GET https://…/getVilageFcst?serviceKey=<redacted>&pageNo=1&… → 200, 80311 bytes`.
    public init(
        serviceKey: String? = nil,
        baseURL: URL = KMAForecastClient.defaultBaseURL,
        rowsPerPage: Int = KMAForecastClient.maximumRowsPerPage,
        timeout: Duration = .seconds(10),
        transport: any HTTPTransport = URLSessionTransport.shared,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.serviceKey = KMAServiceKey(argument: serviceKey, environment: environment)
        self.baseURL = baseURL
        self.rowsPerPage = rowsPerPage
        self.timeout = timeout
        self.transport = transport
        self.clock = now
        self.logger = logger
    }

    /// Whether requests will carry a key (from the argument or the environment).
    public var hasServiceKey: Bool { serviceKey.queryValue != nil }

    /// The latest issuance of `operation` available now, by the client's clock.
    /// - Throws: ``KMAError/invalidRequest(message:)`` when the clock reads a time outside the years 1...9999.
    public func latestIssuance(_ operation: KMAOperation) throws(KMAError) -> KMAIssuance {
        let now = clock()
        guard let issuance = KMAIssuance.latest(operation, availableAt: now) else {
            throw .invalidRequest(message: "the clock reads \(now), which has no KMA issuance")
        }
        return issuance
    }

    // MARK: Village forecast

    /// The village forecast (단기예보, `getVilageFcst`) for `cell`: hourly to about three days ahead.
    /// - Parameter issuance: Which issuance; `nil` for the latest available now.
    /// - Throws: ``KMAError``; an issuance of another operation is `invalidRequest` before any request.
    public func villageForecast(at cell: KMAGridCell, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMAForecast
    {
        try await forecast(.villageForecast, cell, issuance)
    }

    /// The village forecast for the grid cell containing `coordinate`.
    /// - Throws: ``KMAError``; a coordinate outside the grid is `invalidRequest` before any request.
    public func villageForecast(at coordinate: Coordinate, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMAForecast
    {
        try await forecast(.villageForecast, try Self.cell(containing: coordinate), issuance)
    }

    // MARK: Ultra-short forecast

    /// The ultra-short forecast (초단기예보, `getUltraSrtFcst`) for `cell`: the next six hours.
    /// - Parameter issuance: Which issuance; `nil` for the latest available now.
    /// - Throws: ``KMAError``; an issuance of another operation is `invalidRequest` before any request.
    public func ultraShortForecast(at cell: KMAGridCell, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMAForecast
    {
        try await forecast(.ultraShortForecast, cell, issuance)
    }

    /// The ultra-short forecast for the grid cell containing `coordinate`.
    /// - Throws: ``KMAError``; a coordinate outside the grid is `invalidRequest` before any request.
    public func ultraShortForecast(at coordinate: Coordinate, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMAForecast
    {
        try await forecast(.ultraShortForecast, try Self.cell(containing: coordinate), issuance)
    }

    // MARK: Ultra-short nowcast

    /// The ultra-short nowcast (초단기실황, `getUltraSrtNcst`) for `cell`: the hour's observation.
    /// - Parameter issuance: Which hour; `nil` for the latest available now.
    /// - Throws: ``KMAError``; an issuance of another operation is `invalidRequest` before any request;
    ///   an answer without rows is `decoding`.
    public func ultraShortNowcast(at cell: KMAGridCell, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMANowcast
    {
        let (issuance, rows, _) = try await readAll(KMAObservationRow.self, .ultraShortNowcast, cell, issuance)
        return try scrubbing { () throws(KMAError) in try KMARowReader.nowcast(rows, issuance: issuance, cell: cell) }
    }

    /// The ultra-short nowcast for the grid cell containing `coordinate`.
    /// - Throws: ``KMAError``; a coordinate outside the grid is `invalidRequest` before any request.
    public func ultraShortNowcast(at coordinate: Coordinate, issuance: KMAIssuance? = nil) async throws(KMAError)
        -> KMANowcast
    {
        try await ultraShortNowcast(at: try Self.cell(containing: coordinate), issuance: issuance)
    }

    // MARK: Description

    /// "KMAForecastClient(https://apis.data.go.kr, key <redacted>)".
    public var description: String { "KMAForecastClient(\(baseURL.absoluteString), key \(serviceKey))" }

    /// Shows the configuration, with the key redacted, to `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": baseURL, "rowsPerPage": rowsPerPage, "timeout": timeout,
                "serviceKey": serviceKey.description,
            ]
        )
    }

    // MARK: Implementation

    private func forecast(_ operation: KMAOperation, _ cell: KMAGridCell, _ issuance: KMAIssuance?)
        async throws(KMAError) -> KMAForecast
    {
        let (issuance, rows, totalCount) = try await readAll(KMAForecastRow.self, operation, cell, issuance)
        return try scrubbing { () throws(KMAError) in
            try KMARowReader.forecast(rows, issuance: issuance, cell: cell, totalCount: totalCount)
        }
    }

    private static func cell(containing coordinate: Coordinate) throws(KMAError) -> KMAGridCell {
        guard let cell = KMAGridCell(containing: coordinate) else {
            throw .invalidRequest(message: "\(coordinate) is not a valid coordinate inside the KMA grid")
        }
        return cell
    }

    /// Every row of the issuance, page after page until `totalCount` rows are read; a page shorter
    /// than `numOfRows` before the last is a decoding error, never a silently partial issuance.
    private func readAll<Row: Decodable & Sendable>(
        _ type: Row.Type, _ operation: KMAOperation, _ cell: KMAGridCell, _ requested: KMAIssuance?
    ) async throws(KMAError) -> (KMAIssuance, [KMARowReader.Located<Row>], Int) {
        let issuance: KMAIssuance
        if let requested {
            issuance = requested
        } else {
            issuance = try latestIssuance(operation)
        }
        guard issuance.operation == operation else {
            throw .invalidRequest(message: "\(issuance) is not an issuance of \(operation)")
        }
        guard (1...Self.maximumRowsPerPage).contains(rowsPerPage) else {
            throw .invalidRequest(message: "rowsPerPage \(rowsPerPage) is outside 1...\(Self.maximumRowsPerPage)")
        }
        var rows: [KMARowReader.Located<Row>] = []
        var page = 1
        while true {
            let response = try await send(try makeRequest(issuance, cell, page: page))
            let body = try scrubbing { () throws(KMAError) in
                try KMAResponseReader<Row>(page: page).body(of: response)
            }
            rows += body.items.enumerated().map { KMARowReader.Located(row: $1, page: page, index: $0) }
            if page * rowsPerPage >= body.totalCount {
                return (issuance, rows, body.totalCount)
            }
            guard body.items.count == rowsPerPage else {
                // A short page before the end: the server pages by a smaller size than asked, and
                // reading on would skip rows. Say so rather than return part of the issuance.
                throw .decoding(
                    path: KMAPagePath.name("response.body.items.item", page: page),
                    expected: "\(rowsPerPage) rows (numOfRows), since totalCount is \(body.totalCount)",
                    found: "\(body.items.count)")
            }
            if Task.isCancelled { throw .cancelled }
            page += 1
        }
    }

    /// Sends `request` and returns the answer, whatever its status; transport failures become
    /// ``KMAError/transport(kind:message:)`` (or `cancelled`) with the key scrubbed.
    func send(_ request: TransportRequest) async throws(KMAError) -> TransportResponse {
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            logger?(serviceKey.scrub("\(request) → failed: \(error.message)"))
            if error.kind == .cancelled { throw .cancelled }
            throw KMAError.transport(kind: error.kind, message: error.message).scrubbed(serviceKey.scrub)
        }
        logger?(serviceKey.scrub("\(request) → \(response.status), \(response.body.count) bytes"))
        return response
    }

    /// The request for one page, or `invalidRequest` when there is no key or the base URL is unusable.
    func makeRequest(_ issuance: KMAIssuance, _ cell: KMAGridCell, page: Int) throws(KMAError) -> TransportRequest {
        try makeRequest(
            operation: issuance.operation.rawValue,
            query: [
                .init(name: "pageNo", value: String(page)), .init(name: "numOfRows", value: String(rowsPerPage)),
                .init(name: "dataType", value: "JSON"), .init(name: "base_date", value: issuance.baseDate),
                .init(name: "base_time", value: issuance.baseTime), .init(name: "nx", value: String(cell.nx)),
                .init(name: "ny", value: String(cell.ny)),
            ])
    }

    /// `GET <baseURL>/<servicePath>/<operation>?serviceKey=…&<query>`, or `invalidRequest` when there is
    /// no key or the base URL is unusable. The key goes first, encoded exactly once by ``Endpoint``.
    func makeRequest(operation: String, query parameters: [Endpoint.QueryItem]) throws(KMAError) -> TransportRequest {
        var query: [Endpoint.QueryItem] = []
        switch serviceKey.resolution {
        case .key(let key): query.append(.init(name: "serviceKey", value: key))
        case .omitted: break
        case .missing:
            throw .invalidRequest(
                message:
                    "no service key: pass serviceKey: to KMAForecastClient or set \(KMAServiceKey.environmentVariable) "
                    + "(for a mock server that needs no key, pass serviceKey: \"\")"
            )
        }
        query += parameters
        let endpoint = Endpoint(
            path: "\(Self.servicePath)/\(operation)", query: query, sendsUnits: false, sendsLanguage: false)
        let url: URL
        do { url = try RequestURL.join(baseURL, endpoint.pathAndQuery, path: endpoint.path) } catch {
            throw .invalidRequest(message: error.message)
        }
        return TransportRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout)
    }

    /// `body()`'s result, or its error with the key scrubbed.
    func scrubbing<T>(_ body: () throws(KMAError) -> T) throws(KMAError) -> T {
        do {
            return try body()
        } catch {
            throw error.scrubbed(serviceKey.scrub)
        }
    }
}
