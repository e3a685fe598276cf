import Foundation
import Testing
import WeatherClient

/// `KMAForecastClient.forecastVersion`: what it sends (the key encoded once, `ftype`, `basedatetime` from
/// the client's clock) and what it makes of the answer, whose fields are UNCONFIRMED.
@Suite struct KMAForecastVersionTests {
    private static let answer = """
        {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON",\
        "items":{"item":[{"filetype":"SHRT","version":"20261002021200"}]},"pageNo":1,"numOfRows":1,"totalCount":1}}}
        """

    /// At 02:15 KST the village forecast's latest issuance is 0200, so that is the `basedatetime`.
    @Test func versionRequestNamesTheProductAndItsLatestIssuanceWithTheKeyEncodedOnce() async throws {
        let transport = InMemoryTransport(.json(Self.answer))

        _ = try await KMAForecastClient.testing(transport).forecastVersion(.villageForecast)

        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/getFcstVersion?serviceKey="
                    + "\(KMAFixtures.encodedKey)&pageNo=1&numOfRows=10&dataType=JSON&ftype=SHRT&basedatetime=202610020200"
            ])
    }

    @Test func versionAnswerIsReadAsSent() async throws {
        let version = try await KMAForecastClient.testing(InMemoryTransport(.json(Self.answer)))
            .forecastVersion(.villageForecast)

        #expect(version == KMAForecastVersion(fileType: "SHRT", version: "20261002021200"))
    }

    @Test func versionAnswerWithoutAnItemIsADecodingErrorNamingTheItems() async throws {
        let empty = Self.answer.replacingOccurrences(
            of: #"{"filetype":"SHRT","version":"20261002021200"}"#, with: "")

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(InMemoryTransport(.json(empty))).forecastVersion(.nowcast)
        }

        #expect(error == .decoding(path: "response.body.items.item", expected: "one version item", found: "no items"))
    }

    @Test func versionNoDataIsTheServicesError() async throws {
        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(InMemoryTransport(.json(KMAFixtures.noData))).forecastVersion(.nowcast)
        }

        #expect(error == .service(code: .noData, message: "NO_DATA"))
    }

    @Test func versionRefusedByTheGatewayIsTheGatewayError() async throws {
        let refusal = InMemoryTransport(
            .text(KMAFixtures.gatewayNotRegisteredXML, status: 200, contentType: "text/xml;charset=UTF-8"))

        let error = await #expect(throws: KMAError.self) {
            try await KMAForecastClient.testing(refusal).forecastVersion(.ultraShortForecast)
        }

        #expect(error?.resultCode == .keyNotRegistered)
        #expect(error?.httpStatus == 200)
    }
}
