import Foundation
import TestSupport
import Testing
import WeatherClient

/// The KMA side of the contract: the bundled `kma/` cassettes become cases of
/// ``CassetteContractTests`` through ``KMAForecastClient``; these pin how their calls are chosen and
/// that the suite sends the client's service key as the client wrote it.
@Suite struct KMAContractTests {
    /// Every bundled KMA case, whatever `MOCKWEATHER_CONTRACT_CASSETTES` selects.
    static let kmaCases = ContractCase.bundled.filter {
        $0.cassette.hasPrefix("kma/")
    }

    @Test func bundledKMACassettesAreWhatTheirScriptWrites() async throws {
        let script = PackageLayout.root.appendingPathComponent("Scripts/generate-kma-cassettes.py")
        // Through the harness's posix_spawn child, not Foundation's Process (see ChildProcess.swift).
        let result = try await RunningProcess.start(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--check"]
        ).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func everyOperationHasBundledCases() {
        let paths = Set(Self.kmaCases.map(\.request.path))
        for operation in ["getVilageFcst", "getUltraSrtFcst", "getUltraSrtNcst", "getFcstVersion"] {
            #expect(paths.contains(KMAForecastClient.servicePath + "/" + operation), "no bundled case for \(operation)")
        }
    }

    /// Each operation's path maps to the client's call, for the pattern's cell.
    @Test(arguments: [
        ("getVilageFcst", "villageForecast(at: 89/90)"),
        ("getUltraSrtFcst", "ultraShortForecast(at: 89/90)"),
        ("getUltraSrtNcst", "ultraShortNowcast(at: 89/90)"),
        ("getFcstVersion", "forecastVersion(.nowcast)"),
    ])
    func kmaPathMapsToTheClientCallForThePatternsCell(operation: String, call: String) throws {
        let pattern = RequestPattern(
            .object([
                "path": .string(KMAForecastClient.servicePath + "/" + operation),
                "query": .object(["nx": .string("89"), "ny": .number(90), "ftype": .string("ODAM")]),
            ]))

        #expect(try #require(ClientCall(for: pattern)).description == call)
    }

    @Test func patternWithoutACellAsksForTheUnrecordedCell() throws {
        let pattern = RequestPattern(.object(["path": .string(KMAForecastClient.servicePath + "/getVilageFcst")]))

        #expect(try #require(ClientCall(for: pattern)).description == "villageForecast(at: 58/74)")
    }

    /// Otherwise a cassette naming that cell would answer a case meant for no recording. And no bundled
    /// forecast is a catch-all any more (a pattern without `nx`): an unrecorded cell is the world's to
    /// answer under `--synthesize`, and 501 without it, as for OpenWeatherMap.
    @Test func unrecordedCellIsNamedByNoCassetteAndNoForecastIsACatchAll() {
        let cell = ClientCall.kmaUnrecordedCell
        let naming = Self.kmaCases.filter {
            $0.request.literal("nx") == String(cell.nx) && $0.request.literal("ny") == String(cell.ny)
        }

        #expect(naming.isEmpty, "\(naming.map(\.label)) name \(cell)")
        let catchAlls = Self.kmaCases.filter {
            !$0.request.path.hasSuffix("/getFcstVersion") && $0.request.literal("nx") == nil
                && $0.request.query["nx"] == nil
        }
        #expect(catchAlls.isEmpty, "\(catchAlls.map(\.label)) answer any cell")
        #expect(Self.kmaCases.contains { $0.request.path.hasSuffix("/getFcstVersion") }, "the filter sees cases")
    }

    /// The shaping transport rewrites only what the pattern demands: the client's `%2B`, `%2F` and `%3D`
    /// reach the mock as the client wrote them, so the suite proves the client's encoding, not its own.
    @Test func shapingKeepsTheServiceKeyExactlyAsTheClientEncodedIt() throws {
        let pattern = RequestPattern(
            .object([
                "path": .string(KMAForecastClient.servicePath + "/getUltraSrtNcst"),
                "query": .object(["nx": .string("0"), "ny": .string("127")]),
            ]))
        let transport = ShapingTransport(pattern: pattern, underlying: URLSessionTransport.shared)
        let url = try #require(
            URL(string: "http://127.0.0.1:1/x?serviceKey=a%2Bb%2Fc%3D%3D&nx=58&ny=127&dataType=JSON"))

        let shaped = transport.shape(url).absoluteString

        #expect(shaped == "http://127.0.0.1:1/x?serviceKey=a%2Bb%2Fc%3D%3D&nx=0&ny=127&dataType=JSON")
    }

    /// A staged magic key replaces the client's key in the request.
    @Test func shapingWritesAStagedKeyInPlaceOfTheClients() throws {
        let pattern = RequestPattern(
            .object([
                "path": .string(KMAForecastClient.servicePath + "/getVilageFcst"),
                "query": .object(["serviceKey": .string("over-quota")]),
            ]))
        let transport = ShapingTransport(pattern: pattern, underlying: URLSessionTransport.shared)
        let url = try #require(URL(string: "http://127.0.0.1:1/x?serviceKey=a%2Bb%2Fc%3D%3D&nx=58"))

        #expect(transport.shape(url).absoluteString == "http://127.0.0.1:1/x?serviceKey=over-quota&nx=58")
    }

    @Test func kmaFailureCarriesItsKindAndTheServersMessage() {
        let gateway = ClientFailure(
            KMAError.gateway(
                code: .quotaExceeded, errorMessage: "SERVICE ERROR",
                authMessage: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", status: 200))
        let stale = ClientFailure(KMAError.service(code: .invalidRequestParameter, message: "최근 1일 간의 자료만 제공합니다."))

        #expect(gateway.kind == "overQuota")
        #expect(gateway.message == "SERVICE ERROR; LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR")
        #expect(stale.kind == "outdated")
        #expect(stale.message == "최근 1일 간의 자료만 제공합니다.")
    }

    @Test func aFailureOfAnotherKindThanExpectedIsADifference() {
        let failure = ClientFailure(KMAError.service(code: .applicationError, message: "APPLICATION_ERROR"))
        let expectation = Expectation(.object(["error": .string("noData")]))!

        #expect(
            differences(between: .failed(failure), and: expectation).first?.hasPrefix(
                "error: expected noData, the client threw applicationError") == true)
    }
}
