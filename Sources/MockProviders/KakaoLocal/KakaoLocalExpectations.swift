import MockEngine

/// What Kakao Local cassettes' `expect` blocks may say (Cassettes/README.md lists every key): the
/// place name an app shows (`name`, "서울 태평로1가"), the 지번 address's region names, the road
/// address (`"(none)"` when the answer has none), how many documents, and a region lookup's codes;
/// an error's kind (``KakaoLocalErrorKind``).
enum KakaoLocalExpectations {
    static let vocabulary = ExpectVocabulary(
        details: [
            .init("name", .text), .init("region1", .text), .init("region2", .text), .init("region3", .text),
            .init("roadAddress", .text), .init("zoneNo", .text), .init("count", .integer(0...Int.max)),
            .init("legalCode", .text), .init("administrativeCode", .text),
        ],
        errorKinds: KakaoLocalErrorKind.allCases.map(\.rawValue))

    /// The `roadAddress` an answer without a road-name address expects.
    static let noRoadAddress = "(none)"
}

/// The vocabulary of `expect.error` for Kakao Local: what kind of failure a correct client reports.
enum KakaoLocalErrorKind: String, Sendable, CaseIterable {
    /// 401 `AccessDeniedError`: no header, a malformed or unknown key.
    case unauthorized
    /// 403 `NotAuthorizedError`: the app may not use the Local service.
    case forbidden
    /// 400 `MissingParameter` or `InvalidArgument`.
    case invalidRequest
    /// 429 `RequestThrottled`.
    case rateLimited
    /// 5xx, or an answer that is not the host's JSON.
    case server
    /// A 2xx whose body is not what the API documents.
    case decoding
    /// The connection failed.
    case transport
    /// No answer within the client's timeout.
    case timeout
}
