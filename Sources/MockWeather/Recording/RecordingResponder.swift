import HTTPServer

/// `--record all`: every request goes upstream; each answer worth keeping replaces the cassette for
/// the same request.
struct RecordingResponder: Responder {
    let recorder: Recorder

    func respond(to request: HTTPRequest, as replayRequest: ReplayRequest) -> ReplayOutcome {
        let recording = RecordingRequest(
            method: request.method, rawPath: request.path, rawQuery: request.query, body: request.body)
        let recorder = recorder
        return .later { RecordingOutcome.outcome(of: await recorder.forward(recording, replacing: true)) }
    }
}

/// `--record new`: what no cassette matches goes upstream and is recorded; existing files are never
/// overwritten. Takes the place of `FailClosedResponder` behind replay.
struct RecordUnmatchedStrategy: UnmatchedRequestStrategy {
    let recorder: Recorder

    func respond(
        to request: HTTPRequest, as replayRequest: ReplayRequest, nearMiss: NearMiss?, library: CassetteLibrary
    ) -> ReplayOutcome {
        let recording = RecordingRequest(
            method: request.method, rawPath: request.path, rawQuery: request.query, body: request.body)
        let recorder = recorder
        return .later { RecordingOutcome.outcome(of: await recorder.forward(recording, replacing: false)) }
    }
}

/// How a forwarded request shows in the log and journal: `upstream → recorded/current/q-seoul`. An
/// upstream failure counts as unmatched, so `--fail-on-unmatched` reports it.
enum RecordingOutcome {
    static func outcome(of result: Recorder.Result) -> ReplayOutcome {
        let status = result.response.status
        switch result.disposition {
        case .recorded(let name):
            return ReplayOutcome(
                result: .respond(result.response), status: status, matched: "upstream → \(name)", isUnmatched: false)
        case .replaced(let name):
            return ReplayOutcome(
                result: .respond(result.response), status: status, matched: "upstream → \(name) (replaced)",
                isUnmatched: false)
        case .kept(let name):
            return ReplayOutcome(
                result: .respond(result.response), status: status, matched: "upstream (kept existing \(name))",
                isUnmatched: false)
        case .notRecorded(let reason), .writeFailed(let reason):
            return ReplayOutcome(
                result: .respond(result.response), status: status, matched: "upstream (not recorded: \(reason))",
                isUnmatched: false)
        case .upstreamFailed(let reason):
            return ReplayOutcome(
                result: .respond(result.response), status: status, matched: nil,
                nearMiss: "upstream failed: \(reason)", isUnmatched: true)
        }
    }
}
