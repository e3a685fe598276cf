import HTTPServer
import WeatherWorld

/// Replay's answer to a request no cassette matched, when the mock knows more than its cassettes
/// (docs/ARCHITECTURE.md#the-world): the request's provider answers from the world (marked synthetic
/// in a header, the journal, the log and HAR) or states a gazetteer fact (an unknown city's 404);
/// otherwise the fail-closed answer stands. Recorded cassettes always come first: this runs only after
/// matching found nothing.
struct SynthesizingResponder: UnmatchedRequestStrategy {
    /// The response header that marks an invented answer: `typhoon-landfall; seed=7`.
    static let syntheticHeader = "X-Mockweather-Synthetic"

    let board: WorldBoard
    let fallback: any UnmatchedRequestStrategy

    func respond(to replayRequest: ReplayRequest, nearMiss: () -> NearMiss?) -> ReplayOutcome {
        guard let provider = replayRequest.provider,
            let answer = provider.provider.synthesize(replayRequest, context: board.context)
        else {
            return fallback.respond(to: replayRequest, nearMiss: nearMiss)
        }
        guard answer.isSynthetic, let world = board.world else {
            return ReplayOutcome(answer.response, .answered(answer.rule))
        }
        var response = answer.response
        response.headers.add(name: Self.syntheticHeader, value: "\(world.scenario.name); seed=\(world.seed)")
        return ReplayOutcome(response, .answered("synthetic: \(world.label) (\(answer.rule))"))
    }
}
