import MockEngine

/// What KMA cassettes' `expect` blocks may say (Cassettes/README.md lists every key), as the
/// WeatherClient KMA client decodes an answer: for the two forecasts the hourly entries and the first
/// hour (`celsius`, `sky`, `precipitationType`, `precipitation`, `probability`), the first daily
/// extremes and `totalCount`; for the nowcast its temperature, precipitation type and humidity; for
/// the version its stamp; for an error its kind (``KMAErrorKind``), message and result code.
enum KMAExpectations {
    static let vocabulary = ExpectVocabulary(
        details: [
            .init("hours", .integer(0...Int.max)), .init("celsius", .number), .init("sky", .text),
            .init("precipitationType", .text), .init("precipitation", .text),
            .init("probability", .integer(0...100)), .init("minCelsius", .number), .init("maxCelsius", .number),
            .init("humidity", .integer(0...100)), .init("count", .integer(0...Int.max)), .init("version", .text),
        ],
        errorKinds: KMAErrorKind.allCases.map(\.rawValue))
}

/// The vocabulary of `expect.error` for KMA: what kind of failure a correct client reports.
enum KMAErrorKind: String, Sendable, CaseIterable {
    /// Result code 03 `NO_DATA`: an issuance not published yet (no `body` in the answer).
    case noData
    /// Result code 10 with the Korean message: an issuance older than the retention.
    case outdated
    /// Result code 01 `APPLICATION_ERROR`: a `base_time` that is no issuance, a cell off the grid.
    case applicationError
    /// Result code 11 `NO_MANDATORY_REQUEST_PARAMETERS_ERROR`.
    case missingParameter
    /// Gateway code 30: a key the portal does not know (also double-encoded or with `+` unencoded).
    case unregisteredKey
    /// Gateway code 22: the daily quota is used up.
    case overQuota
    /// Gateway code 31: the key's period of use is over.
    case expiredKey
    /// Any other result code, or an answer that is neither the service's nor the gateway's.
    case server
    /// A success whose body is not what the API documents.
    case decoding
    /// The connection failed.
    case transport
    /// No answer within the client's timeout.
    case timeout
}
