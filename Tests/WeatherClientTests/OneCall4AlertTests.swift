import Foundation
import Testing
import WeatherClient

/// Alerts resolved by id: the id percent-encoded as one path segment, the text in the language asked for.
@Suite struct OneCall4AlertTests {
    private typealias F = OneCall4Fixtures

    @Test func theIdIsOnePercentEncodedPathSegmentWithOnlyTheKey() async throws {
        let transport = InMemoryTransport(.json(F.alertLive))
        let client = OpenWeatherClient.testing(transport, units: .metric, language: "kr")

        let alert = try await client.oneCall4Alert(id: F.chileAlertID)

        #expect(alert.id == F.chileAlertID)
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:8080/data/4.0/onecall/alert/urn%3Aoid%3A2.49.0.0.152.0.2026.7.31.14.20.43%3A"
                    + "f1076d7511a15522d5a6e41917020bc0?appid=\(Fixtures.apiKey)"
            ])
    }

    @Test func aSlashInAnIdCannotChangeThePath() async throws {
        let transport = InMemoryTransport(.json(F.alertDocumented))

        _ = try await OpenWeatherClient.testing(transport).oneCall4Alert(id: "../../2.5/weather?q=x")

        #expect(
            transport.requests.first?.url.absoluteString
                == "http://127.0.0.1:8080/data/4.0/onecall/alert/..%2F..%2F2.5%2Fweather%3Fq%3Dx?appid=\(Fixtures.apiKey)"
        )
    }

    @Test func anEmptyIdIsRefusedBeforeAnyRequest() async {
        let transport = InMemoryTransport(.json(F.alertLive))

        await #expect(throws: WeatherError.invalidRequest(message: "the alert id is empty")) {
            try await OpenWeatherClient.testing(transport).oneCall4Alert(id: " ")
        }
        #expect(transport.requestCount == 0)
    }

    @Test func anUnknownIdIsTheAPIs404WithItsMessage() async {
        let body = #"{"cod":404,"message":"alert not found","parameters":["alert_id"]}"#
        let client = OpenWeatherClient.testing(InMemoryTransport(.json(body, status: 404)))

        await #expect(throws: WeatherError.cityNotFound(message: "alert not found")) {
            try await client.oneCall4Alert(id: "nope")
        }
    }

    @Test(arguments: [
        (["ko-KR", "ja-JP"], "大雨警報"),
        (["ja"], "大雨警報"),
        (["es"], "Lluvias intensas"),
        (["es_cl"], "Lluvias intensas"),
        (["ko-KR"], "Heavy rain warning"),
        ([], "Heavy rain warning"),
        (["fr", "es-MX"], "Lluvias intensas"),
    ])
    func theFirstPreferredLanguageTheAlertHasWinsThenEnglish(preferred: [String], expected: String) throws {
        let alert = try F.decode(OneCall4Alert.self, F.alertThreeLanguages)

        #expect(alert.text(preferring: preferred)?.text == expected)
    }

    @Test func withoutThePreferredLanguageOrEnglishTheFirstTextIsShown() throws {
        let alert = try F.decode(OneCall4Alert.self, F.alertLive)

        let text = try #require(alert.text(preferring: ["ko-KR"]))

        #expect(text.language == "es-CL")
    }

    @Test func openWeatherMapLanguageCodesFindTheirLanguage() throws {
        let json = F.alertThreeLanguages.replacingOccurrences(
            of: #"{"language":"ja-JP","description":"大雨警報"}"#, with: #"{"language":"ko-KR","description":"호우경보"}"#)
        let alert = try F.decode(OneCall4Alert.self, json)

        #expect(alert.text(preferring: ["kr"])?.text == "호우경보", "the client's lang=kr means Korean")
    }

    @Test func aDocumentedPlainTextIsShownWhateverIsPreferred() throws {
        let alert = try F.decode(OneCall4Alert.self, F.alertDocumented)

        #expect(alert.text(preferring: ["ko-KR"])?.language == nil)
        #expect(alert.text(preferring: ["ko-KR"])?.text.hasPrefix("...HEAT ADVISORY") == true)
    }

    @Test func anAlertWithNoTextHasNone() throws {
        let json = F.alertLive.replacingOccurrences(
            of: #""description":[{"#, with: #""description":[],"unused":[{"#)
        let alert = try F.decode(OneCall4Alert.self, json)

        #expect(alert.texts.isEmpty)
        #expect(alert.text(preferring: ["es-CL"]) == nil)
    }
}
