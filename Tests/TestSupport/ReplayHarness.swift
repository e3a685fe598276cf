package import Foundation
package import HTTPServer
import Locking
package import MockEngine
import MockProviders

/// The replay stack for one test, built exactly as every mode builds it (``ReplayStack``: replay or
/// record mode's strategies, the admin API, the journal, the log), in one of two ways, as
/// HummingbirdTesting offers `.router` and `.live` from one app:
///
/// - **router** (`ReplayHarness(files)` then ``respond(_:method:headers:loopback:)``): requests go
///   straight to the stack, no socket; for everything about what is answered.
/// - **live** (``live(_:options:_:)``): the same stack behind the real HTTP server on 127.0.0.1,
///   port 0, stopped whatever the body does; for what only a socket shows (faults on the wire,
///   keep-alive, streams).
///
/// The real `mockweather serve` binary is ``withMockServer(cassettes:arguments:environment:_:)``.
package struct ReplayHarness: Sendable {
    /// The stack under test.
    package let stack: ReplayStack
    /// The request log's lines, written at once (not by the background thread).
    package let log = CollectedLog()

    /// The stack over in-memory cassette files (`(relative path, JSON text)`), read with `providers`;
    /// a file problem fails the test naming it. `directory` is where reloads read.
    package init(
        _ files: [(String, String)], options: ServeOptions? = nil, providers: ProviderSet = Providers.all,
        directory: URL = URL(fileURLWithPath: "/nonexistent")
    ) throws {
        let decoded = CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers)
        guard decoded.problems.isEmpty else { throw CassetteFixtureError(problems: decoded.problems) }
        let library = CassetteLibrary(cassettes: decoded.cassettes, providers: providers)
        self.init(
            store: CassetteStore(library: library, directory: directory),
            options: options ?? ServeOptions(cassetteDirectory: directory, providers: providers))
    }

    /// The stack over `store` (cassettes on disk, for tests that reload) with `options`.
    package init(store: CassetteStore, options: ServeOptions) {
        stack = ReplayStack(options: options, store: store, log: log, diagnostics: NoLog(), logsAtOnce: true)
    }

    /// The cassettes served.
    package var store: CassetteStore { stack.store }
    /// What was asked so far.
    package var journal: RequestJournal { stack.requestJournal }

    /// The answer to `method target`, as the stack gives it at once (a streamed body read to its end); a
    /// deferred answer is a failure
    /// here (use ``respondLater(_:method:headers:)``).
    package func respond(
        _ target: String, method: String = "GET", headers: HTTPHeaders = ["Host": "127.0.0.1"], loopback: Bool = true,
        body: String = ""
    ) -> HTTPResponse {
        let request = HTTPRequest(
            method: method, target: target, headers: headers, body: Array(body.utf8),
            remoteAddress: loopback ? "127.0.0.1" : "192.0.2.7", isFromLoopback: loopback)
        switch stack.handle(request) {
        case .respond(var response):
            // A streamed body (the journal's HAR) as a client would receive it, run to its end.
            if let stream = response.stream, let bytes = stream.collectWithoutAConnection() {
                response.stream = nil
                response.body += bytes
            }
            return response
        case .respondLater: return HTTPResponse(status: 0, text: "expected an immediate response for \(target)")
        }
    }

    /// The answer to `method target`, awaiting it when it is deferred (record mode, reloads).
    package func respondLater(
        _ target: String, method: String = "POST", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) async -> HTTPResponse {
        let request = HTTPRequest(method: method, target: target, headers: headers, body: body)
        switch stack.handle(request) {
        case .respond(let response): return response
        case .respondLater(let produce): return await produce()
        }
    }

    /// Runs `body` with the base URL of a server on 127.0.0.1, port 0, over `files`, as `mockweather
    /// serve` runs (one event loop), and stops it whatever `body` does.
    package static func live<T>(
        _ files: [(String, String)], options: ServeOptions? = nil, providers: ProviderSet = Providers.all,
        _ body: (URL) async throws -> T
    ) async throws -> T {
        let decoded = CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers)
        guard decoded.problems.isEmpty else { throw CassetteFixtureError(problems: decoded.problems) }
        let directory = URL(fileURLWithPath: "/nonexistent")
        var options = options ?? ServeOptions(cassetteDirectory: directory, providers: providers)
        options.port = 0
        options.eventLoopCount = 1
        let server = MockWeatherServer(
            options: options,
            store: CassetteStore(
                library: CassetteLibrary(cassettes: decoded.cassettes, providers: providers), directory: directory),
            log: nil, diagnostics: NoLog())
        let port = try server.start()
        do {
            let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
            _ = await server.stop()
            return result
        } catch {
            _ = await server.stop()
            throw error
        }
    }
}

