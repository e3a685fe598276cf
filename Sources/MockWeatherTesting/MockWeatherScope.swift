import Foundation
import MockWeather
import MockWeatherURLProtocol
import Testing

/// What every scoped way of running a mock in a test shares (the trait, and the closure forms of
/// both modes): start it over its cassettes with recording as the environment asks, run the test,
/// stop it whatever happens, and fail the test for each request no cassette answered, saying how it
/// could be recorded. One implementation, so the forms cannot drift apart.
struct MockWeatherScope {
    var cassettes: CassetteSet
    var mode: MockWeatherMode
    var options: ReplayOptions
    var recording: MockWeatherRecording
    var expectingUnmatched: Bool
    var location: FailureLocation

    /// Runs `body` with the started mock's handle.
    func run<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (MockWeatherHandle) async throws -> T
    ) async throws -> T {
        let handle = try start()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(handle))
        } catch {
            result = .failure(error)
        }
        if case .server(let server) = handle.backend { await server.stop() }
        if !expectingUnmatched {
            handle.journal.recordUnmatchedRequestsAsIssues(at: location, hint: recording.hint(forProvider:))
        }
        return try result.get()
    }

    /// The mock, recording into the cassette set's first directory when the environment asks.
    func start() throws -> MockWeatherHandle {
        var options = options
        if recording.records {
            guard let directory = cassettes.directories.first else { throw MockWeatherRecordingError.noDirectory }
            // The first run records into a directory that does not exist yet.
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw MockWeatherRecordingError.cannotCreateDirectory(path: directory.path, reason: "\(error)")
            }
            options.recording = try recording.hook(directory: directory)
        }
        switch mode {
        case .server: return MockWeatherHandle(.server(try InProcessMockWeather.start(cassettes, options: options)))
        case .urlProtocol: return MockWeatherHandle(.replayer(try MockWeatherReplayer(cassettes, options: options)))
        }
    }
}
