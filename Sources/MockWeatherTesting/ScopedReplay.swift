@_exported public import MockWeather
@_exported public import MockWeatherURLProtocol
public import Testing

// Each scoped function comes twice. The form apps call takes XCTest's `file:`/`line:` (with `#fileID`
// and `#column` beside them), whose defaults are literals rather than Testing's `#_sourceLocation`
// macro, so it compiles in an XCTest file that does not import Testing and reports to whichever
// framework runs the test. The form with `sourceLocation:` (no default) is for a Swift Testing helper
// that passes its own caller's location on. Both are `@discardableResult`, so a one-line closure that
// returns a value needs no `_ =`.

/// Runs `body` against an in-process mock server (see ``InProcessMockWeather``), stops the server
/// whatever happens, and fails the test for every request no cassette matched, naming the request
/// and the closest cassette: `Issue.record` in a Swift Testing test, `XCTFail` in an XCTest one.
///
/// ```swift
/// @Test func showsSeoul() async throws {
///     try await withMockWeather { mock in
///         let app = WeatherViewModel(baseURL: mock.baseURL)
///         let weather = try await app.load(city: "Seoul")
///         #expect(weather.name == "Seoul")
///     }
/// }
/// ```
///
/// - Parameters:
///   - expectingUnmatched: true for a test that provokes unmatched requests on purpose; it reads them
///     from `mock.journal` instead.
///   - file, line: where a failure is reported (XCTest's convention; Swift Testing gets them too, with
///     `fileID` and `column`).
/// - Returns: what `body` returns.
/// - Throws: ``MockWeatherSetupError`` when the server cannot start (a cassette problem names the file
///   and JSON path), else what `body` throws.
@discardableResult
public func withMockWeather<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    try await withMockWeather(
        cassettes, options: options, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(fileID: fileID, file: file, line: line, column: column), body)
}

/// ``withMockWeather(_:options:expectingUnmatched:file:line:fileID:column:isolation:_:)`` reporting
/// failures at `sourceLocation`, for a Swift Testing helper that passes its caller's location on
/// (`sourceLocation: SourceLocation = #_sourceLocation` in the helper's own signature).
@discardableResult
public func withMockWeather<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    try await withMockWeather(
        cassettes, options: options, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(sourceLocation), body)
}

/// Runs `body` with a replayer for URLSession (see ``MockWeatherReplayer``): no socket, the
/// cassettes answer the sessions made with `replayer.makeSession()` or configured with
/// `replayer.attach(to:)`. Fails the test for every request no cassette matched, as
/// ``withMockWeather(_:options:expectingUnmatched:file:line:fileID:column:isolation:_:)`` does.
///
/// ```swift
/// @Test func showsSeoul() async throws {
///     try await withMockWeatherReplayer { replayer in
///         let app = WeatherViewModel(session: replayer.makeSession())
///         let weather = try await app.load(city: "Seoul")
///         #expect(weather.name == "Seoul")
///     }
/// }
/// ```
///
/// - Returns: what `body` returns.
/// - Throws: ``MockWeatherSetupError`` when the cassettes do not load, else what `body` throws.
@discardableResult
public func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    try await withMockWeatherReplayer(
        cassettes, options: options, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(fileID: fileID, file: file, line: line, column: column), body)
}

/// ``withMockWeatherReplayer(_:options:expectingUnmatched:file:line:fileID:column:isolation:_:)``
/// reporting failures at `sourceLocation`, for a Swift Testing helper that passes its caller's
/// location on.
@discardableResult
public func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    try await withMockWeatherReplayer(
        cassettes, options: options, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(sourceLocation), body)
}

private func withMockWeather<T>(
    _ cassettes: CassetteSet, options: ReplayOptions, expectingUnmatched: Bool, reportingTo location: FailureLocation,
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
        mock.journal.recordUnmatchedRequestsAsIssues(at: location)
    }
    return try result.get()
}

private func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet, options: ReplayOptions, expectingUnmatched: Bool, reportingTo location: FailureLocation,
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
        replayer.journal.recordUnmatchedRequestsAsIssues(at: location)
    }
    return try result.get()
}
