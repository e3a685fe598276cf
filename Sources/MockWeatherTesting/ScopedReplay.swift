@_exported public import MockWeather
@_exported public import MockWeatherURLProtocol
public import Testing

/// Runs `body` against an in-process mock server (see ``InProcessMockWeather``), stops the server
/// whatever happens, and fails the test for every request no cassette matched, naming the request
/// and the closest cassette.
///
/// ```swift
/// @Test func showsSeoul() async throws {
///     try await withMockWeather { mock in
///         let app = WeatherViewModel(baseURL: mock.baseURL)
///         #expect(try await app.load(city: "Seoul").name == "Seoul")
///     }
/// }
/// ```
///
/// - Parameter expectingUnmatched: true for a test that provokes unmatched requests on purpose; it
///   reads them from `mock.journal` instead.
public func withMockWeather<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation, file: StaticString = #filePath, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation, _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    let mock = try InProcessMockWeather.start(cassettes, options: options)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(mock))
    } catch {
        result = .failure(error)
    }
    await mock.stop()
    if !expectingUnmatched {
        mock.journal.recordUnmatchedRequestsAsIssues(sourceLocation: sourceLocation, file: file, line: line)
    }
    return try result.get()
}

/// Runs `body` with a replayer for URLSession (see ``MockWeatherReplayer``): no socket, the
/// cassettes answer the sessions made with `replayer.makeSession()` or configured with
/// `replayer.attach(to:)`. Fails the test for every request no cassette matched.
///
/// ```swift
/// @Test func showsSeoul() async throws {
///     try await withMockWeatherReplayer { replayer in
///         let app = WeatherViewModel(session: replayer.makeSession())
///         #expect(try await app.load(city: "Seoul").name == "Seoul")
///     }
/// }
/// ```
public func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation, file: StaticString = #filePath, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation, _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    let replayer = try MockWeatherReplayer(cassettes, options: options)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(replayer))
    } catch {
        result = .failure(error)
    }
    if !expectingUnmatched {
        replayer.journal.recordUnmatchedRequestsAsIssues(sourceLocation: sourceLocation, file: file, line: line)
    }
    return try result.get()
}
