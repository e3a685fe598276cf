package import Foundation
package import HTTPServer
package import MockEngine
import MockWeather

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// A test's way into the mock ``withMock(_:mode:_:)`` runs: the same type in every ``MockMode``.
///
/// ``respond(_:method:headers:body:loopback:)`` asks in any mode. What only some modes have is a
/// throwing property that names the modes that have it: ``baseURL`` and ``session`` (what a
/// `WeatherClient` is built with), ``port``, the engine's ``stack``, ``journal``, ``store``, ``log`` and
/// ``summary``, the child ``process``, the handler's ``httpServer``.
package struct MockClient: Sendable {
    /// The mode the mock runs in.
    package let mode: MockMode
    private let running: RunningMock
    private let urlSession: URLSession?

    init(_ running: RunningMock, session: URLSession?) {
        mode = running.mode
        self.running = running
        urlSession = session
    }

    /// The base URL a client joins paths to: `http://127.0.0.1:PORT`, or the live API's address for
    /// `.urlProtocol` (its session answers before anything is resolved). Not in `.router`.
    package var baseURL: URL {
        get throws(HarnessError) {
            guard let url = running.baseURL else { throw .notInMode("a base URL", mode) }
            return url
        }
    }

    /// A URLSession of this client's own, invalidated after the body, that reaches the mock (through
    /// the replayer's protocol in `.urlProtocol`). Not in `.router`.
    package var session: URLSession {
        get throws(HarnessError) {
            guard let urlSession else { throw .notInMode("a URLSession", mode) }
            return urlSession
        }
    }

    /// The port on 127.0.0.1 (`.live`, `.binary`, `.inProcess`).
    package var port: Int {
        get throws(HarnessError) {
            switch running.backend {
            case .engine(_, let port, _), .handler(_, let port), .binary(_, _, let port): return port
            case .inProcess(let mock): return mock.port
            case .external(let url):
                guard let port = url.port else { throw .notInMode("a port", mode) }
                return port
            case .router, .replayer: throw .notInMode("a port", mode)
            }
        }
    }

    /// The engine's replay stack (`.router` and `.live` over an engine setup): its clock, world and
    /// answer memo.
    package var stack: ReplayStack {
        get throws(HarnessError) { try engine.stack }
    }

    /// What the engine was asked so far.
    package var journal: RequestJournal {
        get throws(HarnessError) { try engine.stack.requestJournal }
    }

    /// The cassettes the engine serves.
    package var store: CassetteStore {
        get throws(HarnessError) { try engine.stack.store }
    }

    /// The engine's request log lines. In `.router` each is written with its answer; in `.live` by the
    /// log's thread, all of them once the mock has stopped (keep the log and read it after
    /// ``withMock(_:mode:_:)`` returns).
    package var log: CollectedLog {
        get throws(HarnessError) { try engine.log }
    }

    /// The engine's reload, record and snapshot messages.
    package var diagnostics: CollectedLog {
        get throws(HarnessError) { try engine.diagnostics }
    }

    /// The run so far as `mockweather serve` prints it at shutdown (`.live` over an engine setup).
    package var summary: ServeSummary {
        get throws(HarnessError) {
            guard case .engine(let server, _, _) = running.backend else { throw .notInMode("a serve summary", mode) }
            return server.summary
        }
    }

    /// The `mockweather serve` child, for its output, signals and exit (`.binary`, when the harness
    /// started it).
    package var process: RunningProcess {
        get throws(HarnessError) {
            guard case .binary(let process, _, _) = running.backend else { throw .notInMode("a child process", mode) }
            return process
        }
    }

    /// The HTTP server in front of a handler (`.live` over a handler setup), for the server's own tests
    /// of its life: starting twice, stopping with work in flight.
    package var httpServer: HTTPServer {
        get throws(HarnessError) {
            guard case .handler(let server, _) = running.backend else { throw .notInMode("an HTTP server", mode) }
            return server
        }
    }

    private var engine: RunningMock.Engine {
        get throws(HarnessError) {
            switch running.backend {
            case .router(_, let engine?), .engine(_, _, let engine): return engine
            default: throw .notInMode("the engine's stack", mode)
            }
        }
    }

    /// The mock's answer to `method target`, a deferred one awaited and a streamed body read to its
    /// end. `.router` hands the request straight to the stack or the handler, from 127.0.0.1 unless
    /// `loopback` is false, with `Host: 127.0.0.1` unless `headers` are given, and returns the answer as
    /// given (a fault or delay is on it, not acted out). Every other mode sends it with ``session`` and
    /// returns what arrived (status, headers, body).
    ///
    /// - Throws: ``HarnessError/notInMode(_:_:)`` for `loopback: false` outside `.router` (over a socket
    ///   the test is always on this machine), ``HarnessError/badTarget(_:)`` for a target that makes no
    ///   URL, or the session's error (a fault acted out on the wire, say).
    package func respond(
        _ target: String, method: String = "GET", headers: HTTPHeaders? = nil, body: [UInt8] = [],
        loopback: Bool = true
    ) async throws -> HTTPResponse {
        if case .router(let handle, _) = running.backend {
            let request = HTTPRequest(
                method: method, target: target, headers: headers ?? ["Host": "127.0.0.1"], body: body,
                remoteAddress: loopback ? "127.0.0.1" : "192.0.2.7", isFromLoopback: loopback)
            var response =
                switch handle(request) {
                case .respond(let response): response
                case .respondLater(let produce): await produce()
                }
            // A streamed body (the journal's HAR) as a client would receive it, run to its end.
            if let stream = response.stream, let bytes = stream.collectWithoutAConnection() {
                response.stream = nil
                response.body += bytes
            }
            return response
        }
        guard loopback else { throw HarnessError.notInMode("a request from another machine", mode) }
        guard let url = URL(string: try baseURL.absoluteString + target) else { throw HarnessError.badTarget(target) }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        for field in headers ?? [:] { request.setValue(field.value, forHTTPHeaderField: field.name) }
        if !body.isEmpty { request.httpBody = Data(body) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw HarnessError.badTarget(target) }
        var received = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { received.add(name: name, value: value) }
        }
        return HTTPResponse(status: http.statusCode, headers: received, body: Array(data))
    }

    /// Stops the mock now, while the test goes on (a server that goes away, a stream the shutdown must
    /// end); ``withMock(_:mode:_:)`` then has nothing left to stop. A pooled backend stopped so is
    /// dropped, not handed to the next caller.
    package func stop() async {
        await running.stop()
    }
}
