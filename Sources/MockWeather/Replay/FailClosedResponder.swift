import Basics
import HTTPServer

/// No match in replay mode: never forward, answer in the API's own error shape so the client shows a
/// readable message, and mark the response so tools and people can tell (docs/ARCHITECTURE.md#cassettes).
///
/// The status is 501 by default: a test expecting the API's own 404 must not pass by accident.
struct FailClosedResponder: UnmatchedRequestStrategy {
    static let unmatchedHeader = "X-Mockweather-Unmatched"

    var status: Int
    /// `--scrub` patterns for the message, which quotes the request.
    var scrubber: KeyScrubber?

    func respond(
        to request: HTTPRequest, as replayRequest: ReplayRequest, nearMiss: NearMiss?,
        library: CassetteLibrary
    ) -> ReplayOutcome {
        let closest =
            nearMiss.map { miss in
                let count = library.cassettes.first { $0.name == miss.cassette }?.interactionCount ?? 1
                return miss.summary(interactionCount: count)
            }
        var message =
            "mockweather: no cassette matches \(replayRequest.displayText); "
            + (closest.map { "closest: \($0)" } ?? "no cassettes are loaded")
        if let scrubber { message = scrubber.adding(secrets: replayRequest.clientKeys).scrub(message) }
        let body = "{\"cod\":\(JSONValue.quoted(String(status))),\"message\":\(JSONValue.quoted(message))}"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: Self.unmatchedHeader, value: "1")
        var outcome = ReplayOutcome(
            result: .respond(HTTPResponse(status: status, headers: headers, body: Array(body.utf8))),
            status: status, matched: nil, nearMiss: closest ?? "no cassettes are loaded", isUnmatched: true)
        outcome.nearMissRules = nearMiss?.outcomes ?? []
        return outcome
    }
}
