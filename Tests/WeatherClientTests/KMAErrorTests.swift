import Foundation
import Testing
import WeatherClient

/// Every error form of the reference as a typed KMAError with the server's own text.
@Suite struct KMAErrorTests {
    private func villageForecast(answering reply: InMemoryTransport.Reply) async throws(KMAError) -> KMAForecast {
        try await KMAForecastClient.testing(InMemoryTransport(reply)).villageForecast(at: KMAFixtures.seoul)
    }

    // MARK: Service result codes inside a 200

    /// NO_DATA comes with no `body` key at all; it is the service's error, not a decoding failure.
    @Test func noDataWithoutABodyIsTheServicesNoDataError() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .json(KMAFixtures.noData))
        }

        #expect(error == .service(code: .noData, message: "NO_DATA"))
        #expect(error?.description == "KMA service answered 03 (no data): NO_DATA")
        #expect(error?.resultCode?.name == "NODATA_ERROR")
        #expect(error?.isRetryable == false)
    }

    @Test func code10KeepsItsKoreanRetentionMessage() async {
        let village = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .json(KMAFixtures.tooOldVillage))
        }
        let nowcast = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.tooOldUltraShort)))
                .ultraShortNowcast(at: KMAFixtures.seoul)
        }

        #expect(village == .service(code: .invalidRequestParameter, message: "최근 3일 간의 자료만 제공합니다."))
        #expect(nowcast == .service(code: .invalidRequestParameter, message: "최근 1일 간의 자료만 제공합니다."))
        #expect(village?.serverMessage == "최근 3일 간의 자료만 제공합니다.")
        #expect(
            village?.description == "KMA service answered 10 (invalid request parameter): 최근 3일 간의 자료만 제공합니다.")
    }

    /// (body, code, message, retryable).
    private static let serviceErrors: [(String, KMAResultCode, String, Bool)] = [
        (KMAFixtures.applicationError, .applicationError, "APPLICATION_ERROR", false),
        (KMAFixtures.httpError, .httpError, "HTTP_ERROR", true),
        (KMAFixtures.disabledKey, .keyTemporarilyDisabled, "TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR", false),
        (
            #"{"response":{"header":{"resultCode":"11","resultMsg":"NO_MANDATORY_REQUEST_PARAMETERS_ERROR"}}}"#,
            .missingMandatoryParameter, "NO_MANDATORY_REQUEST_PARAMETERS_ERROR", false
        ),
        (
            #"{"response":{"header":{"resultCode":"22","resultMsg":"LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"}}}"#,
            .quotaExceeded, "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", false
        ),
        (
            #"{"response":{"header":{"resultCode":"99","resultMsg":"UNKNOWN_ERROR"}}}"#, .unknownError, "UNKNOWN_ERROR",
            false
        ),
        (
            #"{"response":{"header":{"resultCode":"77","resultMsg":"SOMETHING_NEW"}}}"#, KMAResultCode(rawValue: "77"),
            "SOMETHING_NEW", false
        ),
    ]

    @Test(arguments: serviceErrors.indices)
    func serviceResultCodesAreTypedWithTheirMessage(index: Int) async {
        let (body, code, message, retryable) = Self.serviceErrors[index]

        let error = await #expect(throws: KMAError.self) { try await villageForecast(answering: .json(body)) }

        #expect(error == .service(code: code, message: message))
        #expect(error?.isRetryable == retryable)
    }

    /// A result code sent as a number is read the same.
    @Test func aNumericResultCodeIsReadToo() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(
                answering: .json(#"{"response":{"header":{"resultCode":3,"resultMsg":"NO_DATA"}}}"#))
        }

        #expect(error == .service(code: KMAResultCode(rawValue: "3"), message: "NO_DATA"))
    }

    // MARK: Gateway

    /// The classic gateway error: XML with HTTP 200 though the request said dataType=JSON.
    @Test func classicGatewayXMLUnderDataTypeJSONIsAGatewayRefusal() async throws {
        let transport = InMemoryTransport(.xml(KMAFixtures.gatewayNotRegisteredXML))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport).villageForecast(at: KMAFixtures.seoul)
        }

        #expect(try #require(transport.requests.first).queryValue("dataType") == "JSON")
        #expect(
            error
                == .gateway(
                    code: .keyNotRegistered, errorMessage: "SERVICE ERROR",
                    authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR",
                    status: 200))
        #expect(error?.resultCode == .keyNotRegistered)
        #expect(
            error?.description
                == "data.go.kr gateway refused the request with 30 (service key not registered), HTTP 200: "
                + "SERVICE ERROR; SERVICE_KEY_IS_NOT_REGISTERED_ERROR")
        #expect(error?.isRetryable == false)
    }

    @Test func classicGatewayQuotaAndExpiryAreNamed() async {
        let quota = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .xml(KMAFixtures.gatewayQuotaXML))
        }
        let expired = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .xml(KMAFixtures.gatewayExpiredXML))
        }

        #expect(quota?.resultCode == .quotaExceeded)
        #expect(quota?.serverMessage == "SERVICE ERROR; LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR")
        #expect(expired?.resultCode == .keyExpired)
        #expect(expired?.resultCode?.meaning == "service key expired")
    }

    /// The classic form with an XML declaration, attributes and CDATA is read the same.
    @Test func classicGatewayXMLIsReadTolerantly() async {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <OpenAPI_ServiceResponse><cmmMsgHeader><errMsgDetail>no</errMsgDetail>\
            <errMsg lang="en"><![CDATA[SERVICE ERROR]]></errMsg><returnAuthMsg> A &amp; B </returnAuthMsg>\
            <returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>
            """

        let error = await #expect(throws: KMAError.self) { try await villageForecast(answering: .xml(body)) }

        #expect(
            error == .gateway(code: .keyNotRegistered, errorMessage: "SERVICE ERROR", authMessage: "A & B", status: 200)
        )
    }

    /// The newer JSON gateway envelope with HTTP 403: errMsg is the constant, returnAuthMsg Korean.
    @Test func jsonGatewayEnvelopeWith403IsAGatewayRefusal() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .json(KMAFixtures.gatewayNotRegisteredJSON, status: 403))
        }

        #expect(
            error
                == .gateway(
                    code: .keyNotRegistered, errorMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR",
                    authMessage: "등록되지 않은 서비스키",
                    status: 403))
        #expect(error?.httpStatus == 403)
        #expect(error?.resultCode?.koreanMeaning == "등록되지 않은 서비스키")
    }

    @Test func jsonGatewayQuotaWith200IsAGatewayRefusal() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .json(KMAFixtures.gatewayQuotaJSON))
        }

        #expect(
            error
                == .gateway(
                    code: .quotaExceeded, errorMessage: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR",
                    authMessage: "서비스 요청제한횟수 초과", status: 200))
    }

    // MARK: HTTP and transport

    @Test func anHTMLErrorPageIsAServerError() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .text("<html><title>502 Bad Gateway</title></html>", status: 502))
        }

        #expect(error == .server(status: 502, message: "502 Bad Gateway (HTML page)"))
        #expect(error?.isRetryable == true)
    }

    @Test func anEmpty503IsAServerError() async {
        let error = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .text("", status: 503, contentType: "text/plain"))
        }

        #expect(error == .server(status: 503, message: "503 Service Unavailable (empty body)"))
    }

    @Test func transportTimeoutsAndCancellationMapAsTheOpenWeatherClientMapsThem() async {
        let timeout = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .fail(.timeout, "no answer from 127.0.0.1:8080 within 10 s"))
        }
        let cancelled = await #expect(throws: KMAError.self) {
            try await villageForecast(answering: .fail(.cancelled))
        }

        #expect(timeout == .transport(kind: .timeout, message: "no answer from 127.0.0.1:8080 within 10 s"))
        #expect(timeout?.description == "request timed out: no answer from 127.0.0.1:8080 within 10 s")
        #expect(timeout?.isRetryable == true)
        #expect(cancelled == .cancelled)
    }

    // MARK: Refused before sending

    @Test func noKeyIsAnInvalidRequestAndNothingIsSent() async {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport, serviceKey: nil).villageForecast(at: KMAFixtures.seoul)
        }

        #expect(error?.description.contains("KMA_SERVICE_KEY") == true)
        #expect(transport.requestCount == 0)
    }

    @Test func anIssuanceOfAnotherOperationIsAnInvalidRequest() async {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport).villageForecast(
                at: KMAFixtures.seoul, issuance: KMAFixtures.issuance(.ultraShortNowcast, "20261002", "0200"))
        }

        #expect(error == .invalidRequest(message: "getUltraSrtNcst 20261002 0200 is not an issuance of getVilageFcst"))
        #expect(transport.requestCount == 0)
    }

    @Test func aCoordinateOutsideTheGridIsAnInvalidRequest() async {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport).villageForecast(
                at: Coordinate(latitude: 40.7128, longitude: -74.006))
        }

        #expect(error == .invalidRequest(message: "40.7128, -74.006 is not a valid coordinate inside the KMA grid"))
        #expect(transport.requestCount == 0)
    }

    @Test func rowsPerPageOutsideOneToAThousandIsAnInvalidRequest() async {
        let transport = InMemoryTransport(.json(KMAFixtures.village2026))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(transport, rowsPerPage: 1001).villageForecast(at: KMAFixtures.seoul)
        }

        #expect(error == .invalidRequest(message: "rowsPerPage 1001 is outside 1...1000"))
        #expect(transport.requestCount == 0)
    }
}
