import Foundation
import Testing
import WeatherClient

#if canImport(FoundationNetworking)
import FoundationNetworking
import TestSupport
#endif

/// The heart of the contract: for every interaction of every bundled cassette, the real client against
/// the real `mockweather` binary makes of the answer exactly what the cassette's `expect` block says.
/// Adding a cassette with an `expect` block adds a case here; a cassette without one fails, naming it.
@Suite("Each bundled cassette's expect block holds for the client")
struct CassetteContractTests {
    static let cases = ContractCase.all(in: PackageLayout.bundledCassettes)

    @Test func bundledCassettesAreFound() {
        #expect(Self.cases.count >= 30, "found \(Self.cases.count) cases under \(PackageLayout.bundledCassettes.path)")
    }

    @Test("Client matches the cassette's expect block", arguments: cases)
    func clientMakesOfEachInteractionWhatItsCassetteExpects(_ contract: ContractCase) async throws {
        if let problem = contract.problem {
            Issue.record(Comment(rawValue: problem))
            return
        }
        guard let call = ClientCall(for: contract.request) else {
            Issue.record("\(contract.label): the client has no call for \(contract.request.path)")
            return
        }
        try await withContractServer { baseURL in
            // A session of its own: URLSession quietly retries a request whose reused connection dies, which
            // would hide a `reset` fault; on a fresh connection the client sees it as an app would.
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let client = contractClient(for: contract, baseURL: baseURL, session: session)
            for (position, expectation) in contract.steps.enumerated() {
                let outcome = await call.perform(with: client)
                let step = contract.steps.count > 1 ? " (request \(position + 1) of the sequence)" : ""
                for difference in differences(between: outcome, and: expectation) {
                    Issue.record(Comment(rawValue: "\(contract.label)\(step): \(call): \(difference)"))
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
}

/// The client a contract case uses: the interaction's units and language, a made-up key (the mock needs
/// none, and a real one must never be in a test), a short timeout where the cassette expects one.
func contractClient(for contract: ContractCase, baseURL: URL, session: URLSession) -> OpenWeatherClient {
    let expectsTimeout = contract.steps.contains { $0.error == "timeout" }
    return OpenWeatherClient(
        apiKey: "contract-suite-placeholder-key",
        baseURL: baseURL,
        units: contract.request.literal("units").flatMap { Units(rawValue: $0) } ?? .metric,
        language: contract.request.literal("lang"),
        timeout: expectsTimeout ? .seconds(2) : .seconds(15),
        transport: ShapingTransport(pattern: contract.request, underlying: URLSessionTransport(session: session))
    )
}
