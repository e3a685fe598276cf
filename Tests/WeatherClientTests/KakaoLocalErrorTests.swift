import Foundation
import Testing
import WeatherClient

/// Mapping Kakao Local answers to KakaoLocalError.
@Suite struct KakaoLocalErrorTests {
    private static let cityHall = Coordinate(latitude: 37.5663174209601, longitude: 126.977829174031)

    private func address(answering reply: InMemoryTransport.Reply) async throws(KakaoLocalError) -> KakaoAddress? {
        try await KakaoLocalClient.testing(InMemoryTransport(reply)).address(at: Self.cityHall)
    }

    /// Every dapi error of the reference's table, with its status, errorType and message kept.
    @Test(arguments: [
        (
            KakaoFixtures.missingHeaderBody, 401, "unauthorized", "AccessDeniedError",
            "cannot find Authorization : KakaoAK header"
        ),
        (KakaoFixtures.wrongFormatNullBody, 401, "unauthorized", "AccessDeniedError", "wrong appKey(***) format"),
        (KakaoFixtures.cannotFindAppKeyBody, 401, "unauthorized", "AccessDeniedError", "cannot find appkey"),
        (
            KakaoFixtures.ipMismatchedBody, 401, "unauthorized", "AccessDeniedError",
            "ip mismatched! callerIp=203.0.113.7"
        ),
        (
            KakaoFixtures.kaHeaderBody, 401, "unauthorized", "AccessDeniedError",
            "KA Header is required but neither os nor origin field is given"
        ),
        (
            KakaoFixtures.disabledServiceBody, 403, "forbidden", "NotAuthorizedError",
            "App(Seoul_NightSpots_Agent) disabled OPEN_MAP_AND_LOCAL service."
        ),
        (KakaoFixtures.missingParameterBody, 400, "badRequest", "MissingParameter", "query parameter required"),
        (KakaoFixtures.invalidArgumentBody, 400, "badRequest", "InvalidArgument", "page is more than max"),
        (KakaoFixtures.throttledBody, 429, "rateLimited", "RequestThrottled", "API limit has been exceeded."),
    ])
    func dapiErrorsKeepStatusErrorTypeAndMessage(
        body: String, status: Int, caseName: String, errorType: String, message: String
    ) async {
        let error = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(body, status: status))
        }

        let answer = KakaoLocalError.Answer(status: status, errorType: errorType, message: message)
        let expected: KakaoLocalError =
            switch caseName {
            case "unauthorized": .unauthorized(answer)
            case "forbidden": .forbidden(answer)
            case "badRequest": .badRequest(answer)
            default: .rateLimited(answer)
            }
        #expect(error == expected)
        #expect(error?.httpStatus == status)
        #expect(error?.errorType == errorType)
        #expect(error?.serverMessage == message)
    }

    /// The descriptions say what happened, with the status, the errorType and the server's message.
    @Test func descriptionsSayWhatHappenedWithTheServersMessage() async {
        let missingHeader = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.missingHeaderBody, status: 401))
        }
        #expect(
            missingHeader?.description
                == "Kakao Local refused the key (HTTP 401 AccessDeniedError): cannot find Authorization : KakaoAK header"
        )
        #expect(missingHeader?.debugDescription.hasPrefix("KakaoLocalError.unauthorized: Kakao Local refused") == true)
        #expect(missingHeader?.localizedDescription == missingHeader?.description)

        let disabled = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.disabledServiceBody, status: 403))
        }
        #expect(
            disabled?.description
                == "Kakao Local is not enabled for the app (HTTP 403 NotAuthorizedError): "
                + "App(Seoul_NightSpots_Agent) disabled OPEN_MAP_AND_LOCAL service. "
                + "(turn it on in Kakao Developers: [Kakao Map] > [Usage settings] > [State] = On)")

        let missingParameter = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.missingParameterBody, status: 400))
        }
        #expect(
            missingParameter?.description
                == "Kakao Local rejected the request (HTTP 400 MissingParameter): query parameter required")
    }

    /// 429 RequestThrottled keeps Retry-After and is retryable.
    @Test func throttledKeepsRetryAfterAndIsRetryable() async {
        let error = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.throttledBody, status: 429, headers: ["Retry-After": "5"]))
        }

        #expect(error?.answer?.retryAfter == .seconds(5))
        #expect(error?.isRetryable == true)
        #expect(
            error?.description
                == "Kakao Local rate limited (HTTP 429 RequestThrottled; retry after 5 s): API limit has been exceeded."
        )
    }

    /// RequestThrottled is rate limiting whatever status it comes with (its 429 is unconfirmed).
    @Test func throttledIsRateLimitedWhateverItsStatus() async {
        let error = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.throttledBody, status: 400))
        }
        #expect(
            error
                == .rateLimited(
                    .init(status: 400, errorType: "RequestThrottled", message: "API limit has been exceeded.")))
    }

    /// An error body that comes with status 200 is still the error it names.
    @Test func errorBodyWithStatus200IsTheErrorItNames() async {
        let error = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.missingHeaderBody))
        }
        #expect(error?.httpStatus == 200)
        guard case .unauthorized = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
    }

    /// Kakao's other dialect, {"code": -401, "msg": …}, is decoded too.
    @Test func codeAndMsgDialectIsDecodedToo() async {
        let error = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(KakaoFixtures.codeDialectBody, status: 401))
        }

        #expect(error == .unauthorized(.init(status: 401, code: -401, message: "this access token does not exist")))
        #expect(
            error?.description == "Kakao Local refused the key (HTTP 401 code -401): this access token does not exist")
    }

    /// 5xx HTML pages, empty bodies and dapi JSON are server errors, retryable except 501.
    @Test func serverErrorsDescribeTheirBodiesAndAreRetryableExcept501() async {
        let page = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
        let html = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .text(page, status: 502))
        }
        #expect(html == .server(.init(status: 502, message: "502 Bad Gateway (HTML page)")))
        #expect(html?.isRetryable == true)
        #expect(html?.description == "Kakao Local server error (HTTP 502): 502 Bad Gateway (HTML page)")

        let empty = await #expect(throws: KakaoLocalError.self) { try await address(answering: .text("", status: 503)) }
        #expect(empty == .server(.init(status: 503, message: "503 Service Unavailable (empty body)")))

        let json = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(#"{"errorType":"InternalError","message":"oops"}"#, status: 500))
        }
        #expect(json == .server(.init(status: 500, errorType: "InternalError", message: "oops")))

        let notImplemented = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .json(#"{"message":"mockweather: no cassette matches"}"#, status: 501))
        }
        #expect(notImplemented?.isRetryable == false)
    }

    /// A 401 or 429 that is not Kakao's JSON keeps its case; a foreign 403 is a server error.
    @Test func foreignBodiesKeepOnlyStatusesThatMeanTheSameFromAnyone() async {
        let unauthorized = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .text("<html><title>401 Authorization Required</title></html>", status: 401))
        }
        #expect(unauthorized == .unauthorized(.init(status: 401, message: "401 Authorization Required (HTML page)")))

        let forbidden = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .text("denied by proxy", status: 403, contentType: "text/plain"))
        }
        #expect(forbidden == .server(.init(status: 403, message: "403 Forbidden: denied by proxy")))
    }

    /// Refused keys, disabled services and bad requests are not retryable.
    @Test func refusalsAreNotRetryable() async {
        for (body, status) in [
            (KakaoFixtures.missingHeaderBody, 401), (KakaoFixtures.disabledServiceBody, 403),
            (KakaoFixtures.missingParameterBody, 400),
        ] {
            let error = await #expect(throws: KakaoLocalError.self) {
                try await address(answering: .json(body, status: status))
            }
            #expect(error?.isRetryable == false)
        }
    }

    /// Transport failures keep their kind and message; a timeout says so.
    @Test func transportFailuresKeepTheirKind() async {
        let timeout = await #expect(throws: KakaoLocalError.self) {
            try await address(answering: .fail(.timeout, "no answer from dapi.kakao.com within 10 s (URLError -1001)"))
        }
        #expect(
            timeout == .transport(kind: .timeout, message: "no answer from dapi.kakao.com within 10 s (URLError -1001)")
        )
        #expect(
            timeout?.description
                == "Kakao Local request timed out: no answer from dapi.kakao.com within 10 s (URLError -1001)")
        #expect(timeout?.isRetryable == true)
        #expect(timeout?.httpStatus == nil)

        let lost = await #expect(throws: KakaoLocalError.self) { try await address(answering: .fail(.connectionLost)) }
        #expect(lost == .transport(kind: .connectionLost, message: "simulated"))
    }

    /// A cancelled transfer is cancelled, not a transport failure.
    @Test func cancelledTransferIsCancelled() async {
        let error = await #expect(throws: KakaoLocalError.self) { try await address(answering: .fail(.cancelled)) }
        #expect(error == .cancelled)
        #expect(error?.description == "cancelled before Kakao Local answered")
    }
}
