import Basics
import HTTPServer

/// No match in replay mode: never forward, answer in the API's own error shape (its provider's, see
/// ``Provider/errorResponse(status:message:for:)``) so the client shows a readable message, and mark
/// the response so tools and people can tell (docs/ARCHITECTURE.md#matching).
///
/// The status is 501 by default: a test expecting the API's own 404 must not pass by accident.
package struct FailClosedResponder: UnmatchedRequestStrategy {
    static let unmatchedHeader = "X-Mockweather-Unmatched"

    var status: Int
    /// `--scrub` patterns for the message, which quotes the request.
    var scrubber: KeyScrubber?

    package func respond(to replayRequest: ReplayRequest, nearMiss findNearMiss: () -> NearMiss?) -> ReplayOutcome {
        let nearMiss = findNearMiss()
        let closest = nearMiss?.summary ?? "no cassettes are loaded"
        var message =
            "mockweather: no cassette matches \(replayRequest.displayText); "
            + (nearMiss == nil ? closest : "closest: \(closest)")
        if let scrubber { message = scrubber.adding(secrets: replayRequest.clientSecrets).scrub(message) }
        var response = Self.errorResponse(status: status, message: message, for: replayRequest)
        response.headers.add(name: Self.unmatchedHeader, value: "1")
        return ReplayOutcome(response, .unmatched(closest: closest, rules: nearMiss?.outcomes ?? []))
    }

    /// `message` in the error shape of the request's provider, or, for a path no provider claims, the
    /// engine's own: `{"status": 501, "message": "..."}`.
    static func errorResponse(status: Int, message: String, for request: ReplayRequest) -> HTTPResponse {
        if let provider = request.provider {
            return provider.provider.errorResponse(status: status, message: message, for: request)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        let body = JSONValue.object([("status", .number(status)), ("message", .string(message))])
        return HTTPResponse(status: status, headers: headers, body: body.compactBytes)
    }
}
