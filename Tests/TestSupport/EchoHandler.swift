package import HTTPServer

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
