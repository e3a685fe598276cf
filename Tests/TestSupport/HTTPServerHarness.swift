package import HTTPServer

/// Starts a server on 127.0.0.1 port 0 with `handler`, runs `body` with the bound port, and stops
/// the server whether `body` succeeds or throws. With a `clock`, the server's timeouts read it.
package func withServer<T: Sendable>(
    limits: HTTPLimits = HTTPLimits(),
    eventLoopCount: Int = 2,
    host: String = "127.0.0.1",
    handler: some HTTPHandler = EchoHandler(),
    clock: ManualServerClock? = nil,
    _ body: (Int) async throws -> T
) async throws -> T {
    var configuration = HTTPServerConfiguration(
        host: host, port: 0, eventLoopCount: eventLoopCount, limits: limits, log: { _ in })
    if let clock { configuration.clock = clock }
    let server = HTTPServer(configuration: configuration, handler: handler)
    clock?.drive(server)
    let port = try server.start()
    do {
        let result = try await body(port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Answers every request with a line describing it, then its body: `METHOD path query host version
/// body-length`, so tests can see exactly what the server parsed.
package struct EchoHandler: HTTPHandler {
    package init() {}

    package func handle(_ request: HTTPRequest) -> HTTPHandlerResult {
        let line =
            "\(request.method) \(request.path) \(request.query ?? "-") \(request.host ?? "-") "
            + "\(request.version) \(request.body.count)\n"
        return .respond(
            HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array(line.utf8) + request.body))
    }
}
