package import Foundation

/// A real `mockweather serve` for one test: started on port 0 over the given cassettes, ready once it
/// has printed its listening line, and stopped by ``withMockServer(cassettes:arguments:environment:_:)``
/// whatever the test does.
///
/// It runs with `--exit-on-stdin-eof` and a standard input only this process holds open: if the test
/// runner itself dies (a crash, a SIGKILL from CI), the pipe closes and the server exits, so no orphan
/// is left behind.
package final class MockServer: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:53121`.
    package let baseURL: URL
    /// The port it listens on.
    package let port: Int
    /// The server process, for its output and signals.
    package let process: RunningProcess

    private init(baseURL: URL, port: Int, process: RunningProcess) {
        self.baseURL = baseURL
        self.port = port
        self.process = process
    }

    /// Starts `mockweather serve --port 0` over `cassettes` (nil: the bundled set, as a user gets it)
    /// with `arguments` added, and waits for `mockweather listening on http://HOST:PORT`.
    ///
    /// - Throws: ``HarnessError/serverDidNotStart(status:output:)`` with everything the server printed
    ///   when it exits first or does not listen within `startupLimit`.
    package static func start(
        cassettes: URL?, arguments: [String] = [], environment: [String: String] = [:], currentDirectory: URL? = nil,
        startupLimit: Duration = .seconds(60)
    ) async throws -> MockServer {
        var all = ["serve", "--port", "0", "--exit-on-stdin-eof"]
        if let cassettes { all += ["--cassettes", cassettes.path] }
        let process = try RunningProcess.start(
            "mockweather", all + arguments, environment: environment, currentDirectory: currentDirectory,
            standardInput: .pipe)
        return try await listening(process, within: startupLimit)
    }

    /// Waits for `process`, a server starting up, to print its listening line.
    ///
    /// For a server started some other way (through a shell, with its signals changed).
    package static func listening(_ process: RunningProcess, within limit: Duration = .seconds(60)) async throws
        -> MockServer
    {
        let prefix = "mockweather listening on "
        let output = process.standardOutput
        let line = await withTimeLimit(limit) { await output.firstLine(startingWith: prefix) } ?? nil
        guard let line, let url = URL(string: String(line.dropFirst(prefix.count))), let port = url.port else {
            let ended = await process.stop()
            throw HarnessError.serverDidNotStart(
                status: ended.status, output: ended.standardOutput + ended.standardError)
        }
        return MockServer(baseURL: url, port: port, process: process)
    }

    /// Shuts the server down gracefully (see ``RunningProcess/stop(gracePeriod:)``); how it ended.
    @discardableResult
    package func stop() async -> ProcessResult {
        await process.stop()
    }

    /// Stops the server abruptly (SIGKILL), as a crash or a network loss looks to a client.
    package func kill() async {
        await process.kill()
    }
}

/// Runs `body` with a freshly started server and stops the server afterwards, whatever happens in `body`.
package func withMockServer<T>(
    cassettes: URL? = nil, arguments: [String] = [], environment: [String: String] = [:],
    _ body: (MockServer) async throws -> T
) async throws -> T {
    let server = try await MockServer.start(cassettes: cassettes, arguments: arguments, environment: environment)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

extension MockServer {
    /// Asks the server (started with `--synthesize`) for one answer from Korea's boundaries, so that
    /// they are read before a test's clients time out: the first such answer reads them, about a second
    /// in a debug build and many under the thread sanitizer, and a drive's requests wait 10 s at most.
    package func readKoreanBoundaries() async throws {
        let answer = try await RawHTTPClient(port: port, readTimeoutMilliseconds: 300_000).exchange(
            method: "GET", "/v2/local/geo/coord2regioncode.json?x=129.0750&y=35.1798",
            headers: ["Authorization: KakaoAK 0123456789abcdef0123456789abcdef"])
        guard answer.text.contains("2647010200") else {
            throw HarnessError.unexpectedAnswer("Korea's boundaries did not answer Busan City Hall: \(answer.text)")
        }
    }
}