/// In-memory cassettes that did not decode: every problem, as the loader states it.
package struct CassetteFixtureError: Error, CustomStringConvertible {
    package var problems: [CassetteProblem]
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Log lines kept in memory.
package final class CollectedLog: LogSink, Sendable {
    private let stored = Locked<[String]>([])
    package init() {}
    package func write(line: String) { stored.withLock { $0.append(line) } }
    package func flush() {}
    /// Every line so far.
    package var lines: [String] { stored.withLock { $0 } }
}

/// A cassette document around the given interactions, as a test writes it by hand.
package func cassetteJSON(source: String = "synthetic", _ interactions: String...) -> String {
    """
    {"format": "mockweather-cassette/1", "source": "\(source)", "interactions": [\(interactions.joined(separator: ","))]}
    """
}

/// An interaction answering GET `path` with `query` by a 200 JSON body.
package func interaction(
    path: String = "/data/2.5/weather", query: String = "{}", near: String? = nil,
    body: String = #"{"name":"Seoul","cod":200}"#, extra: String = ""
) -> String {
    let nearPart = near.map { #", "near": \#($0)"# } ?? ""
    return """
        {"request": {"method": "GET", "path": "\(path)", "query": \(query)\(nearPart)},
         "response": {"status": 200, "json": \(body)}\(extra)}
        """
}

/// Decodes in-memory cassette files with `providers`; throws with every problem.
package func library(_ files: [(String, String)], providers: ProviderSet = Providers.all) throws -> CassetteLibrary {
    let result = CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers)
    guard result.problems.isEmpty else { throw CassetteFixtureError(problems: result.problems) }
    return CassetteLibrary(cassettes: result.cassettes, providers: providers)
}

/// The problems the loader reports for in-memory files.
package func problems(_ files: [(String, String)], providers: ProviderSet = Providers.all) -> [CassetteProblem] {
    CassetteLoader.decode(files.map { ($0.0, Array($0.1.utf8)) }, providers: providers).problems
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with Foundation, for assertions on fields.
    package var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
}

extension KeyScrubber {
    /// A scrubber for the registered providers' secret parameters, as every server has.
    package init() {
        self.init(secretParameters: Providers.all.secretParameters)
    }

    /// A scrubber for the registered providers' secret parameters, `secrets` and `patterns`.
    package init(secrets: [String], patterns: [String]) throws(KeyScrubberError) {
        try self.init(secretParameters: Providers.all.secretParameters, secrets: secrets, patterns: patterns)
    }
}

extension ServeOptions {
    /// `mockweather serve`'s defaults over `directory`, for the registered providers.
    package init(cassetteDirectory: URL) {
        self.init(cassetteDirectory: cassetteDirectory, providers: Providers.all)
    }
}

/// The bundled cassette files as (relative path, text), for harnesses over the whole bundled set.
package func bundledFiles() throws -> [(String, String)] {
    try CassetteFiles.list(in: PackageLayout.bundledCassettes).map { file in
        (file.relativePath, String(decoding: try CassetteFiles.read(file.path).get(), as: UTF8.self))
    }
}

extension Expectation {
    /// The `name` detail (OpenWeatherMap's place name), when stated.
    package var name: String? {
        if case .text(let text)? = detail("name") { return text }
        return nil
    }

    /// The `celsius` detail, when stated.
    package var celsius: Double? {
        switch detail("celsius") {
        case .number(let value)?: value
        case .integer(let value)?: Double(value)
        default: nil
        }
    }
}

extension Expectation {
    /// A success expectation of OpenWeatherMap's current weather: the place and its temperature.
    package init(name: String, celsius: Double) {
        self.init(details: [.init(name: "name", value: .text(name)), .init(name: "celsius", value: .number(celsius))])
    }
}
