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
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(),
    recording: MockWeatherRecording = .fromEnvironment(), expectingUnmatched: Bool = false,
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    try await withMockWeather(
        cassettes, options: options, recording: recording, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(fileID: fileID, file: file, line: line, column: column), body)
}

/// ``withMockWeather(_:options:expectingUnmatched:file:line:fileID:column:isolation:_:)`` reporting
/// failures at `sourceLocation`, for a Swift Testing helper that passes its caller's location on
/// (`sourceLocation: SourceLocation = #_sourceLocation` in the helper's own signature).
@discardableResult
public func withMockWeather<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(),
    recording: MockWeatherRecording = .fromEnvironment(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    try await withMockWeather(
        cassettes, options: options, recording: recording, expectingUnmatched: expectingUnmatched,
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
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(),
    recording: MockWeatherRecording = .fromEnvironment(), expectingUnmatched: Bool = false,
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation, _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    try await withMockWeatherReplayer(
        cassettes, options: options, recording: recording, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(fileID: fileID, file: file, line: line, column: column), body)
}

/// ``withMockWeatherReplayer(_:options:expectingUnmatched:file:line:fileID:column:isolation:_:)``
/// reporting failures at `sourceLocation`, for a Swift Testing helper that passes its caller's
/// location on.
@discardableResult
public func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet = .bundled, options: ReplayOptions = ReplayOptions(),
    recording: MockWeatherRecording = .fromEnvironment(), expectingUnmatched: Bool = false,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    try await withMockWeatherReplayer(
        cassettes, options: options, recording: recording, expectingUnmatched: expectingUnmatched,
        reportingTo: FailureLocation(sourceLocation), body)
}

private func withMockWeather<T>(
    _ cassettes: CassetteSet, options: ReplayOptions, recording: MockWeatherRecording, expectingUnmatched: Bool,
    reportingTo location: FailureLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (InProcessMockWeather) async throws -> T
) async throws -> T {
    let scope = MockWeatherScope(
        cassettes: cassettes, mode: .server, options: options, recording: recording,
        expectingUnmatched: expectingUnmatched, location: location)
    return try await scope.run { handle in
        guard let server = handle.server else { throw MockWeatherScopeError.wrongMode(.server) }
        return try await body(server)
    }
}

private func withMockWeatherReplayer<T>(
    _ cassettes: CassetteSet, options: ReplayOptions, recording: MockWeatherRecording, expectingUnmatched: Bool,
    reportingTo location: FailureLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (MockWeatherReplayer) async throws -> T
) async throws -> T {
    let scope = MockWeatherScope(
        cassettes: cassettes, mode: .urlProtocol, options: options, recording: recording,
        expectingUnmatched: expectingUnmatched, location: location)
    return try await scope.run { handle in
        guard let replayer = handle.replayer else { throw MockWeatherScopeError.wrongMode(.urlProtocol) }
        return try await body(replayer)
    }
}

/// A scope that started the other mode than its form needs (a bug of this module, not of the test).
enum MockWeatherScopeError: Error, CustomStringConvertible {
    case wrongMode(MockWeatherMode)

    var description: String {
        switch self {
        case .wrongMode(let mode): "mockweather: the scope did not start the \(mode) mode it was asked for"
        }
    }
}
