public import MockWeather
public import Testing

/// Runs a test against a mock of its own, as a Swift Testing trait: `@Test(.mockWeather(…))` for one
/// test, `@Suite(.mockWeather(…))` for each test of a suite (each gets a fresh mock: its own
/// cassettes, sequence positions and journal, so tests of the suite run in parallel safely). The
/// test body reads the mock from ``MockWeatherHandle/current``; it is stopped after the test, and
/// each request no cassette answered fails the test, as the scoped forms do (they share one
/// implementation). Record-on-miss follows the environment (``MockWeatherRecording``).
///
/// ```swift
/// @Suite(.mockWeather(.directory(relativeTo: #filePath, "Cassettes"), mode: .urlProtocol))
/// struct ForecastScreenTests {
///     @Test func showsSeoul() async throws {
///         let mock = try #require(MockWeatherHandle.current)
///         let app = WeatherViewModel(baseURL: mock.baseURL, session: mock.makeSession())
///         #expect(try await app.load(city: "Seoul").name == "Seoul")
///     }
/// }
/// ```
public struct MockWeatherTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassettes served.
    public var cassettes: CassetteSet
    /// Where the mock runs.
    public var mode: MockWeatherMode
    /// How it behaves.
    public var options: ReplayOptions
    /// Whether misses are recorded (by default as `MOCKWEATHER_RECORD` says, never in CI).
    public var recording: MockWeatherRecording
    /// True for a test that provokes unmatched requests on purpose and reads them from the journal.
    public var expectingUnmatched: Bool

    /// On a suite, every test gets a mock of its own.
    public var isRecursive: Bool { true }

    /// Starts the mock, runs the test with it as ``MockWeatherHandle/current``, stops it, and records
    /// an issue for each unmatched request at the test's own source location.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope (not a test of it) has nothing to run against.
        guard !test.isSuite else { return try await function() }
        let scope = MockWeatherScope(
            cassettes: cassettes, mode: mode, options: options, recording: recording,
            expectingUnmatched: expectingUnmatched, location: FailureLocation(test.sourceLocation))
        try await scope.run { handle in
            try await MockWeatherHandle.$current.withValue(handle) { try await function() }
        }
    }
}

extension Trait where Self == MockWeatherTrait {
    /// A mock of `cassettes` for the test (or for each test of the suite), in `mode`, with `options`;
    /// misses recorded as `recording` says (the environment's `MOCKWEATHER_RECORD` by default, never
    /// in CI).
    public static func mockWeather(
        _ cassettes: CassetteSet = .bundled, mode: MockWeatherMode = .server, options: ReplayOptions = ReplayOptions(),
        recording: MockWeatherRecording = .fromEnvironment(), expectingUnmatched: Bool = false
    ) -> Self {
        MockWeatherTrait(
            cassettes: cassettes, mode: mode, options: options, recording: recording,
            expectingUnmatched: expectingUnmatched)
    }
}
