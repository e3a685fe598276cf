import Foundation
import TestSupport
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The heart of the contract: for every interaction of every bundled cassette, the real client against
/// the real `mockweather` binary makes of the answer exactly what the cassette's `expect` block says,
/// and so it does against the in-process server and through the URLProtocol mode (``ContractMode``).
/// Adding a cassette with an `expect` block adds a case here; a cassette without one fails, naming it.
@Suite(.pooledContractSessions) struct CassetteContractTests {
    static let cases = ContractCase.bundled.filter {
        ContractCassettes.selects($0.cassette)
    }

    @Test func selectedModesAreKnown() {
        #expect(
            !ContractMode.selected.isEmpty,
            "MOCKWEATHER_CONTRACT_MODES names no mode; use serve, in-process or urlprotocol (comma-separated)")
    }

    @Test func bundledCassettesAreFound() {
        #expect(
            Self.cases.count >= (ContractCassettes.prefixes == nil ? 30 : 1),
            "found \(Self.cases.count) cases under \(PackageLayout.bundledCassettes.path)")
    }

    /// Client matches the cassette's expect block.
    @Test(arguments: ContractMode.selected, cases)
    func clientMakesOfEachInteractionWhatItsCassetteExpects(in mode: ContractMode, _ contract: ContractCase)
        async throws
    {
        if let problem = contract.problem {
            Issue.record(Comment(rawValue: problem))
            return
        }
        guard
            let call = ClientCall(for: contract.request, expecting: contract.steps.first)?.atRecordedIssuance(
                of: contract)
        else {
            Issue.record("\(contract.label): the client has no call for \(contract.request.path)")
            return
        }
        try await withMock(try .contract, mode: mode) { mock in
            let (baseURL, session) = (try mock.baseURL, try mock.session)
            let client = contractClient(for: contract, baseURL: baseURL, session: session)
            for (position, expectation) in contract.steps.enumerated() {
                let outcome = await call.perform(with: client)
                let step = contract.steps.count > 1 ? " (request \(position + 1) of the sequence)" : ""
                for difference in differences(between: outcome, and: expectation) {
                    Issue.record(Comment(rawValue: "\(contract.label)\(step) [\(mode)]: \(call): \(difference)"))
                }
            }
        }
    }

    @Test func cassetteWithoutExpectFailsNamingItsFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "current/no-expect.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [
              {"request": {"path": "/data/2.5/weather", "query": {"q": "nowhere"}},
               "response": {"status": 200, "json": {"name": "Nowhere"}}}]}
            """
        )

        let cases = ContractCase.all(in: directory.url)

        #expect(cases.count == 1)
        #expect(cases.first?.problem?.contains("current/no-expect.json has no expect block") == true)
    }

    @Test func expectKeyOutsideTheVocabularyFailsNamingIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "onecall/typo.json",
            """
            {"format": "mockweather-cassette/1", "source": "synthetic", "interactions": [
              {"request": {"path": "/data/3.0/onecall", "near": {"lat": 37.5, "lon": 127, "radiusKm": 5}},
               "response": {"status": 200, "json": {}}, "expect": {"timezone": "Asia/Seoul", "hourlyCount": 48}}]}
            """
        )

        let problem = try #require(ContractCase.all(in: directory.url).first?.problem)

        #expect(
            problem.contains(
                "onecall/typo.json interactions[0] expects keys the contract suite does not know: hourlyCount"))
    }

    @Test func expectKeyThatTheCallCannotObserveIsADifference() {
        var observation = Observation()
        observation.record("name", from: "name", text: "Seoul")
        let expectation = Expectation(.object(["name": .string("Seoul"), "aqi": .number(2)]))!

        let found = differences(between: .decoded(observation), and: expectation)

        #expect(found == ["expect.aqi: this call's answer has no such value (the key does not apply to it)"])
    }

    @Test func expectedValueTheAnswerLacksIsADifferenceNamingTheField() {
        var observation = Observation()
        observation.record("celsius", from: "current.temp", celsius: nil)
        observation.record("hourly", from: "hourly.count", integer: 0)
        let expectation = Expectation(.object(["celsius": .number(-2.34), "hourly": .number(48)]))!

        let found = differences(between: .decoded(observation), and: expectation)

        #expect(
            found == [
                "current.temp: expected -2.34, the response has none",
                "hourly.count: expected 48, the client decoded 0",
            ])
    }

    /// Every path of the API the client speaks maps to a client call.
    @Test(arguments: [
        ("/data/3.0/onecall", "oneCall(at: 37.5683, 126.9778, excluding: [.minutely, .alerts])"),
        ("/data/3.0/onecall/timemachine", "historicalWeather(at: 37.5683, 126.9778, time: 0)"),
        ("/data/3.0/onecall/day_summary", "daySummary(at: 37.5683, 126.9778, date: 2022-12-06, utcOffset: +09:00)"),
        ("/data/3.0/onecall/overview", "weatherOverview(at: 37.5683, 126.9778, date: 2022-12-06)"),
        ("/data/2.5/air_pollution", "airPollution(at: 37.5683, 126.9778)"),
        ("/data/2.5/air_pollution/forecast", "airPollutionForecast(at: 37.5683, 126.9778)"),
        ("/data/2.5/air_pollution/history", "airPollutionHistory(at: 37.5683, 126.9778, from: 10, to: 20)"),
        ("/geo/1.0/zip", "geocode(zip: \"04524\", country: \"KR\")"),
        ("/data/2.5/forecast", "forecast(zip: \"04524\", country: \"KR\")"),
        ("/img/wn/04d@4x.png", "icon(\"04d\", size: .quadruple)"),
        ("/img/wn/13n.png", "icon(\"13n\", size: .standard)"),
        ("/v2/local/geo/coord2address.json", "address(at: 37.5683, 126.9778)"),
        ("/v2/local/geo/coord2regioncode.json", "regionCodes(at: 37.5683, 126.9778)"),
        ("/v2/local/search/address.json", "searchAddress(\"서울 중구 세종대로 110\")"),
    ])
    func everyPathMapsToAClientCall(path: String, call: String) throws {
        let pattern = RequestPattern(
            .object([
                "path": .string(path),
                "query": .object([
                    "exclude": .string("alerts,minutely"), "dt": .number(0), "date": .string("2022-12-06"),
                    "tz": .string("+09:00"), "start": .number(10), "end": .number(20), "zip": .string("04524,KR"),
                ]),
                "near": .object(["lat": .number(37.5683), "lon": .number(126.9778)]),
            ]))

        #expect(try #require(ClientCall(for: pattern)).description == call)
    }
}

/// The clients a contract case may call, one per API, all against the same mock.
struct ContractClients: Sendable {
    var weather: OpenWeatherClient
    var kakao: KakaoLocalClient
    var kma: KMAForecastClient
}

/// A made-up KMA service key in the portal's "Decoding" form, with `+`, `/` and `=`: the client must
/// send it percent-encoded exactly once (`%2B`, `%2F`, `%3D`), or the mock answers every KMA case with
/// the gateway's code 30, as data.go.kr does (a `+` sent bare reads as a space, a `%252B` is encoded twice).
let contractKMAServiceKey = "c0ntract+Suite/placeholder+Key/0000=="

/// The clients a contract case uses: the interaction's units and language, made-up keys of the APIs'
/// forms (a real one must never be in a test), a short timeout where the cassette expects one.
func contractClient(for contract: ContractCase, baseURL: URL, session: URLSession) -> ContractClients {
    let expectsTimeout = contract.steps.contains { $0.error == "timeout" }
    let transport = ShapingTransport(pattern: contract.request, underlying: URLSessionTransport(session: session))
    let weather = OpenWeatherClient(
        apiKey: "contract-suite-placeholder-key",
        baseURL: baseURL,
        units: contract.request.literal("units").flatMap { Units(rawValue: $0) } ?? .metric,
        language: contract.request.literal("lang"),
        timeout: expectsTimeout ? .seconds(2) : .seconds(15),
        transport: transport
    )
    let kakao = KakaoLocalClient(
        apiKey: "c0de0000c0de0000c0de0000c0de0000", baseURL: baseURL,
        timeout: expectsTimeout ? .seconds(2) : .seconds(15), transport: transport, environment: [:])
    // The real clock: the client asks for the latest issuance now, and the mock (on real time) serves the
    // recorded one shifted to it, so the cassettes' expectations name no times.
    let kma = KMAForecastClient(
        serviceKey: contractKMAServiceKey, baseURL: baseURL, timeout: expectsTimeout ? .seconds(2) : .seconds(15),
        transport: transport, environment: [:])
    return ContractClients(weather: weather, kakao: kakao, kma: kma)
}
